// Transaction control, EXPLAIN and PRAGMA parse into the expected AST.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Tests.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class TransactionAndPragmaTests
{
    [Theory]
    [InlineData("BEGIN", TransactionMode.Deferred)]
    [InlineData("BEGIN TRANSACTION", TransactionMode.Deferred)]
    [InlineData("BEGIN DEFERRED", TransactionMode.Deferred)]
    [InlineData("BEGIN IMMEDIATE TRANSACTION", TransactionMode.Immediate)]
    [InlineData("begin exclusive", TransactionMode.Exclusive)]
    public void Begin(string sql, object mode)
    {
        Assert.Equal(new BeginStatement((TransactionMode)mode), One<BeginStatement>(sql));
    }

    [Theory]
    [InlineData("COMMIT")]
    [InlineData("COMMIT TRANSACTION")]
    [InlineData("END")]
    [InlineData("END TRANSACTION")]
    public void Commit(string sql)
    {
        Assert.IsType<CommitStatement>(SqlParser.ParseStatement(sql));
    }

    [Theory]
    [InlineData("ROLLBACK", null)]
    [InlineData("ROLLBACK TRANSACTION", null)]
    [InlineData("ROLLBACK TO sp1", "sp1")]
    [InlineData("ROLLBACK TRANSACTION TO SAVEPOINT sp1", "sp1")]
    public void Rollback(string sql, string? savepoint)
    {
        Assert.Equal(new RollbackStatement(savepoint), One<RollbackStatement>(sql));
    }

    [Fact]
    public void SavepointAndRelease()
    {
        Assert.Equal(new SavepointStatement("sp"), One<SavepointStatement>("SAVEPOINT sp"));
        Assert.Equal(new ReleaseStatement("sp"), One<ReleaseStatement>("RELEASE sp"));
        Assert.Equal(new ReleaseStatement("sp"), One<ReleaseStatement>("RELEASE SAVEPOINT sp"));
    }

    [Fact]
    public void ExplainWrapsAnyStatement()
    {
        Assert.Equal(
            new ExplainStatement(Query(Core([Column(Int(1))])), false),
            One<ExplainStatement>("EXPLAIN SELECT 1"));
        Assert.Equal(
            new ExplainStatement(new DeleteStatement(new QualifiedName("t"), null, null, []), true),
            One<ExplainStatement>("EXPLAIN QUERY PLAN DELETE FROM t"));
    }

    [Fact]
    public void PragmaForms()
    {
        Assert.Equal(new PragmaStatement(new QualifiedName("integrity_check"), null), One<PragmaStatement>("PRAGMA integrity_check"));
        Assert.Equal(new PragmaStatement(new QualifiedName("main", "page_size"), Int(4096)), One<PragmaStatement>("PRAGMA main.page_size = 4096"));
        Assert.Equal(new PragmaStatement(new QualifiedName("cache_size"), Int(-2000)), One<PragmaStatement>("PRAGMA cache_size = -2000"));
        Assert.Equal(new PragmaStatement(new QualifiedName("journal_mode"), Str("WAL")), One<PragmaStatement>("PRAGMA journal_mode = WAL"));
        Assert.Equal(new PragmaStatement(new QualifiedName("foreign_keys"), Str("ON")), One<PragmaStatement>("PRAGMA foreign_keys = ON"));
        Assert.Equal(new PragmaStatement(new QualifiedName("table_info"), Str("t1")), One<PragmaStatement>("PRAGMA table_info(t1)"));
        Assert.Equal(new PragmaStatement(new QualifiedName("integrity_check"), Int(10)), One<PragmaStatement>("PRAGMA integrity_check(10)"));
    }
}
