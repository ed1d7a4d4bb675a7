// Reads the byte-layout tables of the docs (docs/file-format.md, docs/encryption.md,
// docs/wal.md: rows of offset, size and field) so that a test can compare each one
// with the named fields the code reads and writes a layout through. The docs are
// where people learn the format; comparing the two means a layout changed on one side
// only fails a test instead of leaving the other wrong. The engine's and the log's
// layout tests both use it; the code's side is a LayoutField (or an offset and a size
// where a structure has no fixed field there).
using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Tests;
using SharpCoreDB.Wal.Format;
using Xunit;

namespace SharpCoreDB.TestSupport;

/// <summary>One documented row of a layout table; <see cref="Offset"/> is empty in a table without an offset column.</summary>
internal sealed record LayoutRow(string Offset, string Size, string Field);

/// <summary>
/// What the code says a row should be: its offset and size as the doc writes them (a number, or an
/// expression such as "P-16-T") and a word or phrase the doc's field description must contain.
/// </summary>
internal readonly record struct ExpectedField(string Offset, string Size, string Contains)
{
    public static ExpectedField At(int offset, int size, string contains) => new(Number(offset), Number(size), contains);

    public static ExpectedField At(LayoutField field, string contains) => At(field.Offset, field.Size, contains);

    /// <summary>A magic field, which the doc spells as the code wrote it into <paramref name="written"/>: "magic `SCDB...`".</summary>
    public static ExpectedField Magic(LayoutField field, ReadOnlySpan<byte> written) =>
        At(field, $"magic `{Encoding.ASCII.GetString(field.Of(written))}`");

    /// <summary>
    /// A checksum of every byte before the field (LayoutField.WriteCrc32OfPreceding), in the doc's spelling of the
    /// algorithm: "CRC32 of bytes 0..27".
    /// </summary>
    public static ExpectedField Crc32OfPreceding(LayoutField field, string spelling) =>
        At(field, $"{spelling} of bytes 0..{field.Offset - 1}");

    /// <summary>A row of a table without an offset column.</summary>
    public static ExpectedField Sized(int size, string contains) => new("", Number(size), contains);

    public static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);
}

/// <summary>Finds layout tables in the docs and compares them with the code's constants.</summary>
internal static class LayoutTables
{
    /// <summary>
    /// The rows of table number <paramref name="index"/> (0 for the first) in the section of
    /// docs/<paramref name="doc"/> whose heading is <paramref name="heading"/>, subsections included.
    /// </summary>
    public static IReadOnlyList<LayoutRow> Read(string doc, string heading, int index)
    {
        string path = Path.Combine(RepositoryPaths.RepositoryRoot, "docs", doc);
        string[] lines = WithoutCodeBlocks(File.ReadAllLines(path));
        int start = Array.FindIndex(lines, line => IsHeading(line, out _, out string text) && text == heading);
        Assert.True(start >= 0, $"{doc} has no heading \"{heading}\".");
        IsHeading(lines[start], out int level, out _);

        var tables = new List<IReadOnlyList<LayoutRow>>();
        for (int i = start + 1; i < lines.Length && !(IsHeading(lines[i], out int next, out _) && next <= level); i++)
        {
            if (IsTableLine(lines[i]))
            {
                int end = i;
                while (end < lines.Length && IsTableLine(lines[end]))
                {
                    end++;
                }

                tables.Add(ParseTable(lines[i..end], $"{doc} line {i + 1}"));
                i = end;
            }
        }

        Assert.True(index < tables.Count, $"{doc}, \"{heading}\", has {tables.Count} tables; table {index} was asked for.");
        return tables[index];
    }

    /// <summary>
    /// The usual check of a table that describes a whole fixed-size structure: the doc's rows are exactly
    /// <paramref name="expected"/>, and they follow each other from 0 to <paramref name="size"/>.
    /// </summary>
    public static void AssertStructure(string doc, string heading, int index, int size, params ExpectedField[] expected)
    {
        var rows = Read(doc, heading, index);
        AssertMatches(rows, expected);
        Assert.Equal(size, AssertContiguous(rows));
    }

    /// <summary>Fails, listing both sides, unless <paramref name="documented"/> has exactly the <paramref name="expected"/> rows in order.</summary>
    public static void AssertMatches(IReadOnlyList<LayoutRow> documented, params ExpectedField[] expected)
    {
        var problems = new List<string>();
        for (int i = 0; i < Math.Max(documented.Count, expected.Length); i++)
        {
            if (i >= documented.Count)
            {
                problems.Add($"row {i}: the code has {Describe(expected[i])}; the doc has no such row");
            }
            else if (i >= expected.Length)
            {
                problems.Add($"row {i}: the doc has \"{documented[i]}\"; the code has no such field");
            }
            else if (documented[i].Offset != expected[i].Offset
                || documented[i].Size != expected[i].Size
                || !documented[i].Field.Contains(expected[i].Contains, StringComparison.OrdinalIgnoreCase))
            {
                problems.Add($"row {i}: the code has {Describe(expected[i])}; the doc has offset {documented[i].Offset}, size {documented[i].Size}, \"{documented[i].Field}\"");
            }
        }

        Assert.True(problems.Count == 0, "The documented layout and the code's constants differ:\n" + string.Join("\n", problems));
    }

    /// <summary>
    /// Fails unless the rows follow each other from offset 0 without a gap or an overlap, and returns where
    /// the fixed-size ones end: a layout whose constants match such a table leaves no byte unaccounted for.
    /// Only the last row may have a size that is not a number (a payload, "4 x n").
    /// </summary>
    public static int AssertContiguous(IReadOnlyList<LayoutRow> rows)
    {
        int position = 0;
        for (int i = 0; i < rows.Count; i++)
        {
            Assert.True(int.TryParse(rows[i].Offset, CultureInfo.InvariantCulture, out int offset), $"\"{rows[i]}\" has no numeric offset.");
            Assert.True(offset == position, $"\"{rows[i]}\" starts at {offset}; the row before it ends at {position}.");
            if (!int.TryParse(rows[i].Size, CultureInfo.InvariantCulture, out int size))
            {
                Assert.True(i == rows.Count - 1, $"\"{rows[i]}\" has a variable size but is not the last row.");
                break;
            }

            position = offset + size;
        }

        return position;
    }

    private static string Describe(ExpectedField field) => $"offset {field.Offset}, size {field.Size}, a field saying \"{field.Contains}\"";

    private static bool IsHeading(string line, out int level, out string text)
    {
        level = line.Length - line.TrimStart('#').Length;
        text = line[level..].Trim();
        return level > 0 && line.Length > level && line[level] == ' ';
    }

    // Blanks the lines of fenced code blocks, whose "# comment" lines are not headings.
    private static string[] WithoutCodeBlocks(string[] lines)
    {
        bool inBlock = false;
        var result = new string[lines.Length];
        for (int i = 0; i < lines.Length; i++)
        {
            bool fence = lines[i].TrimStart().StartsWith("```", StringComparison.Ordinal);
            result[i] = inBlock || fence ? "" : lines[i];
            inBlock ^= fence;
        }

        return result;
    }

    private static bool IsTableLine(string line) => line.TrimStart().StartsWith('|');

    private static List<LayoutRow> ParseTable(string[] lines, string where)
    {
        string[] header = Cells(lines[0]).Select(cell => cell.ToLowerInvariant()).ToArray();
        int offset = Array.IndexOf(header, "offset");
        int size = Array.IndexOf(header, "size");
        int field = Array.IndexOf(header, "field");
        Assert.True(size >= 0 && field >= 0, $"The table at {where} has no size and field columns.");

        var rows = new List<LayoutRow>();
        foreach (string line in lines.Skip(2))
        {
            string[] cells = Cells(line);
            Assert.True(cells.Length == header.Length, $"A row of the table at {where} has {cells.Length} cells: {line}");
            rows.Add(new LayoutRow(offset >= 0 ? cells[offset] : "", cells[size], cells[field]));
        }

        return rows;
    }

    private static string[] Cells(string line) => line.Trim().Trim('|').Split('|').Select(cell => cell.Trim()).ToArray();
}
