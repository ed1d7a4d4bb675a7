// INSERT, UPDATE and DELETE parse into the expected AST.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class DmlParsingTests
{
    [Fact]
    public void InsertWithColumnsAndSeveralRows()
    {
        var expected = new InsertStatement(
            ConflictResolution.Default,
            new QualifiedName("t"),
            null,
            ["a", "b"],
            new ValuesSource([[Int(1), Str("x")], [Int(2), new NullLiteral()]]),
            []);

        Assert.Equal(expected, One<InsertStatement>("INSERT INTO t (a, b) VALUES (1, 'x'), (2, NULL)"));
    }

    [Theory]
    [InlineData("INSERT OR REPLACE INTO t VALUES (1)", ConflictResolution.Replace)]
    [InlineData("REPLACE INTO t VALUES (1)", ConflictResolution.Replace)]
    [InlineData("INSERT OR IGNORE INTO t VALUES (1)", ConflictResolution.Ignore)]
    [InlineData("INSERT OR ABORT INTO t VALUES (1)", ConflictResolution.Abort)]
    [InlineData("INSERT OR FAIL INTO t VALUES (1)", ConflictResolution.Fail)]
    [InlineData("INSERT OR ROLLBACK INTO t VALUES (1)", ConflictResolution.Rollback)]
    [InlineData("INSERT INTO t VALUES (1)", ConflictResolution.Default)]
    public void InsertConflictResolution(string sql, object expected)
    {
        // object: the syntax tree is internal, and a public test method cannot name its types.
        Assert.Equal((ConflictResolution)expected, One<InsertStatement>(sql).OnConflict);
    }

    [Fact]
    public void InsertSelectAndDefaultValues()
    {
        var fromSelect = One<InsertStatement>("INSERT INTO t2 SELECT * FROM t1 WHERE a > 1");
        Assert.Equal(
            new SelectSource(Query(Core([new AllColumns(null)], Table("t1"), Bin(BinaryOperator.Greater, Col("a"), Int(1))))),
            fromSelect.Source);

        Assert.IsType<DefaultValuesSource>(One<InsertStatement>("INSERT INTO t DEFAULT VALUES").Source);

        // A VALUES list with ORDER BY is a query, not a plain row list.
        Assert.IsType<SelectSource>(One<InsertStatement>("INSERT INTO t VALUES (1) UNION VALUES (2)").Source);
    }

    [Fact]
    public void InsertWithParametersAndReturning()
    {
        var insert = One<InsertStatement>("INSERT INTO users (id, name) VALUES (@id, @name) RETURNING id, *");

        Assert.Equal(
            new ValuesSource([[new ParameterExpression("id", '@', 1), new ParameterExpression("name", '@', 2)]]),
            insert.Source);
        Assert.Equal([Column(Col("id")), new AllColumns(null)], insert.Returning);
    }

    [Fact]
    public void UpdateWithWhereAndReturning()
    {
        var expected = new UpdateStatement(
            ConflictResolution.Default,
            new QualifiedName("t"),
            null,
            [new Assignment("a", Bin(BinaryOperator.Add, Col("a"), Int(1))), new Assignment("b", Str("x"))],
            Bin(BinaryOperator.Equal, Col("id"), new ParameterExpression(null, '?', 1)),
            [Column(Col("a"))]);

        Assert.Equal(expected, One<UpdateStatement>("UPDATE t SET a = a + 1, b = 'x' WHERE id = ? RETURNING a"));
        Assert.Equal(ConflictResolution.Ignore, One<UpdateStatement>("UPDATE OR IGNORE t SET a = 1").OnConflict);
    }

    [Fact]
    public void DeleteWithAndWithoutWhere()
    {
        Assert.Equal(new DeleteStatement(new QualifiedName("t"), null, null, []), One<DeleteStatement>("DELETE FROM t"));
        Assert.Equal(
            new DeleteStatement(new QualifiedName("main", "t"), "x", Bin(BinaryOperator.Less, Col("a"), Int(3)), [new AllColumns(null)]),
            One<DeleteStatement>("DELETE FROM main.t AS x WHERE a < 3 RETURNING *"));
    }

    [Fact]
    public void UpsertClausesKeepTheirTargetsAndActions()
    {
        var insert = One<InsertStatement>(
            "INSERT INTO t AS x VALUES (1, 2) ON CONFLICT (a, b COLLATE NOCASE) WHERE a > 0 DO NOTHING " +
            "ON CONFLICT (c) DO UPDATE SET (d, e) = (excluded.d, 1), f = x.f + 1 WHERE f < 9 ON CONFLICT DO NOTHING RETURNING *");

        Assert.Equal(3, insert.Upserts.Count);
        Assert.Equal(["a", "b"], insert.Upserts[0].Target.Select(c => c.Name));
        Assert.Equal("NOCASE", insert.Upserts[0].Target[1].Collation);
        Assert.NotNull(insert.Upserts[0].TargetWhere);
        Assert.True(insert.Upserts[0].DoNothing);
        Assert.Equal(["d", "e", "f"], insert.Upserts[1].Set.Select(a => a.Column));
        Assert.NotNull(insert.Upserts[1].Where);
        Assert.Empty(insert.Upserts[2].Target);
        Assert.Single(insert.Returning);
    }
}
