// The progress bar .import draws on standard error for large files when standard
// error is a terminal: a bar, the percentage of the file read and the rows so
// far, redrawn in place with a carriage return only when the percentage moves.
using System.Globalization;

namespace SharpCoreDB.Cli.Import;

/// <summary>An in-place progress bar.</summary>
internal sealed class ProgressBar(TextWriter output, long total)
{
    internal const int Width = 30;

    private int _shown = -1;

    /// <summary>Shows progress at <paramref name="done"/> of the total.</summary>
    public void Update(long done, long rows)
    {
        int percent = total <= 0 ? 100 : (int)Math.Clamp(done * 100 / total, 0, 100);
        if (percent == _shown)
        {
            return;
        }

        _shown = percent;
        int filled = percent * Width / 100;
        output.Write("\r[" + new string('#', filled) + new string(' ', Width - filled) + "] "
            + percent.ToString(CultureInfo.InvariantCulture).PadLeft(3) + "%  "
            + rows.ToString("N0", CultureInfo.InvariantCulture) + " rows");
        output.Flush();
    }

    /// <summary>Erases the bar.</summary>
    public void Finish()
    {
        output.Write("\r" + new string(' ', Width + 30) + "\r");
        output.Flush();
    }
}
