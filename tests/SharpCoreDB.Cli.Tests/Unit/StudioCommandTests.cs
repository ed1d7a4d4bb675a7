// The studio subcommand's command line: its help, a missing FILE (never created),
// and bad options refused with the shell's exit codes (1 for a file that cannot be
// served, 2 for a command line it cannot make sense of) before any server starts.
using SharpCoreDB.Cli.Studio;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class StudioCommandTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void HelpPrintsTheUsage()
    {
        (int code, string output, _) = Run("--help");
        Assert.Equal(0, code);
        Assert.Contains("sharpcoredb studio FILE [--port N] [--read-only]", output, StringComparison.Ordinal);
    }

    [Fact]
    public void AMissingFileIsRefusedAndNotCreated()
    {
        (int code, _, string errors) = Run(Dir.File("missing.scdb"));
        Assert.Equal(1, code);
        Assert.Contains("no such file", errors, StringComparison.Ordinal);
        Assert.False(File.Exists(Dir.File("missing.scdb")));
    }

    [Theory]
    [InlineData("--port", "http")]
    [InlineData("--port", "70000")]
    [InlineData("--port")]
    [InlineData("--password", "secret")]
    [InlineData("a.scdb", "b.scdb")]
    [InlineData]
    public void ABadCommandLineIsAUsageError(params string[] args)
    {
        (int code, _, string errors) = Run(args);
        Assert.Equal(2, code);
        Assert.StartsWith("Error: ", errors, StringComparison.Ordinal);
        Assert.Contains("Usage: sharpcoredb studio", errors, StringComparison.Ordinal);
    }

    private static (int Code, string Output, string Errors) Run(params string[] args)
    {
        var output = new StringWriter();
        var errors = new StringWriter();
        int code = StudioCommand.Run(args, output, errors);
        return (code, output.ToString(), errors.ToString());
    }
}
