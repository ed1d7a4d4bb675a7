// An UPDATE rewrites only the index entries whose key changed: an update of a
// column no index covers must leave the index's pages untouched (no copy, no log
// record, no checkpoint write), and one that changes an indexed value must move its
// entry, so that lookups through the index find the new value and not the old one.
using SharpCoreDB.Engine;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Tests.Engine;

public sealed class UpdateIndexMaintenanceTests : IDisposable
{
    private readonly EngineHarness _db = new();

    public UpdateIndexMaintenanceTests()
    {
        _db.Execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, age INTEGER, city TEXT)");
        _db.Execute("CREATE INDEX ix_age ON users (age)");
        _db.Execute("CREATE UNIQUE INDEX ix_name_city ON users (name, city)");
        for (int i = 1; i <= 50; i++)
        {
            _db.Execute("INSERT INTO users VALUES (?1, ?2, ?3, ?4)", i, "user" + i, 20 + (i % 5), i % 2 == 0 ? "Oslo" : "Bergen");
        }
    }

    [Fact]
    public void UpdatingAColumnNoIndexCoversLeavesEveryIndexPageAlone()
    {
        _db.Execute("ALTER TABLE users ADD COLUMN note TEXT");
        long age = IndexRootLsn("ix_age");
        long nameCity = IndexRootLsn("ix_name_city");

        Assert.Equal(1, _db.Execute("UPDATE users SET note = 'changed' WHERE id = 7"));

        Assert.Equal(age, IndexRootLsn("ix_age"));
        Assert.Equal(nameCity, IndexRootLsn("ix_name_city"));
        Assert.Equal("changed", _db.Scalar("SELECT note FROM users WHERE id = 7"));
    }

    [Fact]
    public void AssigningAnIndexedColumnItsOwnValueLeavesItsIndexAlone()
    {
        long age = IndexRootLsn("ix_age");

        Assert.Equal(1, _db.Execute("UPDATE users SET age = age, city = 'Tromsø' WHERE id = 9"));

        Assert.Equal(age, IndexRootLsn("ix_age"));
        Assert.Equal(9L, _db.Scalar("SELECT id FROM users WHERE name = 'user9' AND city = 'Tromsø'"));
        Assert.Empty(_db.Query("SELECT id FROM users WHERE name = 'user9' AND city = 'Bergen'"));
    }

    [Fact]
    public void ChangingAnIndexedValueMovesItsEntry()
    {
        long age = IndexRootLsn("ix_age");

        Assert.Equal(1, _db.Execute("UPDATE users SET age = 99 WHERE id = 12"));

        Assert.NotEqual(age, IndexRootLsn("ix_age"));
        Assert.Equal([12L], Ids("SELECT id FROM users WHERE age = 99"));
        Assert.DoesNotContain(12L, Ids("SELECT id FROM users WHERE age = 22"));
        Assert.Equal(9, Ids("SELECT id FROM users WHERE age = 22").Count);
        Assert.Equal(50L, _db.Scalar("SELECT COUNT(*) FROM users WHERE age >= 0"));
    }

    [Fact]
    public void AnUpdateThatWouldDuplicateAUniqueKeyFailsAndChangesNothing()
    {
        long nameCity = IndexRootLsn("ix_name_city");

        var error = Assert.Throws<SharpCoreDBException>(() => _db.Execute("UPDATE users SET name = 'user2' WHERE id = 4"));

        Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, error.ErrorCode);
        Assert.Equal(nameCity, IndexRootLsn("ix_name_city"));
        Assert.Equal("user4", _db.Scalar("SELECT name FROM users WHERE id = 4"));
        Assert.Equal([2L], Ids("SELECT id FROM users WHERE name = 'user2' AND city = 'Oslo'"));
    }

    public void Dispose() => _db.Dispose();

    private List<long> Ids(string sql)
    {
        var ids = new List<long>();
        foreach (object?[] row in _db.Query(sql))
        {
            ids.Add((long)row[0]!);
        }

        ids.Sort();
        return ids;
    }

    /// <summary>The LSN of the newest committed image of the index's root page: it changes only when a commit rewrites that page.</summary>
    private long IndexRootLsn(string index)
    {
        Database database = _db.Database;
        using ReadTransaction read = database.Storage.BeginRead();
        uint root = database.CatalogFor(read, read.State).FindIndex(index)!.RootPage;
        return SharpCoreDB.Storage.Pages.PageHeader.GetLsn(database.Storage.Cache.Get(root, long.MaxValue));
    }
}
