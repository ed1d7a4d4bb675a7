// Window functions parse into OVER definitions with their frames, WINDOW clauses,
// FILTER and ORDER BY inside aggregate calls; they print back to SQL that parses to
// the same tree; the new keywords stay usable as names.
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class WindowParsingTests
{
    [Fact]
    public void OverWithPartitionOrderAndFrame()
    {
        var call = OnlyCall("SELECT sum(v) FILTER (WHERE v > 0) OVER (PARTITION BY g, h ORDER BY t DESC ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING EXCLUDE TIES) FROM x");
        WindowDefinition over = Assert.IsType<WindowDefinition>(call.Over);

        Assert.Equal([Col("g"), Col("h")], over.PartitionBy);
        Assert.Equal(SortDirection.Descending, over.OrderBy[0].Direction);
        Assert.Equal(
            new WindowFrame(FrameUnit.Rows, new FrameBound(FrameBoundKind.Preceding, Int(2)), new FrameBound(FrameBoundKind.Following, Int(1)), FrameExclusion.Ties),
            over.Frame);
        Assert.Equal(Bin(BinaryOperator.Greater, Col("v"), Int(0)), call.Filter);
    }

    [Fact]
    public void ASingleBoundEndsAtTheCurrentRowAndNamedWindowsAreKept()
    {
        var select = One<SelectStatement>("SELECT rank() OVER w, count(*) OVER (w GROUPS UNBOUNDED PRECEDING) FROM x WINDOW w AS (ORDER BY a)");
        var core = Assert.IsType<SelectCore>(select.First);
        var second = Assert.IsType<FunctionCallExpression>(Assert.IsType<ExpressionColumn>(core.Columns[1]).Expression);

        Assert.Equal("w", Assert.IsType<FunctionCallExpression>(Assert.IsType<ExpressionColumn>(core.Columns[0]).Expression).Over!.BaseName);
        Assert.Equal("w", second.Over!.BaseName);
        Assert.Equal(FrameBoundKind.CurrentRow, second.Over.Frame!.End.Kind);
        Assert.Equal("w", Assert.Single(core.Windows).Name);
    }

    [Fact]
    public void OrderByInsideAnAggregate()
    {
        var call = OnlyCall("SELECT group_concat(s, ',' ORDER BY s DESC, id) FROM x");

        Assert.Equal(2, call.Arguments.Count);
        Assert.Equal([Col("s"), Col("id")], call.OrderBy.Select(o => o.Expression));
    }

    [Theory]
    [InlineData("sum(v) FILTER (WHERE v > 0) OVER (PARTITION BY g ORDER BY t DESC NULLS LAST RANGE BETWEEN 1.5 PRECEDING AND CURRENT ROW EXCLUDE GROUP)")]
    [InlineData("rank() OVER w")]
    [InlineData("count(*) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)")]
    [InlineData("group_concat(DISTINCT s ORDER BY s)")]
    public void PrintsBackToTheSameTree(string expression)
    {
        Expression parsed = SqlParser.ParseExpression(expression);

        Assert.Equal(parsed, SqlParser.ParseExpression(SqlText.Of(parsed)));
    }

    [Fact]
    public void WindowKeywordsRemainNames()
    {
        var select = One<SelectStatement>("SELECT rows, range, groups, over, filter, current, row FROM partition AS window");

        Assert.Equal(7, Assert.IsType<SelectCore>(select.First).Columns.Count);
    }

    private static FunctionCallExpression OnlyCall(string sql)
    {
        var core = Assert.IsType<SelectCore>(One<SelectStatement>(sql).First);
        return Assert.IsType<FunctionCallExpression>(Assert.IsType<ExpressionColumn>(Assert.Single(core.Columns)).Expression);
    }
}
