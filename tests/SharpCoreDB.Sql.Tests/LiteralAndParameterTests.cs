// Literals keep their typed values (64-bit integers with range checks, reals,
// unescaped text, blobs, booleans, NULL); parameters are numbered as SQLite
// numbers them; comments and several statements per script work.
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class LiteralAndParameterTests
{
    private static Expression E(string sql) => SqlParser.ParseExpression(sql);

    [Fact]
    public void IntegerLiteralsCoverTheWhole64BitRange()
    {
        Assert.Equal(new IntegerLiteral(long.MaxValue), E("9223372036854775807"));
        Assert.Equal(new IntegerLiteral(long.MinValue), E("-9223372036854775808"));
        Assert.Equal(new IntegerLiteral(long.MinValue), E("- 9223372036854775808"));
        Assert.Equal(new IntegerLiteral(0), E("0"));
        Assert.Equal(new IntegerLiteral(16), E("0x10"));
        Assert.Equal(new IntegerLiteral(-1), E("0xFFFFFFFFFFFFFFFF"));
        Assert.Equal(new UnaryExpression(UnaryOperator.Negate, new IntegerLiteral(16)), E("-0x10"));
    }

    // SQLite reads a decimal integer beyond 64 bits as a real, never wrapping it.
    [Theory]
    [InlineData("9223372036854775808", 9223372036854775808.0)]
    [InlineData("-9223372036854775809", -9223372036854775809.0)]
    [InlineData("99999999999999999999", 1e20)]
    [InlineData("-99999999999999999999", -1e20)]
    public void DecimalIntegersBeyond64BitsAreReals(string sql, double value)
    {
        Assert.Equal(new RealLiteral(value), E(sql));
    }

    [Theory]
    [InlineData("1.5", 1.5)]
    [InlineData(".5", 0.5)]
    [InlineData("1.", 1.0)]
    [InlineData("1e3", 1000.0)]
    [InlineData("2.5E-2", 0.025)]
    [InlineData("-4.25", -4.25)]
    public void RealLiterals(string sql, double value)
    {
        Assert.Equal(new RealLiteral(value), E(sql));
    }

    [Fact]
    public void TextBlobBooleanNullAndCurrentTime()
    {
        Assert.Equal(new StringLiteral("it's"), E("'it''s'"));
        Assert.Equal(new StringLiteral(string.Empty), E("''"));
        Assert.Equal(new StringLiteral("a -- not a comment"), E("'a -- not a comment'"));
        Assert.Equal(new BlobLiteral([0x0A, 0xBC]), E("X'0AbC'"));
        Assert.Equal(new BlobLiteral([]), E("x''"));
        Assert.Equal(new BooleanLiteral(true), E("TRUE"));
        Assert.Equal(new BooleanLiteral(false), E("false"));
        Assert.Equal(new NullLiteral(), E("NULL"));
        Assert.Equal(new CurrentTimeLiteral(CurrentTimeKind.Date), E("CURRENT_DATE"));
        Assert.Equal(new CurrentTimeLiteral(CurrentTimeKind.Time), E("current_time"));
    }

    [Fact]
    public void PositionalParametersAreNumberedInOrder()
    {
        var select = Assert.IsType<SelectStatement>(SqlParser.ParseStatement("SELECT ?, ? FROM t WHERE a = ?"));
        var core = Assert.IsType<SelectCore>(select.First);

        Assert.Equal(new ParameterExpression(null, '?', 1), ((ExpressionColumn)core.Columns[0]).Expression);
        Assert.Equal(new ParameterExpression(null, '?', 2), ((ExpressionColumn)core.Columns[1]).Expression);
        Assert.Equal(new ParameterExpression(null, '?', 3), ((BinaryExpression)core.Where!).Right);
    }

    [Fact]
    public void NumberedAndNamedParametersShareSqlitesNumbering()
    {
        var values = Assert.IsType<ValuesSource>(Assert.IsType<InsertStatement>(
            SqlParser.ParseStatement("INSERT INTO t VALUES (?5, ?, @a, :b, $c, @a, ?2)")).Source);

        Assert.Equal(
            [
                new ParameterExpression(null, '?', 5),
                new ParameterExpression(null, '?', 6),
                new ParameterExpression("a", '@', 7),
                new ParameterExpression("b", ':', 8),
                new ParameterExpression("c", '$', 9),
                new ParameterExpression("a", '@', 7),
                new ParameterExpression(null, '?', 2),
            ],
            values.Rows[0]);
    }

    [Fact]
    public void ParameterNumberingRestartsForEachStatement()
    {
        SqlScript script = SqlParser.Parse("SELECT ?, @x; SELECT ?");

        var second = Assert.IsType<SelectCore>(((SelectStatement)script[1]).First);
        Assert.Equal(new ParameterExpression(null, '?', 1), ((ExpressionColumn)second.Columns[0]).Expression);
    }

    [Fact]
    public void ScriptsSplitOnSemicolonsAndSkipEmptyStatements()
    {
        SqlScript script = SqlParser.Parse(";; SELECT 1 ; -- one\n ; /* two */ DELETE FROM t;");

        Assert.Equal(2, script.Count);
        Assert.IsType<SelectStatement>(script[0]);
        Assert.IsType<DeleteStatement>(script[1]);
        Assert.Equal("SELECT 1", script.GetStatementText(0));
        Assert.Equal("DELETE FROM t", script.GetStatementText(1));
        Assert.Empty(SqlParser.Parse(string.Empty));
        Assert.Empty(SqlParser.Parse("  -- only a comment"));
    }

    [Fact]
    public void NodesCarryTheirSourcePositions()
    {
        var select = Assert.IsType<SelectStatement>(SqlParser.ParseStatement("SELECT a,\n  b + 1\nFROM t WHERE c IN (1)"));
        var core = Assert.IsType<SelectCore>(select.First);
        var sum = Assert.IsType<BinaryExpression>(((ExpressionColumn)core.Columns[1]).Expression);

        Assert.Equal(new SourcePosition(1, 1), select.Position);
        Assert.Equal(new SourcePosition(1, 8), ((ExpressionColumn)core.Columns[0]).Expression.Position);
        Assert.Equal(new SourcePosition(2, 5), sum.Position);
        Assert.Equal(new SourcePosition(2, 3), sum.Left.Position);
        Assert.Equal(new SourcePosition(2, 7), sum.Right.Position);
        Assert.Equal(new SourcePosition(3, 6), core.From!.Position);
        Assert.Equal(new SourcePosition(3, 16), core.Where!.Position);
    }

    [Fact]
    public void EqualityIgnoresPositionsButNotContent()
    {
        Assert.Equal(SqlParser.ParseExpression("a+1"), SqlParser.ParseExpression("  a  +  1"));
        Assert.NotEqual(SqlParser.ParseExpression("a+1"), SqlParser.ParseExpression("a+2"));
        Assert.Equal(SqlParser.ParseExpression("a+1").GetHashCode(), SqlParser.ParseExpression(" a + 1").GetHashCode());
    }
}
