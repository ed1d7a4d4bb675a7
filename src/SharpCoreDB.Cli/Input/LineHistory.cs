// The prompt's history: lines entered, newest last, walked with the up and down
// arrows. It is kept in ~/.sharpcoredb_history between runs (the last MaxLines
// lines); a history file that cannot be read or written is simply not used.
namespace SharpCoreDB.Cli.Input;

/// <summary>Entered lines, persisted in a file.</summary>
internal sealed class LineHistory(string? path)
{
    public const int MaxLines = 1000;

    private readonly List<string> _lines = [];

    public int Count => _lines.Count;

    public string this[int index] => _lines[index];

    /// <summary>The default history file in the user's home directory, or null when there is none.</summary>
    public static string? DefaultPath()
    {
        string home = Environment.GetFolderPath(Environment.SpecialFolder.UserProfile);
        return string.IsNullOrEmpty(home) ? null : Path.Combine(home, ".sharpcoredb_history");
    }

    public void Load()
    {
        try
        {
            if (path is not null && File.Exists(path))
            {
                foreach (string line in File.ReadLines(path))
                {
                    Add(line);
                }
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // No history is better than no shell.
        }
    }

    /// <summary>Adds a line unless it is blank or repeats the previous one.</summary>
    public void Add(string line)
    {
        if (string.IsNullOrWhiteSpace(line) || _lines.Count > 0 && _lines[^1] == line)
        {
            return;
        }

        _lines.Add(line);
        if (_lines.Count > MaxLines)
        {
            _lines.RemoveAt(0);
        }
    }

    public void Save()
    {
        try
        {
            if (path is not null)
            {
                File.WriteAllLines(path, _lines);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Losing history is not worth an error message at exit.
        }
    }
}
