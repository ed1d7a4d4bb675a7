// The statement splitter: semicolons end statements only outside strings, quoted
// identifiers and comments; text arriving line by line is held until complete;
// each statement knows the line and column it starts at.
using SharpCoreDB.Cli.Input;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class StatementSplitterTests
{
    [Theory]
    [InlineData("SELECT 'a;b'; SELECT 2", new[] { "SELECT 'a;b'", "SELECT 2" })]
    [InlineData("SELECT 'it''s; fine'; SELECT 2;", new[] { "SELECT 'it''s; fine'", "SELECT 2" })]
    [InlineData("SELECT \"odd;name\" FROM t;", new[] { "SELECT \"odd;name\" FROM t" })]
    [InlineData("SELECT `a;b`, [c;d] FROM t;", new[] { "SELECT `a;b`, [c;d] FROM t" })]
    [InlineData("SELECT 1 -- not the end;\n + 1; SELECT 2;", new[] { "SELECT 1 -- not the end;\n + 1", "SELECT 2" })]
    [InlineData("SELECT /* ; */ 1; /* only a comment; */ ;", new[] { "SELECT /* ; */ 1" })]
    [InlineData(";;  ;\n;", new string[0])]
    [InlineData("SELECT 1; -- trailing comment", new[] { "SELECT 1" })]
    [InlineData("SELECT 'unterminated;", new[] { "SELECT 'unterminated;" })]
    [InlineData("CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO l VALUES (1); DELETE FROM x; END; SELECT 2;",
        new[] { "CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO l VALUES (1); DELETE FROM x; END", "SELECT 2" })]
    [InlineData("create temp trigger tr after delete on t begin\n select 'end;';\nend ; SELECT 3",
        new[] { "create temp trigger tr after delete on t begin\n select 'end;';\nend", "SELECT 3" })]
    [InlineData("CREATE TABLE trigger_log (x); SELECT 1;", new[] { "CREATE TABLE trigger_log (x)", "SELECT 1" })]
    [InlineData("IF NOT EXISTS (SELECT 1 FROM h) THEN\n  INSERT INTO h VALUES (1);\n  CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;\nEND IF; SELECT 2;",
        new[] { "IF NOT EXISTS (SELECT 1 FROM h) THEN\n  INSERT INTO h VALUES (1);\n  CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;\nEND IF", "SELECT 2" })]
    [InlineData("if exists (select 1) then delete from t; end /* c */ if ; SELECT 3", new[] { "if exists (select 1) then delete from t; end /* c */ if", "SELECT 3" })]
    public void SemicolonsEndStatementsOnlyOutsideQuotesAndComments(string text, string[] expected)
    {
        List<SqlChunk> chunks = StatementSplitter.Split(text);

        Assert.Equal(expected, chunks.Select(c => c.Text).ToArray());
    }

    [Fact]
    public void LinesAreHeldUntilASemicolonEndsTheStatement()
    {
        var splitter = new StatementSplitter();

        splitter.AppendLine("SELECT 'first line");
        Assert.False(splitter.TryTake(out _));
        Assert.False(splitter.IsEmpty);
        Assert.True(splitter.IsInsideQuoteOrComment);
        splitter.AppendLine("; still the string'");
        Assert.False(splitter.TryTake(out _));
        splitter.AppendLine("  AS x; SELECT");
        Assert.True(splitter.TryTake(out SqlChunk first));
        Assert.Equal("SELECT 'first line\n; still the string'\n  AS x", first.Text);
        Assert.False(splitter.IsEmpty);
        splitter.AppendLine("2;");
        Assert.True(splitter.TryTake(out SqlChunk second));
        Assert.Equal("SELECT\n2", second.Text);
        Assert.True(splitter.IsEmpty);
        Assert.Null(splitter.TakeRemainder());
    }

    [Fact]
    public void EachStatementKnowsTheLineAndColumnItStartsAt()
    {
        var splitter = new StatementSplitter();
        splitter.AppendLine("SELECT 1;   SELECT");
        splitter.AppendLine("  2;");
        splitter.SkipLine(); // a dot command on line 3
        splitter.AppendLine("");
        splitter.AppendLine("   SELECT 3;");

        Assert.True(splitter.TryTake(out SqlChunk a));
        Assert.True(splitter.TryTake(out SqlChunk b));
        Assert.True(splitter.TryTake(out SqlChunk c));
        Assert.Equal((1, 1), (a.Line, a.Column));
        Assert.Equal((1, 13), (b.Line, b.Column));
        Assert.Equal((5, 4), (c.Line, c.Column));
    }

    [Fact]
    public void ResetDropsThePendingStatement()
    {
        var splitter = new StatementSplitter();
        splitter.AppendLine("SELECT 'oops");
        splitter.Reset();
        splitter.AppendLine("SELECT 1;");

        Assert.True(splitter.TryTake(out SqlChunk chunk));
        Assert.Equal("SELECT 1", chunk.Text);
        Assert.Equal(2, chunk.Line);
    }
}
