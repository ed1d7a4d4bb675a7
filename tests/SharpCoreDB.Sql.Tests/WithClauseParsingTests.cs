// WITH parses into common table expressions with their columns and MATERIALIZED
// hints, in front of SELECT, INSERT, UPDATE and DELETE and inside subqueries; `x IN
// table` reads as `x IN (SELECT * FROM table)`; RECURSIVE and MATERIALIZED stay
// usable as names.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class WithClauseParsingTests
{
    [Fact]
    public void SeveralCtesWithColumnsAndHints()
    {
        var select = One<SelectStatement>(
            "WITH RECURSIVE a(x, y) AS (SELECT 1, 2), b AS MATERIALIZED (SELECT x FROM a), c AS NOT MATERIALIZED (SELECT 3) SELECT * FROM b");
        WithClause with = Assert.IsType<WithClause>(select.With);

        Assert.True(with.Recursive);
        Assert.Equal(["a", "b", "c"], with.Tables.Select(t => t.Name));
        Assert.Equal(["x", "y"], with.Tables[0].Columns);
        Assert.Equal(
            [CteMaterialization.Default, CteMaterialization.Materialized, CteMaterialization.NotMaterialized],
            with.Tables.Select(t => t.Materialization));
        Assert.Equal(Query(Core([Column(Col("x"))], Table("a"))), with.Tables[1].Query);
        Assert.Equal(Table("b"), Assert.IsType<SelectCore>(select.First).From);
    }

    [Fact]
    public void WithPrefixesEveryDataStatementAndSubqueries()
    {
        Assert.NotNull(One<InsertStatement>("WITH c AS (SELECT 1) INSERT INTO t SELECT * FROM c").With);
        Assert.NotNull(One<UpdateStatement>("WITH c AS (SELECT 1 AS v) UPDATE t SET a = 1 WHERE a IN (SELECT v FROM c)").With);
        Assert.NotNull(One<DeleteStatement>("WITH c AS (SELECT 1 AS v) DELETE FROM t WHERE a IN c").With);

        var insert = One<InsertStatement>("INSERT INTO t WITH c AS (SELECT 1) SELECT * FROM c");
        Assert.Null(insert.With);
        Assert.NotNull(Assert.IsType<SelectSource>(insert.Source).Query.With);

        var scalar = One<SelectStatement>("SELECT (WITH c AS (SELECT 1 AS v) SELECT v FROM c)");
        var column = Assert.IsType<ExpressionColumn>(Assert.IsType<SelectCore>(scalar.First).Columns[0]);
        Assert.NotNull(Assert.IsType<SubqueryExpression>(column.Expression).Subquery.With);
    }

    [Fact]
    public void InTableReadsAsInSelectStarFromTheTable()
    {
        var select = One<SelectStatement>("SELECT 1 FROM t WHERE a NOT IN u");
        var condition = Assert.IsType<InExpression>(Assert.IsType<SelectCore>(select.First).Where);

        Assert.True(condition.Negated);
        Assert.Equal(Query(Core([new AllColumns(null)], Table("u"))), condition.Subquery);
    }

    [Fact]
    public void RecursiveAndMaterializedRemainNames()
    {
        var select = One<SelectStatement>("SELECT recursive, materialized FROM materialized");

        Assert.Equal(Query(Core([Column(Col("recursive")), Column(Col("materialized"))], Table("materialized"))), select);
    }
}
