// How a stored value travels to the page and back. JSON numbers are doubles in
// JavaScript, which would round a 64-bit integer and drop the ".0" that shows a
// REAL, so each value goes as invariant text with a one-letter kind: the page
// shows the text and aligns numbers, the chart parses them, and a page cursor
// carries text and kind back so the server rebuilds the exact value to bind.
// Very long text is cut for the grid (and marked so that it is not edited from
// the cut copy); blobs show as X'hex', cut after 64 bytes.
using System.Globalization;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Data;

/// <summary>A value's storage class, as one letter on the wire.</summary>
internal static class CellKind
{
    public const char Null = 'n';
    public const char Integer = 'i';
    public const char Real = 'r';
    public const char Text = 't';

    /// <summary>Text cut to <see cref="CellValues.MaxTextLength"/> characters: shown, not editable.</summary>
    public const char CutText = 'T';
    public const char Blob = 'b';
    public const char Boolean = 'o';
    public const char Date = 'd';
    public const char Decimal = 'm';
    public const char Guid = 'g';
}

/// <summary>Values to and from their text and kind.</summary>
internal static class CellValues
{
    public const int MaxTextLength = 10_000;
    private const int MaxBlobBytesShown = 64;

    /// <summary>The value as stored, in its storage class's natural .NET type (null for NULL).</summary>
    public static object? Read(SharpCoreDBDataReader reader, int ordinal) =>
        reader.IsDBNull(ordinal) ? null : reader.GetFieldValue<object>(ordinal);

    /// <summary>The text the grid shows (null for NULL) and the kind.</summary>
    public static (string? Text, char Kind) ForGrid(object? value) => value switch
    {
        null => (null, CellKind.Null),
        string s when s.Length > MaxTextLength => (s[..MaxTextLength], CellKind.CutText),
        byte[] bytes when bytes.Length > MaxBlobBytesShown =>
            ("X'" + Convert.ToHexString(bytes, 0, MaxBlobBytesShown) + "…' (" + bytes.Length.ToString(CultureInfo.InvariantCulture) + " bytes)", CellKind.Blob),
        _ => Exact(value),
    };

    /// <summary>The whole text and kind of a non-cut value, which <see cref="Parse"/> turns back into the same value.</summary>
    public static (string? Text, char Kind) Exact(object? value) => value switch
    {
        null => (null, CellKind.Null),
        string s => (s, CellKind.Text),
        long l => (l.ToString(CultureInfo.InvariantCulture), CellKind.Integer),
        int i => (i.ToString(CultureInfo.InvariantCulture), CellKind.Integer),
        double d => (FormatReal(d), CellKind.Real),
        bool b => (b ? "true" : "false", CellKind.Boolean),
        byte[] bytes => ("X'" + Convert.ToHexString(bytes) + "'", CellKind.Blob),
        DateTime dt => (dt.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture), CellKind.Date),
        DateTimeOffset dto => (dto.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss.FFFFFFF", CultureInfo.InvariantCulture), CellKind.Date),
        decimal m => (m.ToString(CultureInfo.InvariantCulture), CellKind.Decimal),
        Guid g => (g.ToString(), CellKind.Guid),
        IFormattable f => (f.ToString(null, CultureInfo.InvariantCulture), CellKind.Text),
        _ => (value.ToString() ?? "", CellKind.Text),
    };

    /// <summary>The value that <see cref="Exact"/> gave <paramref name="text"/> and <paramref name="kind"/> for.</summary>
    public static object? Parse(string? text, char kind)
    {
        if (kind == CellKind.Null || text is null)
        {
            return null;
        }

        CultureInfo invariant = CultureInfo.InvariantCulture;
        return kind switch
        {
            CellKind.Text => text,
            CellKind.Integer => long.Parse(text, NumberStyles.AllowLeadingSign, invariant),
            CellKind.Real => double.Parse(text, NumberStyles.Float, invariant),
            CellKind.Boolean => text == "true",
            CellKind.Blob => ParseBlob(text) ?? throw new FormatException("not a blob literal"),
            CellKind.Date => DateTime.SpecifyKind(DateTime.Parse(text, invariant, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal), DateTimeKind.Utc),
            CellKind.Decimal => decimal.Parse(text, NumberStyles.Float, invariant),
            CellKind.Guid => System.Guid.Parse(text),
            _ => throw new FormatException($"unknown value kind '{kind}'"),
        };
    }

    /// <summary>The bytes of an X'hex' literal, or null when <paramref name="text"/> is not one.</summary>
    public static byte[]? ParseBlob(string text)
    {
        if (text.Length < 3 || text[0] is not ('X' or 'x') || text[1] != '\'' || text[^1] != '\'')
        {
            return null;
        }

        try
        {
            return Convert.FromHexString(text.AsSpan(2, text.Length - 3));
        }
        catch (FormatException)
        {
            return null;
        }
    }

    // Round-trip text, with ".0" kept on integral values so a REAL still reads as one.
    private static string FormatReal(double d)
    {
        string text = d.ToString("R", CultureInfo.InvariantCulture);
        return double.IsFinite(d) && text.AsSpan().IndexOfAny(".eEN") < 0 ? text + ".0" : text;
    }
}
