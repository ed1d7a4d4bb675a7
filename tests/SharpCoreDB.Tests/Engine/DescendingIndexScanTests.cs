// ORDER BY ... DESC served by running an index backward: EXPLAIN shows the
// index and no sort, and the rows equal those of a forced sort (the same ORDER
// BY through expressions) with SQLite's NULL placement — NULLs are the smallest
// values, so they come last descending — for full index scans, equality
// prefixes, ranges with every bound kind, LIMIT/OFFSET, and MAX-like queries.
namespace SharpCoreDB.Tests.Engine;

public sealed class DescendingIndexScanTests
{
    private static EngineHarness Filled()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c INTEGER NOT NULL); CREATE INDEX tab ON t(a, b); CREATE INDEX tc ON t(c)");
        var random = new Random(11);
        for (int i = 1; i <= 400; i++)
        {
            object? a = i % 13 == 0 ? null : random.Next(0, 25);
            object? b = i % 7 == 0 ? null : "s" + random.Next(0, 40);
            db.Execute("INSERT INTO t VALUES (?, ?, ?, ?)", i, a, b, random.Next(0, 100));
        }

        return db;
    }

    [Theory]
    [InlineData("SELECT a, b, id FROM t ORDER BY a DESC, b DESC, id DESC", "ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t ORDER BY a DESC, b DESC, id DESC LIMIT 7", "ORDER BY +a DESC, +b DESC, +id DESC LIMIT 7")]
    [InlineData("SELECT a, b, id FROM t ORDER BY a DESC, b DESC, id DESC LIMIT 5 OFFSET 390", "ORDER BY +a DESC, +b DESC, +id DESC LIMIT 5 OFFSET 390")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 3 ORDER BY b DESC, id DESC", "WHERE a = 3 ORDER BY +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 3 ORDER BY a DESC, b DESC, id DESC", "WHERE a = 3 ORDER BY +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a > 10 ORDER BY a DESC, b DESC, id DESC", "WHERE a > 10 ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a >= 10 ORDER BY a DESC, b DESC, id DESC", "WHERE a >= 10 ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a < 10 ORDER BY a DESC, b DESC, id DESC", "WHERE a < 10 ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a <= 10 ORDER BY a DESC, b DESC, id DESC", "WHERE a <= 10 ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a > 4 AND a <= 9 ORDER BY a DESC, b DESC, id DESC", "WHERE a > 4 AND a <= 9 ORDER BY +a DESC, +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a BETWEEN 4 AND 9 ORDER BY a DESC, b DESC, id DESC LIMIT 3", "WHERE a BETWEEN 4 AND 9 ORDER BY +a DESC, +b DESC, +id DESC LIMIT 3")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 5 AND b > 's20' ORDER BY b DESC, id DESC", "WHERE a = 5 AND b > 's20' ORDER BY +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 5 AND b < 's20' ORDER BY b DESC, id DESC", "WHERE a = 5 AND b < 's20' ORDER BY +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 5 AND b >= 's20' AND b <= 's35' ORDER BY b DESC, id DESC", "WHERE a = 5 AND b >= 's20' AND b <= 's35' ORDER BY +b DESC, +id DESC")]
    [InlineData("SELECT a, b, id FROM t WHERE a = 99 ORDER BY b DESC", "WHERE a = 99 ORDER BY +b DESC")]
    [InlineData("SELECT c, id FROM t ORDER BY c DESC, id DESC", "ORDER BY +c DESC, +id DESC")]
    [InlineData("SELECT c, id FROM t ORDER BY c DESC NULLS FIRST, id DESC", "ORDER BY +c DESC, +id DESC")]
    public void DescendingOrdersComeFromTheIndexAndMatchASort(string sql, string forcedTail)
    {
        using var db = Filled();
        string plan = db.Explain(sql);
        Assert.DoesNotContain("SORT", plan);
        Assert.Contains("USING INDEX", plan);
        Assert.Contains("(descending)", plan);
        string forced = sql[..sql.IndexOf(forcedTail.StartsWith("WHERE", StringComparison.Ordinal) ? " WHERE" : " ORDER BY", StringComparison.Ordinal)] + " " + forcedTail;
        Assert.Contains("SORT", db.Explain(forced));
        List<object?[]> expected = db.Query(forced);
        Assert.Equal(expected, db.Query(sql));
    }

    [Fact]
    public void NullsComeLastDescendingAndFirstAscending()
    {
        using var db = Filled();
        List<object?[]> rows = db.Query("SELECT a FROM t ORDER BY a DESC");
        Assert.Equal(400, rows.Count);
        Assert.Equal(24L, rows[0][0]);
        Assert.All(rows.TakeLast(400 / 13), r => Assert.Null(r[0]));
        Assert.NotNull(rows[rows.Count - (400 / 13) - 1][0]);

        // The range excludes NULLs in both directions.
        Assert.DoesNotContain(db.Query("SELECT a FROM t WHERE a < 3 ORDER BY a DESC"), r => r[0] is null);
        Assert.Equal(db.Query("SELECT a FROM t WHERE a < 3 ORDER BY +a DESC"), db.Query("SELECT a FROM t WHERE a < 3 ORDER BY a DESC"));

        // NULLS FIRST descending (or LAST ascending) cannot come from one index pass on a nullable column: it sorts.
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY a DESC NULLS FIRST"));
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY a NULLS LAST"));
        Assert.Equal(db.Query("SELECT a FROM t ORDER BY +a DESC NULLS FIRST"), db.Query("SELECT a FROM t ORDER BY a DESC NULLS FIRST"));
        Assert.Null(db.Query("SELECT a FROM t ORDER BY a DESC NULLS FIRST")[0][0]);

        // Mixed directions still sort.
        Assert.Contains("SORT", db.Explain("SELECT a, b FROM t ORDER BY a DESC, b"));
        Assert.Contains("SORT", db.Explain("SELECT a, b FROM t ORDER BY a, b DESC"));
    }

    [Fact]
    public void MaxLikeQueriesReadFromTheEndOfTheIndex()
    {
        using var db = Filled();
        string plan = db.Explain("SELECT c FROM t ORDER BY c DESC LIMIT 1");
        Assert.Contains("SCAN t USING INDEX tc (descending)", plan);
        Assert.DoesNotContain("SORT", plan);
        Assert.Equal(db.Scalar("SELECT MAX(c) FROM t"), db.Scalar("SELECT c FROM t ORDER BY c DESC LIMIT 1"));
        Assert.Equal(db.Scalar("SELECT MAX(b) FROM t WHERE a = 7"), db.Scalar("SELECT b FROM t WHERE a = 7 ORDER BY b DESC LIMIT 1"));
        Assert.Equal(db.Scalar("SELECT MAX(a) FROM t WHERE a < 12"), db.Scalar("SELECT a FROM t WHERE a < 12 ORDER BY a DESC LIMIT 1"));
        Assert.Equal(db.Query("SELECT a, b, id FROM t ORDER BY +a DESC, +b DESC, +id DESC LIMIT 3"), db.Query("SELECT a, b, id FROM t ORDER BY a DESC LIMIT 3"));
    }

    [Fact]
    public void DescendingScansSeeChangesAndSurviveReopen()
    {
        using var dir = new TempDirectory("scdb-desc-");
        string path = dir.File("desc.db");
        using (var db = new EngineHarness(new SharpCoreDB.Storage.StorageOptions { Path = path }))
        {
            db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX tv ON t(v)");
            for (int i = 0; i < 200; i++)
            {
                db.Execute("INSERT INTO t VALUES (?, ?)", i, i % 10 == 0 ? null : $"v{i:D3}");
            }

            db.Execute("DELETE FROM t WHERE id BETWEEN 150 AND 180");
        }

        using (var db = new EngineHarness(new SharpCoreDB.Storage.StorageOptions { Path = path }))
        {
            Assert.Contains("(descending)", db.Explain("SELECT v FROM t ORDER BY v DESC"));
            List<object?[]> rows = db.Query("SELECT v, id FROM t ORDER BY v DESC, id DESC");
            Assert.Equal(db.Query("SELECT v, id FROM t ORDER BY +v DESC, +id DESC"), rows);
            Assert.Equal("v199", rows[0][0]);
            Assert.Null(rows[^1][0]);
            Assert.Equal(200 - 31, rows.Count);
        }
    }
}
