// What a user sees when something goes wrong: a bad statement in a script (the
// engine's message with the script's line and column, a caret under it, the
// script stopped, exit code 1), the same with --continue, a file that is not a
// database, a bad command line, and the prompt going on after an error.
namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class ErrorTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void ABadStatementStopsTheScriptWithItsLineAndColumn()
    {
        const string script = "SELECT 1 AS one;\n\nSELECT 2\n  FRM t;\nSELECT 3 AS three;\n";

        ShellRun run = ShellProcess.Run(Dir.Path, script, "app.scdb");

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("one\n---\n  1\n(1 row)\n", run.Output);
        string[] errors = run.Errors.Split('\n');
        Assert.StartsWith("Error (stdin): near \"t\": syntax error at line 4, column 7", errors[0]);
        Assert.Equal("    FRM t", errors[1]);
        Assert.Equal("        ^", errors[2]);
        Assert.DoesNotContain("   at ", run.Errors);
    }

    [Fact]
    public void WithContinueTheScriptGoesOnButStillExitsWithAnError()
    {
        const string script = "SELECT 1 AS one;\nSELECT * FROM missing;\nSELECT 3 AS three;\n";

        ShellRun run = ShellProcess.Run(Dir.Path, script, "--continue", "app.scdb");

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("one\n---\n  1\n(1 row)\nthree\n-----\n    3\n(1 row)\n", run.Output);
        Assert.StartsWith("Error (stdin:2): ", run.Errors);
        Assert.Contains("missing", run.Errors);
    }

    [Fact]
    public void AFileThatIsNotADatabaseIsRefusedWithAClearMessage()
    {
        File.WriteAllText(Dir.File("notes.txt"), "Shopping list: milk, eggs.\n");

        ShellRun run = ShellProcess.Run(Dir.Path, "SELECT 1;\n", "notes.txt");

        Assert.Equal(1, run.ExitCode);
        Assert.Equal("", run.Output);
        Assert.StartsWith("Error: cannot open notes.txt: ", run.Errors);
        Assert.Contains("is not a SharpCoreDB database", run.Errors);
        Assert.DoesNotContain("   at ", run.Errors);
        Assert.Equal("Shopping list: milk, eggs.\n", File.ReadAllText(Dir.File("notes.txt")));
    }

    [Fact]
    public void ABadCommandLineExitsWithCode2AndTheUsage()
    {
        ShellRun run = ShellProcess.Run(Dir.Path, "", "--durability", "Sometimes", "app.scdb");

        Assert.Equal(2, run.ExitCode);
        Assert.StartsWith("Error: durability must be FullSync or Async, not 'Sometimes'", run.Errors);
        Assert.Contains("Usage: sharpcoredb", run.Errors);
    }

    [Fact]
    public void ThePromptKeepsGoingAfterErrorsAndContinuesMultiLineStatements()
    {
        const string input = "SELECT 'a;b' AS x,\n  2 AS y;\nSELEC 1;\n.nonsense\nSELECT 3 AS z;\n.quit\n";

        ShellRun run = ShellProcess.Run(Dir.Path, input, "--interactive");

        Assert.Equal(0, run.ExitCode);
        Assert.Contains("connected to :memory:", run.Output);
        Assert.Contains("sharpcoredb>         ...> x   | y\n----+--\na;b | 2\n(1 row)\n", run.Output);
        Assert.Contains("z\n-\n3\n(1 row)\n", run.Output);
        Assert.Contains("Error: near \"SELEC\": syntax error at line 1, column 1", run.Errors);
        Assert.Contains("Error: unknown command .nonsense; .help lists them", run.Errors);
    }

    [Fact]
    public void AReadOnlyDatabaseRefusesWrites()
    {
        ShellProcess.Run(Dir.Path, "CREATE TABLE t (a INTEGER);\n", "app.scdb");

        ShellRun run = ShellProcess.Run(Dir.Path, "", "--readonly", "app.scdb", "INSERT INTO t VALUES (1)");

        Assert.Equal(1, run.ExitCode);
        Assert.Contains("read-only", run.Errors);
    }
}
