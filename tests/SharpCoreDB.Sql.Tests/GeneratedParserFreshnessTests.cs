// The generated parser is committed; scripts/regenerate-parser.sh stamps each
// generated file with the SHA-256 of the grammar it came from. If the grammar
// changes without regenerating, the stamp no longer matches and this test fails.
// It also checks that the generated types stayed internal.
using System.Security.Cryptography;

namespace SharpCoreDB.Sql.Tests;

public sealed class GeneratedParserFreshnessTests
{
    private static readonly string SqlProject = Path.Combine(RepositoryPaths.RepositoryRoot, "src", "SharpCoreDB.Sql");

    [Fact]
    public void GeneratedCodeMatchesTheGrammar()
    {
        string grammarHash = HashGrammar();
        string[] generated = Directory.GetFiles(Path.Combine(SqlProject, "Generated"), "*.cs");

        Assert.Equal(4, generated.Length);
        foreach (string file in generated)
        {
            string firstLine = File.ReadLines(file).First();
            Assert.True(
                firstLine == "// Grammar SHA-256: " + grammarHash,
                $"{Path.GetFileName(file)} was generated from another grammar version; run scripts/regenerate-parser.sh");
        }
    }

    [Fact]
    public void GeneratedTypesAreInternal()
    {
        foreach (string file in Directory.GetFiles(Path.Combine(SqlProject, "Generated"), "*.cs"))
        {
            Assert.DoesNotContain(File.ReadLines(file), line => line.StartsWith("public ", StringComparison.Ordinal));
        }
    }

    /// <summary>The same hash the script computes: lexer then parser grammar, CR removed.</summary>
    private static string HashGrammar()
    {
        var bytes = new List<byte>();
        foreach (string name in new[] { "SqlGrammarLexer.g4", "SqlGrammarParser.g4" })
        {
            bytes.AddRange(File.ReadAllBytes(Path.Combine(SqlProject, "Grammar", name)).Where(b => b != (byte)'\r'));
        }

        return Convert.ToHexString(SHA256.HashData(bytes.ToArray())).ToLowerInvariant();
    }
}
