// Row values parse as RowValueExpression (a single parenthesised expression stays
// itself), and UPDATE SET (a, b) = .. becomes one assignment per column: the row's
// items in order, or each column of a subquery's first row; a count mismatch is
// SQLite's error.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class RowValueParsingTests
{
    [Fact]
    public void ParenthesesWithCommasMakeARowValue()
    {
        Assert.Equal(new RowValueExpression([Col("a"), Int(1)]), SqlParser.ParseExpression("(a, 1)"));
        Assert.Equal(Col("a"), SqlParser.ParseExpression("(a)"));
        var comparison = Assert.IsType<BinaryExpression>(SqlParser.ParseExpression("(a, b) < (1, 2)"));
        Assert.IsType<RowValueExpression>(comparison.Right);
    }

    [Fact]
    public void UpdateOfSeveralColumnsBecomesOneAssignmentEach()
    {
        var update = One<UpdateStatement>("UPDATE t SET (a, b) = (b, a), c = 1");
        Assert.Equal(["a", "b", "c"], update.Assignments.Select(x => x.Column));
        Assert.Equal([Col("b"), Col("a"), Int(1)], update.Assignments.Select(x => x.Value));

        var fromQuery = One<UpdateStatement>("UPDATE t SET (a, b) = (SELECT x, y FROM u)");
        Assert.Equal([0, 1], fromQuery.Assignments.Select(x => Assert.IsType<SubqueryExpression>(x.Value).Column));
    }

    [Fact]
    public void AColumnCountMismatchIsAnError()
    {
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => SqlParser.Parse("UPDATE t SET (a, b) = (1, 2, 3)"));
        Assert.Contains("2 columns assigned 3 values", error.Message, StringComparison.Ordinal);
    }
}
