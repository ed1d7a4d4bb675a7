// Every C# snippet in README.md and docs/*.md must be code that is compiled or run, so
// that none can rot: either README.md's "Use it in your app" program, which
// scripts/package-roundtrip.sh copies out of the README and runs against the packed
// package in CI, or a block that appears verbatim in a test source between
// "// <doc-snippet FILE>" and "// </doc-snippet>" lines (compiled, and run, with the tests).
// Every command in a docs code block (dotnet, bash, scripts/..) must name paths that
// exist, benchmark filters that match a benchmark class, and benchmark probe options the
// benchmark program reads; the commands users copy most (dotnet test, dotnet pack, dotnet
// add package, dotnet tool install, the one-shot sharpcoredb query) are run as written
// by CI itself and by the package round trip.
using System.Text.RegularExpressions;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed partial class DocumentationSnippetTests
{
    private const string ReadmeProgramHeading = "## Use it in your app";

    [Fact]
    public void Every_csharp_snippet_in_the_docs_is_compiled_or_run()
    {
        string root = RepositoryPaths.RepositoryRoot;
        var documents = Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Append(Path.Combine(root, "README.md"));
        var regions = TestSources(root).SelectMany(SnippetRegions).ToList();
        var unchecked_ = new List<string>();
        int snippets = 0;
        foreach (string document in documents)
        {
            string relative = Path.GetRelativePath(root, document).Replace('\\', '/');
            foreach (var (heading, code) in CSharpBlocks(File.ReadAllText(document)))
            {
                snippets++;
                bool runByPackageRoundTrip = relative == "README.md" && heading == ReadmeProgramHeading;
                if (!runByPackageRoundTrip && !regions.Contains((relative, code)))
                {
                    unchecked_.Add($"{relative} under \"{heading}\":\n{code}");
                }
            }
        }

        Assert.True(snippets > 1, "no C# snippet found: the extraction is broken");
        Assert.True(unchecked_.Count == 0, "C# snippets that no test compiles (copy each into a test between doc-snippet lines):\n" + string.Join("\n\n", unchecked_));
        Assert.Contains(ReadmeProgramHeading, File.ReadAllText(Path.Combine(root, "scripts", "package-roundtrip.sh")), StringComparison.Ordinal);
    }

    [Fact]
    public void Every_command_in_the_docs_names_what_exists()
    {
        string root = RepositoryPaths.RepositoryRoot;
        string bench = string.Concat(Directory.GetFiles(Path.Combine(root, "bench"), "*.cs", SearchOption.AllDirectories)
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Select(File.ReadAllText));
        var problems = new List<string>();
        int commands = 0;
        foreach (string document in Directory.GetFiles(Path.Combine(root, "docs"), "*.md").Append(Path.Combine(root, "README.md")))
        {
            string relative = Path.GetRelativePath(root, document).Replace('\\', '/');
            foreach (string command in CommandLines(File.ReadAllText(document)))
            {
                commands++;
                foreach (string token in command.Split(' ', StringSplitOptions.RemoveEmptyEntries).Select(t => t.Trim('\'', '"')))
                {
                    bool repositoryPath = token.StartsWith("src/", StringComparison.Ordinal) || token.StartsWith("tests/", StringComparison.Ordinal)
                        || token.StartsWith("bench/", StringComparison.Ordinal) || token.StartsWith("scripts/", StringComparison.Ordinal);
                    if (repositoryPath && !File.Exists(Path.Combine(root, token)) && !Directory.Exists(Path.Combine(root, token)))
                    {
                        problems.Add($"{relative}: {token} does not exist ({command})");
                    }

                    if (command.Contains("SharpCoreDB.Benchmarks", StringComparison.Ordinal) && token.StartsWith("--", StringComparison.Ordinal)
                        && token.Length > 2 && !BenchmarkDotNetOptions.Contains(token) && !bench.Contains($"\"{token}\"", StringComparison.Ordinal))
                    {
                        problems.Add($"{relative}: the benchmark program reads no option {token} ({command})");
                    }
                }

                foreach (Match filter in BenchmarkFilter().Matches(command))
                {
                    string name = filter.Groups["name"].Value.Split('.', StringSplitOptions.RemoveEmptyEntries).Last(part => part != "*").Trim('*');
                    // A placeholder (<Suite>) stands for any suite.
                    if (name.Length > 0 && !name.Contains('<', StringComparison.Ordinal) && !bench.Contains(name, StringComparison.Ordinal))
                    {
                        problems.Add($"{relative}: no benchmark matches {filter.Value} ({command})");
                    }
                }
            }
        }

        Assert.True(commands > 10, "no commands found: the extraction is broken");
        Assert.True(problems.Count == 0, string.Join("\n", problems));
    }

    private static readonly HashSet<string> BenchmarkDotNetOptions = ["--filter", "--job", "--warmupCount", "--iterationCount", "--iterationTime", "--project", "--no-build", "--inProcess", "--join", "--artifacts"];

    // The command lines of the docs' untyped code blocks (a trailing backslash joins the next line).
    private static IEnumerable<string> CommandLines(string markdown)
    {
        string[] lines = markdown.ReplaceLineEndings("\n").Split('\n');
        bool inBlock = false, untyped = false;
        string pending = "";
        foreach (string raw in lines)
        {
            if (raw.TrimStart().StartsWith("```", StringComparison.Ordinal))
            {
                untyped = !inBlock && raw.Trim() == "```";
                inBlock = !inBlock;
                continue;
            }

            if (!inBlock || !untyped)
            {
                continue;
            }

            string line = pending + raw.Split(" #")[0].Trim();
            if (line.EndsWith('\\'))
            {
                pending = line.TrimEnd('\\') + " ";
                continue;
            }

            pending = "";
            if (Regex.IsMatch(line, @"^(SCDB_\w+=\S+ )*(dotnet|bash|scripts/)"))
            {
                yield return line;
            }
        }
    }

    [GeneratedRegex(@"--filter\s+'(?<name>[^']+)'")]
    private static partial Regex BenchmarkFilter();

    // The snippet of docs/sql.md, "Entry points": the engine's own way into the parser.
    [Fact]
    public void The_parser_entry_points_of_docs_sql_md_work_as_written()
    {
        string commandText = "SELECT a FROM t";
        // <doc-snippet docs/sql.md>
        SqlScript script = SqlParser.Parse("CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (?)");
        Statement one = SqlParser.ParseStatement("SELECT * FROM t WHERE a = @a"); // exactly one statement
        Expression e = SqlParser.ParseExpression("a + 1"); // e.g. a stored DEFAULT

        var cache = new StatementCache(capacity: 1024);
        SqlScript cached = cache.GetOrParse(commandText); // parses once, then hits
        // </doc-snippet>
        Assert.Equal(2, script.Count);
        Assert.IsType<SelectStatement>(one);
        Assert.IsType<BinaryExpression>(e);
        Assert.Same(cached, cache.GetOrParse(commandText));
    }

    private static IEnumerable<string> TestSources(string root) =>
        Directory.GetFiles(Path.Combine(root, "tests"), "*.cs", SearchOption.AllDirectories)
            .Where(path => !path.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal));

    private static IEnumerable<(string Document, string Code)> SnippetRegions(string path)
    {
        foreach (Match match in SnippetRegion().Matches(File.ReadAllText(path).ReplaceLineEndings("\n")))
        {
            yield return (match.Groups["doc"].Value, Dedent(match.Groups["code"].Value));
        }
    }

    private static IEnumerable<(string Heading, string Code)> CSharpBlocks(string markdown)
    {
        string heading = "";
        string[] lines = markdown.ReplaceLineEndings("\n").Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            if (lines[i].StartsWith('#'))
            {
                heading = lines[i].Trim();
            }
            else if (lines[i].Trim() is "```csharp" or "```cs" or "```c#")
            {
                int end = Array.FindIndex(lines, i + 1, line => line.Trim() == "```");
                yield return (heading, Dedent(string.Join('\n', lines[(i + 1)..end])));
                i = end;
            }
        }
    }

    // Leading indentation common to every non-blank line removed; trailing blanks dropped.
    private static string Dedent(string code)
    {
        string[] lines = code.Split('\n');
        int indent = lines.Where(l => l.Trim().Length > 0).Select(l => l.Length - l.TrimStart().Length).DefaultIfEmpty(0).Min();
        return string.Join('\n', lines.Select(l => l.Length >= indent ? l[indent..].TrimEnd() : l.Trim())).Trim('\n');
    }

    [GeneratedRegex(@"// <doc-snippet (?<doc>\S+)>\n(?<code>.*?)\n[ \t]*// </doc-snippet>", RegexOptions.Singleline)]
    private static partial Regex SnippetRegion();
}
