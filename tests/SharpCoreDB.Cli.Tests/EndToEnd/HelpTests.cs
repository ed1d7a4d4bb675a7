// The three places a user learns the shell from, --help, .help and docs/shell.md,
// each name every dot command and every output mode, so a command added to
// DotCommandTable or a mode added to ResultFormatterFactory cannot go unlisted;
// --help and docs/shell.md name the studio command too.
using SharpCoreDB.Cli.Commands;
using SharpCoreDB.Cli.Output;

namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class HelpTests() : TempDirectoryTests("scdb-cli-")
{
    [Fact]
    public void HelpDotHelpAndTheDocsListEveryCommandAndMode()
    {
        string usage = ShellProcess.Run(Dir.Path, "", "--help").Output;
        string help = ShellProcess.Run(Dir.Path, ".help\n", ":memory:").Output;
        string docs = File.ReadAllText(DocsPath());

        foreach (DotCommand command in DotCommandTable.All)
        {
            Assert.Contains("\n  " + command.Usage + " ", usage);
            Assert.Contains(command.Usage + " ", help);
            Assert.Contains("`" + command.Name, docs);
            foreach (string alias in command.Aliases)
            {
                Assert.Contains("`" + alias, docs);
            }
        }

        foreach (string mode in ResultFormatterFactory.ModeNames.Split('|'))
        {
            Assert.Contains(mode, help);
            Assert.Contains("| `" + mode, docs);
            Assert.NotNull(ResultFormatterFactory.Parse(mode));
            if (mode != "insert")
            {
                Assert.Contains("-" + mode, usage);
            }
        }
    }

    [Fact]
    public void HelpAndTheDocsNameTheStudioCommand()
    {
        string usage = ShellProcess.Run(Dir.Path, "", "--help").Output;
        Assert.Contains("sharpcoredb studio FILE [--port N] [--read-only]", usage);
        Assert.Contains("sharpcoredb studio FILE [--port N] [--read-only]", File.ReadAllText(DocsPath()));
    }

    private static string DocsPath()
    {
        for (DirectoryInfo? directory = new(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            string candidate = Path.Combine(directory.FullName, "docs", "shell.md");
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new FileNotFoundException("docs/shell.md was not found above " + AppContext.BaseDirectory);
    }
}
