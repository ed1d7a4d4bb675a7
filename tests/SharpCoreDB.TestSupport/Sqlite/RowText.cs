// Renders a result row (SQLite's or SharpCoreDB's, as object cells) as one string, so
// that a differential test compares rows as strings. Each test picks the rule its
// comparison needs: exact text, or numbers as reals rounded to what both engines agree on.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.TestSupport.Sqlite;

public static class RowText
{
    /// <summary>Every cell exactly: NULL, blobs as x + hex, reals round-trippable, the rest as invariant text; comma-separated.</summary>
    public static string Exact(object?[] cells) => string.Join(",", cells.Select(c => c switch
    {
        null => "NULL",
        byte[] bytes => "x" + Convert.ToHexString(bytes),
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        _ => Convert.ToString(c, CultureInfo.InvariantCulture),
    }));

    /// <summary>
    /// Numbers as reals rounded to 6 decimals, tagged "r" (or "i" for an integer too large for a double to hold
    /// exactly), texts quoted, blobs in hex; each cell followed by a comma. Integer and real results that are
    /// equal compare equal, as SQLite's and SharpCoreDB's may differ in type where both are right.
    /// </summary>
    public static string Rounded(object?[] cells)
    {
        var builder = new StringBuilder();
        foreach (object? value in cells)
        {
            builder.Append(value switch
            {
                null => "NULL",
                double d => Math.Round(d, 6).ToString("R", CultureInfo.InvariantCulture) + "r",
                long l => ((double)l).ToString("R", CultureInfo.InvariantCulture) + (Math.Abs(l) < (1L << 52) ? "r" : "i"),
                string s => "'" + s + "'",
                byte[] b => Convert.ToHexString(b),
                _ => value.ToString(),
            }).Append(',');
        }

        return builder.ToString();
    }
}
