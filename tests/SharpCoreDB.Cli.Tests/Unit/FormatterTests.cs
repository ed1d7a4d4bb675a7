// Each output mode's exact text for the same small result: alignment, NULL,
// cutting long values, line breaks, CSV quoting, JSON escaping and numbers.
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class FormatterTests
{
    private static readonly string[] Columns = ["id", "name", "score"];

    private static readonly object?[][] Data =
    [
        [1L, "Ann", 9.5],
        [22L, null, 3.0],
        [3L, "say \"hi\",\nbye", null],
    ];

    [Fact]
    public void TableAlignsColumnsRightAlignsNumbersAndShowsNull()
    {
        Assert.Equal(
            "id | name          | score\n---+---------------+------\n 1 | Ann           |   9.5\n22 | NULL          |   3.0\n 3 | say \"hi\",↵bye | NULL\n(3 rows)\n",
            Format(OutputMode.Table, headers: true));
    }

    [Fact]
    public void TableWithoutHeadersAndWithLongValuesCutByAnEllipsis()
    {
        string longText = new('x', 50);
        string text = Format(OutputMode.Table, headers: false, ["v"], [[longText], [1L]]);

        Assert.Equal(new string('x', TableFormatter.MaxWidth - 1) + "…\n" + new string(' ', TableFormatter.MaxWidth - 1) + "1\n(2 rows)\n", text);
    }

    [Fact]
    public void CsvFollowsRfc4180AndTellsNullFromEmpty()
    {
        Assert.Equal("id,name,score\r\n1,Ann,9.5\r\n22,,3.0\r\n3,\"say \"\"hi\"\",\nbye\",\r\n", Format(OutputMode.Csv, headers: true));
        Assert.Equal("\"\",x\r\n", Format(OutputMode.Csv, headers: false, ["a", "b"], [["", "x"]]));
    }

    [Fact]
    public void JsonIsAnArrayOfObjectsWithNumbersNullAndEscapes()
    {
        Assert.Equal(
            "[\n  {\"id\": 1, \"name\": \"Ann\", \"score\": 9.5},\n  {\"id\": 22, \"name\": null, \"score\": 3},\n  {\"id\": 3, \"name\": \"say \\\"hi\\\",\\nbye\", \"score\": null}\n]\n",
            Format(OutputMode.Json, headers: true));
        Assert.Equal("[]\n", Format(OutputMode.Json, headers: true, ["a"], []));
        Assert.Equal(
            "[\n  {\"t\\\"ab\": \"back\\\\slash\\ttab\\u0001\", \"b\": true, \"nan\": \"NaN\"}\n]\n",
            Format(OutputMode.Json, headers: true, ["t\"ab", "b", "nan"], [["back\\slash\ttab\u0001", true, double.NaN]]));
    }

    [Fact]
    public void LinePrintsOneValuePerLineWithAlignedNames()
    {
        Assert.Equal(
            "   id = 1\n name = Ann\nscore = 9.5\n\n   id = 22\n name = NULL\nscore = 3.0\n\n   id = 3\n name = say \"hi\",\nbye\nscore = NULL\n\n(3 rows)\n",
            Format(OutputMode.Line, headers: true));
    }

    [Fact]
    public void ValuesPrintTheSameInEveryMode()
    {
        Assert.Equal("X'00FF'", ValueText.Format(new byte[] { 0, 255 }));
        Assert.Equal("2024-02-29 13:45:00", ValueText.Format(new DateTime(2024, 2, 29, 13, 45, 0, DateTimeKind.Utc)));
        Assert.Equal("0.1", ValueText.Format(0.1));
        Assert.Equal("1E+20", ValueText.Format(1e20));
        Assert.Equal("-4.0", ValueText.Format(-4.0));
    }

    private static string Format(OutputMode mode, bool headers) => Format(mode, headers, Columns, Data);

    private static string Format(OutputMode mode, bool headers, string[] columns, object?[][] rows)
    {
        var output = new StringWriter { NewLine = "\n" };
        IResultFormatter formatter = ResultFormatterFactory.Create(mode, output, headers);
        formatter.Begin(columns);
        foreach (object?[] row in rows)
        {
            formatter.Row(row);
        }

        formatter.End(rows.Length);
        return output.ToString();
    }
}
