// Malformed input of every kind ends in SqlSyntaxException and nothing else:
// no stack overflow on deep nesting, no crash on random bytes, and legal input
// just under the nesting limits still parses.
using System.Text;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class RobustnessTests
{
    [Fact]
    public void TenMegabytesOfOpenParenthesesIsASyntaxError()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse("SELECT " + new string('(', 10 * 1024 * 1024)));

        Assert.Equal((1, 8 + SqlParser.MaxNestingDepth), (error.Line, error.Column));
        Assert.Contains("nested too deeply (limit 1000)", error.Message);
    }

    [Fact]
    public void ParenthesesJustUnderTheLimitParse()
    {
        int depth = SqlParser.MaxNestingDepth - 1;
        string sql = "SELECT " + new string('(', depth) + "1" + new string(')', depth);

        var select = Assert.IsType<SelectStatement>(SqlParser.ParseStatement(sql));
        Assert.Equal(new IntegerLiteral(1), ((ExpressionColumn)((SelectCore)select.First).Columns[0]).Expression);
    }

    [Fact]
    public void DeeplyNestedFunctionCallsAndSubqueriesUnderTheLimitParse()
    {
        string calls = "SELECT " + string.Concat(Enumerable.Repeat("abs(", 900)) + "x" + new string(')', 900);
        Assert.IsType<SelectStatement>(SqlParser.ParseStatement(calls));

        string subqueries = string.Concat(Enumerable.Repeat("SELECT (", 300)) + "1" + new string(')', 300);
        Assert.IsType<SelectStatement>(SqlParser.ParseStatement(subqueries));
    }

    [Fact]
    public void LongFlatChainsBuildWithoutRecursionUpToTheDepthLimit()
    {
        // SELECT (1) + chain of 998 more operators: depth 999 with the SELECT itself.
        string sum = "SELECT " + string.Join(" + ", Enumerable.Repeat("1", 999));
        Assert.IsType<SelectStatement>(SqlParser.ParseStatement(sum));

        string tooLong = "SELECT " + string.Join(" AND ", Enumerable.Repeat("a", 5000));
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(tooLong));
        Assert.Contains("expression tree too deep (limit 1000)", error.Message);
    }

    [Theory]
    [InlineData("- ", 100_000)]
    [InlineData("NOT ", 100_000)]
    [InlineData("CASE WHEN ", 50_000)]
    [InlineData("abs(", 999)]
    public void PathologicalNestingWithoutParenthesesIsASyntaxError(string prefix, int count)
    {
        string sql = "SELECT " + string.Concat(Enumerable.Repeat(prefix, count)) + "1";

        Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(sql));
    }

    [Fact]
    public void UnbalancedQuotesAndBracketsAreSyntaxErrors()
    {
        foreach (string sql in new[] { "'", "\"", "`", "[", "'''", "SELECT [a", "/*", "*/", "SELECT )", "SELECT (", "))))", "SELECT 'a' 'b" })
        {
            Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(sql));
        }
    }

    [Fact]
    public void RandomBytesOnlyEverRaiseSyntaxErrors()
    {
        var random = new Random(20240501);
        for (int i = 0; i < 2000; i++)
        {
            byte[] bytes = new byte[random.Next(1, 200)];
            random.NextBytes(bytes);
            string text = i % 2 == 0 ? Encoding.UTF8.GetString(bytes) : Encoding.Latin1.GetString(bytes);
            ParseExpectingOnlySyntaxErrors(text);
        }

        // Lone surrogates and control characters.
        ParseExpectingOnlySyntaxErrors("SELECT \uD800 FROM t");
        ParseExpectingOnlySyntaxErrors("SELECT '\uDC00\0'");
        ParseExpectingOnlySyntaxErrors("\0\0\0");
    }

    [Fact]
    public void NonAsciiIdentifiersAreNames()
    {
        var select = Assert.IsType<SelectStatement>(SqlParser.ParseStatement("SELECT größe FROM tabelle"));

        Assert.Equal(new ColumnReference(null, "größe"), ((ExpressionColumn)((SelectCore)select.First).Columns[0]).Expression);
    }

    internal static void ParseExpectingOnlySyntaxErrors(string sql)
    {
        try
        {
            SqlParser.Parse(sql);
        }
        catch (SqlSyntaxException)
        {
        }
        catch (Exception e)
        {
            Assert.Fail($"{e.GetType().Name} escaped for input {Escape(sql)}: {e}");
        }
    }

    private static string Escape(string sql)
    {
        var text = new StringBuilder("\"");
        foreach (char c in sql.Length > 300 ? sql[..300] : sql)
        {
            text.Append(c is >= ' ' and <= '~' and not '"' and not '\\' ? c.ToString() : $"\\u{(int)c:X4}");
        }

        return text.Append('"').ToString();
    }
}
