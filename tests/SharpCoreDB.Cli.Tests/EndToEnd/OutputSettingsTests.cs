// The sqlite3-style output settings through the real process: .mode NAME [TABLE]
// and the matching switches, .nullvalue, .separator, .width, .once, .changes,
// .eqp and .parameter, each as a script user relies on them.
namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class OutputSettingsTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void ModesSeparatorsAndNullValueShapeTheOutput()
    {
        const string script = """
            CREATE TABLE t (id INTEGER, name TEXT);
            INSERT INTO t VALUES (1, 'Ann'), (2, NULL);
            .mode list
            .nullvalue (null)
            .separator ; \r\n
            SELECT * FROM t ORDER BY id;
            .mode insert people
            SELECT * FROM t ORDER BY id;
            .mode quote
            .headers off
            SELECT * FROM t ORDER BY id;
            .mode
            .mode pretty

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "--continue", "app.scdb");

        Assert.Equal(
            "id;name\r\n1;Ann\r\n2;(null)\r\n" +
            "INSERT INTO \"people\" VALUES(1,'Ann');\nINSERT INTO \"people\" VALUES(2,NULL);\n" +
            "1,'Ann'\n2,NULL\ncurrent output mode: quote\n",
            run.Output);
        Assert.StartsWith("Error (stdin): unknown mode 'pretty'; use table, box, markdown", run.Errors);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void CommandLineSwitchesChooseTheNewModes()
    {
        Assert.Equal("a|b\n1|\n", ShellProcess.Run(Dir.Path, "", "-list", ":memory:", "SELECT 1 AS a, NULL AS b").Output);
        Assert.Equal("a\tb\n1\tx\n", ShellProcess.Run(Dir.Path, "", "-tabs", ":memory:", "SELECT 1 AS a, 'x' AS b").Output);
        Assert.Equal("| a |\n|---|\n| 1 |\n", ShellProcess.Run(Dir.Path, "", "-markdown", ":memory:", "SELECT 1 AS a").Output);
        Assert.Equal("┌───┐\n│ a │\n├───┤\n│ 1 │\n└───┘\n", ShellProcess.Run(Dir.Path, "", "-box", ":memory:", "SELECT 1 AS a").Output);
        Assert.Equal("'a'\n'x'\n", ShellProcess.Run(Dir.Path, "", "-quote", ":memory:", "SELECT 'x' AS a").Output);
        Assert.Equal("<TR><TH>a</TH>\n</TR>\n<TR><TD>1</TD>\n</TR>\n", ShellProcess.Run(Dir.Path, "", "-html", ":memory:", "SELECT 1 AS a").Output);
        Assert.Equal("a|b\n1|-\n", ShellProcess.Run(Dir.Path, "", "-list", "-nullvalue", "-", ":memory:", "SELECT 1 AS a, NULL AS b").Output);
    }

    [Fact]
    public void OnceSendsOnlyTheNextResultToAFile()
    {
        const string script = ".mode csv\n.once first.csv\nSELECT 1 AS a;\nSELECT 2 AS a;\n.once dropped.csv\n.once second.csv\nSELECT 3 AS a;\nSELECT 4 AS a;\n.once missing/dir/x.csv\n";

        ShellRun run = ShellProcess.Run(Dir.Path, script, "--continue", ":memory:");

        Assert.Equal("a\r\n1\r\n", File.ReadAllText(Dir.File("first.csv")));
        Assert.Equal("", File.ReadAllText(Dir.File("dropped.csv")));
        Assert.Equal("a\r\n3\r\n", File.ReadAllText(Dir.File("second.csv")));
        Assert.Equal("a\r\n2\r\na\r\n4\r\n", run.Output);
        Assert.StartsWith("Error (stdin): ", run.Errors);
    }

    [Fact]
    public void ChangesEqpAndWidthReportAroundStatements()
    {
        const string script = """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT);
            .changes on
            INSERT INTO t VALUES (1, 'a'), (2, 'b');
            UPDATE t SET v = 'c' WHERE id = 2;
            .changes off
            .eqp on
            SELECT v FROM t WHERE id = 1;
            .eqp off
            .width 5 -3
            SELECT id AS i, v FROM t ORDER BY id;

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, ":memory:");

        Assert.Equal("", run.Errors);
        Assert.Equal(
            "changes: 2   total_changes: 2\nchanges: 1   total_changes: 3\n" +
            "QUERY PLAN\n`--SEARCH t USING INTEGER PRIMARY KEY (rowid=?)\nv\n-\na\n(1 row)\n" +
            "i     |   v\n------+----\n    1 |   a\n    2 |   c\n(2 rows)\n",
            run.Output);
    }

    [Fact]
    public void ParametersAreBoundByName()
    {
        const string script = """
            CREATE TABLE t (id INTEGER, v TEXT);
            INSERT INTO t VALUES (1, 'it''s'), (2, 'b');
            .parameter set @v 'it''s'
            .parameter set :n 1 + 1
            .parameter set $b X'00FF'
            .parameter list
            .mode csv
            SELECT id FROM t WHERE v = @v;
            SELECT v FROM t WHERE id = :n;
            SELECT length($b) AS len;
            .parameter clear
            .parameter list
            .parameter set v 1

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "--continue", ":memory:");

        Assert.Equal("$b X'00ff'\n:n 2\n@v 'it''s'\nid\r\n1\r\nv\r\nb\r\nlen\r\n2\r\n", run.Output);
        Assert.Contains("parameter names start with @, : or $", run.Errors);
    }
}
