// SELECT COUNT(*) FROM t counts B+tree entries without reading a record, through
// the index with the fewest columns when there is one (its leaves are fewer). The
// count must be the table's row count whatever the rows hold (NULL keys, long
// texts, duplicates), after updates that move index entries and deletes, inside an
// open transaction and after its rollback; EXPLAIN names the tree it counts.
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Tests.Engine;

public sealed class CountRowsTests : IDisposable
{
    private readonly EngineHarness _db = new(new SharpCoreDB.Storage.StorageOptions { Path = null, PageSize = PageLayout.MinPageSize });

    public CountRowsTests()
    {
        _db.Execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, author TEXT, body TEXT, stars INTEGER)");
        _db.Execute("CREATE INDEX ix_author_stars ON notes (author, stars)");
        _db.Execute("CREATE INDEX ix_stars ON notes (stars)");
        for (int i = 1; i <= 3000; i++)
        {
            object? author = i % 7 == 0 ? null : "author" + (i % 40);
            object? stars = i % 11 == 0 ? null : (long)(i % 5);
            _db.Execute("INSERT INTO notes VALUES (?1, ?2, ?3, ?4)", i, author, new string('x', 50 + (i % 200)), stars);
        }
    }

    [Fact]
    public void CountsThroughTheIndexWithFewestColumns()
    {
        Assert.Equal(3000L, _db.Scalar("SELECT COUNT(*) FROM notes"));
        string plan = _db.Explain("SELECT COUNT(*) FROM notes");
        Assert.Contains("COUNT ROWS OF notes (entries of index ix_stars)", plan);
    }

    [Fact]
    public void TheCountFollowsUpdatesDeletesAndRollbacks()
    {
        _db.Execute("UPDATE notes SET stars = NULL WHERE id % 3 = 0");
        _db.Execute("UPDATE notes SET stars = stars + 10 WHERE id % 4 = 0");
        _db.Execute("DELETE FROM notes WHERE stars IS NULL AND id % 2 = 0");
        long expected = (long)_db.Scalar("SELECT COUNT(id) FROM notes")!;
        Assert.True(expected < 3000);
        Assert.Equal(expected, _db.Scalar("SELECT COUNT(*) FROM notes"));

        _db.Execute("BEGIN");
        _db.Execute("DELETE FROM notes WHERE id <= 100");
        _db.Execute("INSERT INTO notes (author, stars) VALUES ('late', 1), (NULL, NULL)");
        long inside = (long)_db.Scalar("SELECT COUNT(id) FROM notes")!;
        Assert.Equal(inside, _db.Scalar("SELECT COUNT(*) FROM notes"));
        _db.Execute("ROLLBACK");

        Assert.Equal(expected, _db.Scalar("SELECT COUNT(*) FROM notes"));
    }

    [Fact]
    public void ATableWithoutANarrowerIndexCountsItsOwnTree()
    {
        _db.Execute("CREATE TABLE pairs (a INTEGER, b TEXT)");
        _db.Execute("CREATE INDEX ix_pairs ON pairs (a, b)");
        _db.Execute("INSERT INTO pairs VALUES (1, 'x'), (1, 'x'), (NULL, NULL)");

        Assert.Equal(3L, _db.Scalar("SELECT COUNT(*) FROM pairs"));
        string plan = _db.Explain("SELECT COUNT(*) FROM pairs");
        Assert.Contains("COUNT ROWS OF pairs (entries of the table's B+tree)", plan);
    }

    public void Dispose() => _db.Dispose();
}
