// Dot commands end to end: schema listings, .timer, .stats, .checkpoint and .backup,
// .output and .export files and a CSV round trip through .import, .read scripts,
// and .password changing an encrypted file's password.
namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class DotCommandTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void TablesSchemaAndIndexesDescribeTheDatabase()
    {
        const string script = """
            CREATE TABLE b (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE a (x REAL);
            CREATE INDEX b_name ON b (name);
            .tables
            .indexes
            .schema b

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal("", run.Errors);
        Assert.Equal("a\nb\nb_name\nCREATE TABLE b(id INTEGER PRIMARY KEY, name TEXT NOT NULL);\nCREATE INDEX b_name ON b(name);\n", run.Output);
    }

    [Fact]
    public void TimerStatsAndCheckpointReportOnTheDatabase()
    {
        const string script = ".timer on\nCREATE TABLE t (a);\nINSERT INTO t VALUES (1);\n.timer off\n.checkpoint\n.stats\n";

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal(0, run.ExitCode);
        Assert.Matches(@"^Time: \d+\.\d{3} ms\nTime: \d+\.\d{3} ms\ndatabase: +app\.scdb\n", run.Output);
        Assert.Matches(@"pages: +\d+ \(", run.Output);
        Assert.Matches(@"cache hits: +\d+ hits, \d+ misses", run.Output);
        Assert.Matches(@"log size: +", run.Output);
        Assert.Matches(@"checkpoints: +[1-9]\d* since open", run.Output);
    }

    [Fact]
    public void BackupCopiesTheDatabaseToANewFile()
    {
        const string script = "CREATE TABLE t (a);\nINSERT INTO t VALUES ('kept');\n.backup copy.scdb\n.backup copy.scdb\n";

        ShellRun first = ShellProcess.Run(Dir.Path, script, "app.scdb");
        ShellRun copy = ShellProcess.Run(Dir.Path, "SELECT a FROM t;\n", "copy.scdb");

        Assert.Contains("output file already exists", first.Errors, StringComparison.Ordinal);
        Assert.Contains("kept", copy.Output, StringComparison.Ordinal);
        Assert.Equal("", copy.Errors);
    }

    [Fact]
    public void ExportAndImportRoundTripNullsEmptyStringsAndQuotes()
    {
        const string script = """
            CREATE TABLE src (id INTEGER, note TEXT);
            INSERT INTO src VALUES (1, NULL), (2, ''), (3, 'say "hi", then
            leave');
            .export out.csv src
            .export out.json SELECT id FROM src WHERE id > 1
            .import out.csv dst
            .output result.txt
            SELECT id, note IS NULL AS is_null, length(note) AS len FROM dst ORDER BY id;
            .output
            SELECT count(*) AS n FROM dst;

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal("", run.Errors);
        Assert.Equal("n\n-\n3\n(1 row)\n", run.Output);
        Assert.Equal("id,note\r\n1,\r\n2,\"\"\r\n3,\"say \"\"hi\"\", then\nleave\"\r\n", File.ReadAllText(Dir.File("out.csv")));
        Assert.Equal("[\n  {\"id\": 2},\n  {\"id\": 3}\n]\n", File.ReadAllText(Dir.File("out.json")));
        Assert.Equal(
            "id | is_null | len\n---+---------+-----\n 1 |       1 | NULL\n 2 |       0 |    0\n 3 |       0 |   20\n(3 rows)\n",
            File.ReadAllText(Dir.File("result.txt")));
    }

    [Fact]
    public void ReadRunsAScriptFileAndStopsAtItsFirstError()
    {
        File.WriteAllText(Dir.File("setup.sql"), "CREATE TABLE t (a);\nINSERT INTO t VALUES (1);\nINSERT INTO nowhere VALUES (2);\nINSERT INTO t VALUES (3);\n");

        ShellRun run = ShellProcess.Run(Dir.Path, ".read setup.sql\nSELECT 'not reached';\n", "app.scdb");
        ShellRun after = ShellProcess.Run(Dir.Path, "", "-csv", "-noheader", "app.scdb", "SELECT a FROM t");

        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith("Error (setup.sql:3): ", run.Errors);
        Assert.Equal("", run.Output);
        Assert.Equal("1\r\n", after.Output);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void PasswordChangesThePasswordOfAnEncryptedDatabase()
    {
        ShellRun created = ShellProcess.Run(Dir.Path, "CREATE TABLE s (v TEXT);\nINSERT INTO s VALUES ('secret');\n.password n3w-pw\n", "--password", "old-pw", "safe.scdb");
        ShellRun withOld = ShellProcess.Run(Dir.Path, "", "--password", "old-pw", "safe.scdb", "SELECT v FROM s");
        ShellRun withNew = ShellProcess.Run(Dir.Path, "", "--password", "n3w-pw", "-csv", "safe.scdb", "SELECT v FROM s");
        ShellRun unencrypted = ShellProcess.Run(Dir.Path, ".password x\n", "plain.scdb");

        Assert.Equal(0, created.ExitCode);
        Assert.Equal("Password changed.\n", created.Output);
        Assert.Equal(1, withOld.ExitCode);
        Assert.Contains("cannot open safe.scdb", withOld.Errors);
        Assert.Equal("v\r\nsecret\r\n", withNew.Output);
        Assert.Equal(1, unencrypted.ExitCode);
        Assert.Contains("plain.scdb is not encrypted", unencrypted.Errors);
    }
}
