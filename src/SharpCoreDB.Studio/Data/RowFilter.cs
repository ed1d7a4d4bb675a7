// A filter typed above a grid column, turned into one condition with a parameter:
// plain text matches values containing it (LIKE, with % and _ escaped so they
// match themselves); "=x", "!=x", "<x", "<=x", ">x", ">=x" compare (the column's
// affinity converts the text as SQL does, so ">10" is numeric on an INTEGER
// column); "NULL" and "!NULL" test for NULL. The column is quoted from the
// catalog's spelling; the text is only ever a parameter value.
namespace SharpCoreDB.Studio.Data;

/// <summary>A filter the page asked for on one column.</summary>
internal sealed record ColumnFilter(string Column, string Text);

/// <summary>Turns filters into SQL conditions with parameters.</summary>
internal static class RowFilter
{
    private static readonly string[] Comparisons = [">=", "<=", "!=", "<>", "=", ">", "<"];

    /// <summary>The condition for <paramref name="filter"/> on <paramref name="quotedColumn"/>, binding <paramref name="parameter"/>.</summary>
    public static string Condition(string quotedColumn, ColumnFilter filter, string parameter, IDictionary<string, object?> parameters)
    {
        string text = filter.Text.Trim();
        if (text.Equals("NULL", StringComparison.OrdinalIgnoreCase))
        {
            return quotedColumn + " IS NULL";
        }

        if (text.Equals("!NULL", StringComparison.OrdinalIgnoreCase))
        {
            return quotedColumn + " IS NOT NULL";
        }

        foreach (string comparison in Comparisons)
        {
            if (text.StartsWith(comparison, StringComparison.Ordinal))
            {
                parameters[parameter] = text[comparison.Length..].Trim();
                return $"{quotedColumn} {comparison} {parameter}";
            }
        }

        parameters[parameter] = "%" + EscapeLike(filter.Text) + "%";
        return $"{quotedColumn} LIKE {parameter} ESCAPE '\\'";
    }

    private static string EscapeLike(string text) =>
        text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("%", "\\%", StringComparison.Ordinal).Replace("_", "\\_", StringComparison.Ordinal);
}
