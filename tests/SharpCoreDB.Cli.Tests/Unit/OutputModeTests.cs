// The sqlite3-style output modes (box, markdown, list, tabs, quote, insert, html)
// with .nullvalue, .separator and .width, and display widths: CJK and emoji take
// two columns and combining marks none, so table and box rows line up.
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class OutputModeTests
{
    private static readonly string[] Columns = ["id", "name", "v"];

    private static readonly object?[][] Data =
    [
        [1L, "it's", 2.5],
        [22L, null, new byte[] { 0, 255 }],
    ];

    [Fact]
    public void BoxDrawsAFrameWithCentredNames()
    {
        Assert.Equal(
            "┌────┬──────┬─────────┐\n│ id │ name │    v    │\n├────┼──────┼─────────┤\n│ 1  │ it's │ 2.5     │\n│ 22 │ NULL │ X'00FF' │\n└────┴──────┴─────────┘\n",
            Format(new FormatOptions { Mode = OutputMode.Box }));
    }

    [Fact]
    public void MarkdownIsAGitHubTable()
    {
        Assert.Equal(
            "| id | name |    v    |\n|----|------|---------|\n| 1  | it's | 2.5     |\n| 22 | NULL | X'00FF' |\n",
            Format(new FormatOptions { Mode = OutputMode.Markdown }));
        Assert.Equal("|  a   |\n|------|\n| x\\|y |\n", Format(new FormatOptions { Mode = OutputMode.Markdown }, ["a"], [["x|y"]]));
    }

    [Fact]
    public void ListAndTabsJoinPlainValuesWithNullValueAndSeparators()
    {
        Assert.Equal("id|name|v\n1|it's|2.5\n22||X'00FF'\n", Format(new FormatOptions { Mode = OutputMode.List }));
        Assert.Equal("1;it's;2.5\r\n22;-;X'00FF'\r\n",
            Format(new FormatOptions { Mode = OutputMode.List, Headers = false, NullValue = "-", ColumnSeparator = ";", RowSeparator = "\r\n" }));
        Assert.Equal("id\tname\tv\n1\tit's\t2.5\n22\t\tX'00FF'\n", Format(new FormatOptions { Mode = OutputMode.Tabs }));
    }

    [Fact]
    public void QuoteAndInsertPrintSqlLiterals()
    {
        Assert.Equal("'id','name','v'\n1,'it''s',2.5\n22,NULL,X'00ff'\n", Format(new FormatOptions { Mode = OutputMode.Quote }));
        Assert.Equal(
            "INSERT INTO \"my t\" VALUES(1,'it''s',2.5);\nINSERT INTO \"my t\" VALUES(22,NULL,X'00ff');\n",
            Format(new FormatOptions { Mode = OutputMode.Insert, InsertTable = "my t" }));
        Assert.Equal("1.0", SqlLiteral.Format(1.0));
        Assert.Equal("1E+20", SqlLiteral.Format(1e20));
        Assert.Equal("1e999", SqlLiteral.Format(double.PositiveInfinity));
        Assert.Equal("0.1", SqlLiteral.Format(0.1));
    }

    [Fact]
    public void HtmlPrintsEscapedTableRows()
    {
        Assert.Equal(
            "<TR><TH>a</TH>\n</TR>\n<TR><TD>&lt;b&gt; &amp; &quot;it&#39;s&quot;</TD>\n</TR>\n<TR><TD></TD>\n</TR>\n",
            Format(new FormatOptions { Mode = OutputMode.Html }, ["a"], [["<b> & \"it's\""], [null]]));
    }

    [Fact]
    public void WidthFixesColumnsAndNegativeWidthsAlignRight()
    {
        Assert.Equal(
            "id |  name | v\n---+-------+--------\n 1 |  it's |     2.5\n22 |  NULL | X'00FF'\n(2 rows)\n",
            Format(new FormatOptions { Widths = [0, -5] }));
        Assert.Equal("a\n---\nab…\n(1 row)\n", Format(new FormatOptions { Widths = [3] }, ["a"], [["abcdef"]]));
    }

    [Fact]
    public void WideCharactersAlignByDisplayWidth()
    {
        Assert.Equal(2, DisplayWidth.Of("日"));
        Assert.Equal(2, DisplayWidth.Of("👍"));
        Assert.Equal(1, DisplayWidth.Of("e\u0301"));
        Assert.Equal(4, DisplayWidth.Of("ｱｲ") + DisplayWidth.Of("ＡＢ") - 2);
        Assert.Equal(
            "┌────────┬───┐\n│   w    │ n │\n├────────┼───┤\n│ 日本語 │ 1 │\n│ e\u0301      │ 2 │\n│ 👍x    │ 3 │\n└────────┴───┘\n",
            Format(new FormatOptions { Mode = OutputMode.Box }, ["w", "n"], [["日本語", 1L], ["e\u0301", 2L], ["👍x", 3L]]));
        Assert.Equal("w      | n\n-------+--\n日本語 | 1\n(1 row)\n", Format(new FormatOptions(), ["w", "n"], [["日本語", 1L]]));
        Assert.Equal("日本…", DisplayWidth.Fit("日本語です", 5));
        Assert.Equal("名前 = x\n  id = 1\n\n(1 row)\n", Format(new FormatOptions { Mode = OutputMode.Line }, ["名前", "id"], [["x", 1L]]));
    }

    private static string Format(FormatOptions options) => Format(options, Columns, Data);

    private static string Format(FormatOptions options, string[] columns, object?[][] rows)
    {
        var output = new StringWriter { NewLine = "\n" };
        IResultFormatter formatter = ResultFormatterFactory.Create(options, output);
        formatter.Begin(columns);
        foreach (object?[] row in rows)
        {
            formatter.Row(row);
        }

        formatter.End(rows.Length);
        return output.ToString();
    }
}
