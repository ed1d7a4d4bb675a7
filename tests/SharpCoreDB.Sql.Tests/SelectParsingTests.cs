// SELECT in all its parts parses into the expected AST.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class SelectParsingTests
{
    [Fact]
    public void SimpleSelectWithWhere()
    {
        var expected = Query(Core(
            [Column(Col("a")), Column(Bin(BinaryOperator.Add, Col("b"), Int(1)), "total")],
            Table("t1"),
            Bin(BinaryOperator.Greater, Col("c"), Int(5))));

        Assert.Equal(expected, One<SelectStatement>("SELECT a, b + 1 AS total FROM t1 WHERE c > 5"));
    }

    [Fact]
    public void KeywordsAreCaseInsensitiveAndAliasesNeedNoAs()
    {
        var expected = Query(Core([Column(Col("a"), "x"), new AllColumns("t")], Table("t1", "t")));

        Assert.Equal(expected, One<SelectStatement>("sElEcT a x, t.* fRoM t1 t"));
    }

    [Fact]
    public void DistinctAllGroupByHaving()
    {
        var select = One<SelectStatement>("SELECT DISTINCT a, COUNT(*) FROM t GROUP BY a, b HAVING COUNT(*) > 1");
        var core = Assert.IsType<SelectCore>(select.First);

        Assert.True(core.Distinct);
        Assert.Equal([Col("a"), Col("b")], core.GroupBy);
        Assert.Equal(Bin(BinaryOperator.Greater, new FunctionCallExpression("COUNT", [], false, true), Int(1)), core.Having);
        Assert.False(Assert.IsType<SelectCore>(One<SelectStatement>("SELECT ALL a FROM t").First).Distinct);
    }

    [Fact]
    public void OperatorWordsAlsoNameFunctions()
    {
        // As in SQLite: like(p, x) and glob(p, x) call the functions; the operator forms still parse after an expression.
        var core = Assert.IsType<SelectCore>(One<SelectStatement>("SELECT like('a%', x), glob('*', x), x LIKE 'a', regexp(1, 2) FROM t").First);
        string[] names = [.. core.Columns.OfType<ExpressionColumn>().Select(c => c.Expression).OfType<FunctionCallExpression>().Select(f => f.Name)];
        Assert.Equal(["like", "glob", "regexp"], names);
        Assert.IsType<LikeExpression>(Assert.IsType<ExpressionColumn>(core.Columns[2]).Expression);
    }

    [Fact]
    public void JoinsFoldLeftDeep()
    {
        var select = One<SelectStatement>(
            "SELECT * FROM a, b INNER JOIN c ON b.x = c.x LEFT OUTER JOIN d USING (y, z) CROSS JOIN e JOIN f");
        var expected = new JoinSource(
            new JoinSource(
                new JoinSource(
                    new JoinSource(
                        new JoinSource(Table("a"), JoinKind.Cross, Table("b"), null, []),
                        JoinKind.Inner, Table("c"), Bin(BinaryOperator.Equal, Col("x", "b"), Col("x", "c")), []),
                    JoinKind.Left, Table("d"), null, ["y", "z"]),
                JoinKind.Cross, Table("e"), null, []),
            JoinKind.Inner, Table("f"), null, []);

        Assert.Equal(expected, Assert.IsType<SelectCore>(select.First).From);
    }

    [Fact]
    public void SubqueryInFromWithAlias()
    {
        var select = One<SelectStatement>("SELECT x FROM (SELECT a AS x FROM t) AS sub WHERE x IN (SELECT b FROM u)");
        var from = Assert.IsType<SubquerySource>(Assert.IsType<SelectCore>(select.First).From);

        Assert.Equal("sub", from.Alias);
        Assert.Equal(Query(Core([Column(Col("a"), "x")], Table("t"))), from.Query);
    }

    [Fact]
    public void CompoundWithOrderByAndLimitOnTheWhole()
    {
        var select = One<SelectStatement>(
            "SELECT a FROM t UNION SELECT b FROM u UNION ALL SELECT c FROM v INTERSECT SELECT 1 EXCEPT VALUES (2) ORDER BY 1 DESC NULLS LAST, 2 LIMIT 10 OFFSET 5");

        Assert.Equal(
            [CompoundOperator.Union, CompoundOperator.UnionAll, CompoundOperator.Intersect, CompoundOperator.Except],
            select.Compounds.Select(c => c.Operator));
        Assert.IsType<ValuesBody>(select.Compounds[3].Body);
        Assert.Equal(
            [new OrderingTerm(Int(1), SortDirection.Descending, NullsOrder.Last), new OrderingTerm(Int(2), SortDirection.Ascending, NullsOrder.Default)],
            select.OrderBy);
        Assert.Equal(new LimitClause(Int(10), Int(5)), select.Limit);
    }

    [Fact]
    public void LimitWithCommaIsOffsetThenCount()
    {
        Assert.Equal(new LimitClause(Int(10), Int(5)), One<SelectStatement>("SELECT a FROM t LIMIT 5, 10").Limit);
    }

    [Fact]
    public void OrderByNullsFirstAndAscending()
    {
        var select = One<SelectStatement>("SELECT a FROM t ORDER BY a ASC NULLS FIRST");

        Assert.Equal([new OrderingTerm(Col("a"), SortDirection.Ascending, NullsOrder.First)], select.OrderBy);
    }

    [Fact]
    public void SelectWithoutFrom()
    {
        Assert.Equal(Query(Core([Column(Int(1))])), One<SelectStatement>("SELECT 1"));
    }

    [Fact]
    public void CorrelatedScalarSubquery()
    {
        var select = One<SelectStatement>("SELECT (SELECT MAX(b) FROM u WHERE u.a = t.a) FROM t");
        var column = Assert.IsType<ExpressionColumn>(Assert.IsType<SelectCore>(select.First).Columns[0]);
        var sub = Assert.IsType<SubqueryExpression>(column.Expression);

        Assert.Equal(Bin(BinaryOperator.Equal, Col("a", "u"), Col("a", "t")), Assert.IsType<SelectCore>(sub.Subquery.First).Where);
    }

    [Fact]
    public void QuotedIdentifiersInAllThreeStyles()
    {
        var select = One<SelectStatement>("SELECT \"a\"\"b\", [c d], `e``f` FROM \"my table\"");

        Assert.Equal(
            Query(Core([Column(Col("a\"b")), Column(Col("c d")), Column(Col("e`f"))], Table("my table"))),
            select);
    }

    [Fact]
    public void StringAliasAndNonReservedKeywordsAsNames()
    {
        var select = One<SelectStatement>("SELECT key AS 'the key', first FROM temp");

        Assert.Equal(Query(Core([Column(Col("key"), "the key"), Column(Col("first"))], Table("temp"))), select);
    }

    [Fact]
    public void ParenthesisedJoinInFrom()
    {
        var select = One<SelectStatement>("SELECT * FROM (a JOIN b ON a.x = b.x), c");
        var from = Assert.IsType<JoinSource>(Assert.IsType<SelectCore>(select.First).From);

        Assert.IsType<JoinSource>(from.Left);
        Assert.Equal(JoinKind.Cross, from.Kind);
    }
}
