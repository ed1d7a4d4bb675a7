// The prompt's history: lines entered, newest last, walked with the up and down
// arrows. It is kept in ~/.sharpcoredb_history between runs (the last MaxLines
// lines); a history file that cannot be read or written is simply not used.
// A line that carries a password (.open --password PW, .password PW, any
// --password option) is never kept, in memory or in the file: the file is plain
// text in the home directory, and a password must not outlive its typing.
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

    /// <summary>True when <paramref name="line"/> is a dot command that carries a password.</summary>
    public static bool CarriesPassword(string line)
    {
        if (!line.TrimStart().StartsWith('.'))
        {
            return false;
        }

        List<string> words = Commands.DotCommandLine.Split(line);
        if (words.Count > 1 && string.Equals(words[0], ".password", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        foreach (string word in words)
        {
            string option = word.TrimStart('-');
            if (word.StartsWith('-') && (option.Equals("password", StringComparison.OrdinalIgnoreCase)
                || option.StartsWith("password=", StringComparison.OrdinalIgnoreCase)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Adds a line unless it is blank, repeats the previous one or carries a password.</summary>
    public void Add(string line)
    {
        if (string.IsNullOrWhiteSpace(line) || _lines.Count > 0 && _lines[^1] == line || CarriesPassword(line))
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
