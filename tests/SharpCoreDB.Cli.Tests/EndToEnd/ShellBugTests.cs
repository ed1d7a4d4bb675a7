// The four shell bugs, each as the user met it: .export's SQL losing its quotes,
// EXPLAIN plans cut in table mode, "connected to" printed after a failed open of
// an encrypted file, and passwords written to the history file.
using SharpCoreDB.Cli.Input;

namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class ShellBugTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void ExportKeepsTheQuotesOfItsSql()
    {
        const string script = """
            CREATE TABLE orders (id INTEGER, s TEXT);
            INSERT INTO orders VALUES (1, 'paid'), (2, 'open'), (3, 'paid');
            .export paid.csv SELECT id FROM orders WHERE s = 'paid' ORDER BY id
            .export "two words.csv" SELECT id, 'it''s' AS t FROM orders WHERE s = 'open'

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal("", run.Errors);
        Assert.Equal("id\r\n1\r\n3\r\n", File.ReadAllText(Dir.File("paid.csv")));
        Assert.Equal("id,t\r\n2,it's\r\n", File.ReadAllText(Dir.File("two words.csv")));

        ShellRun extra = ShellProcess.Run(Dir.Path, ".export x.csv orders WHERE id = 1\n", "app.scdb");
        Assert.StartsWith("Error (stdin): usage: .export FILE TABLE|SELECT...", extra.Errors);
    }

    [Fact]
    public void ExplainPlansAreShownWholeInTableMode()
    {
        string longName = "a_rather_long_index_name_that_goes_past_forty_columns";
        string script = $"""
            CREATE TABLE t (customer_reference TEXT, b INTEGER);
            CREATE INDEX {longName} ON t (customer_reference);
            EXPLAIN QUERY PLAN SELECT * FROM t WHERE customer_reference = 'x';

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal("", run.Errors);
        Assert.Contains($"SEARCH t USING INDEX {longName} (customer_reference=?)\n", run.Output);
        Assert.DoesNotContain("…", run.Output);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void AFailedOpenOfAnEncryptedFileDoesNotClaimAConnection()
    {
        ShellProcess.Run(Dir.Path, "CREATE TABLE s (v);\n", "--password", "right", "safe.scdb");

        ShellRun wrong = ShellProcess.Run(Dir.Path, "", "--interactive", "--password", "wrong", "safe.scdb");
        ShellRun none = ShellProcess.Run(Dir.Path, "", "--interactive", "safe.scdb");

        foreach (ShellRun run in new[] { wrong, none })
        {
            Assert.Contains("cannot open safe.scdb", run.Errors);
            Assert.DoesNotContain("connected to", run.Output);
            Assert.Contains("not connected; safe.scdb is not open", run.Output);
        }
    }

    [Fact]
    public void PasswordsNeverReachTheHistoryFile()
    {
        string path = Dir.File("history");
        var history = new LineHistory(path);
        history.Add(".open --password s3cret-1 safe.scdb");
        history.Add(".open -password=s3cret-2 safe.scdb");
        history.Add(".password s3cret-3");
        history.Add(".PASSWORD 's3cret 4'");
        history.Add("SELECT 1;");
        history.Add(".password");
        history.Save();

        string text = File.ReadAllText(path);
        Assert.DoesNotContain("s3cret", text);
        Assert.Equal("SELECT 1;\n.password\n", text.ReplaceLineEndings("\n"));
        Assert.Equal(2, history.Count);

        // A history file written before this rule loses its password lines on the next load.
        File.WriteAllText(path, ".open --password old-secret x.scdb\nSELECT 2;\n");
        var reloaded = new LineHistory(path);
        reloaded.Load();
        Assert.Equal(1, reloaded.Count);
        Assert.Equal("SELECT 2;", reloaded[0]);
    }
}
