// ORDER BY planning: an index or the rowid order that already gives the order
// replaces the sort (visible in EXPLAIN), ORDER BY ... LIMIT without such an
// index uses a bounded top-N heap; both must return exactly what a full sort
// returns.
namespace SharpCoreDB.Tests.Engine;

public sealed class OrderByPlanTests
{
    private static EngineHarness Filled()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c INTEGER); CREATE INDEX tab ON t(a, b)");
        var random = new Random(7);
        for (int i = 1; i <= 300; i++)
        {
            object? a = i % 17 == 0 ? null : random.Next(0, 20);
            db.Execute("INSERT INTO t VALUES (?, ?, ?, ?)", i, a, "s" + random.Next(0, 50), random.Next(0, 1000));
        }

        return db;
    }

    [Fact]
    public void RowidOrderNeedsNoSort()
    {
        using var db = Filled();
        Assert.DoesNotContain("SORT", db.Explain("SELECT id FROM t ORDER BY id"));
        Assert.DoesNotContain("SORT", db.Explain("SELECT id FROM t ORDER BY id DESC"));
        Assert.Contains("SCAN t (descending)", db.Explain("SELECT id FROM t ORDER BY id DESC"));
        Assert.DoesNotContain("SORT", db.Explain("SELECT id FROM t WHERE id > 250 ORDER BY rowid DESC"));
        Assert.Equal(Enumerable.Range(1, 300).Reverse().Select(i => (long)i), db.Query("SELECT id FROM t ORDER BY id DESC").Select(r => (long)r[0]!));
        Assert.Equal([[300L], [299L], [298L]], db.Query("SELECT id FROM t WHERE id > 250 ORDER BY rowid DESC LIMIT 3"));
        Assert.Equal(Enumerable.Range(1, 300).Select(i => (long)i), db.Query("SELECT id FROM t ORDER BY id").Select(r => (long)r[0]!));
    }

    [Fact]
    public void IndexOrderNeedsNoSortAndMatchesASort()
    {
        using var db = Filled();
        string[] served =
        [
            "SELECT a, b, id FROM t ORDER BY a",
            "SELECT a, b, id FROM t ORDER BY a, b",
            "SELECT a, b, id FROM t ORDER BY a, b, id",
            "SELECT a, b, id FROM t WHERE a = 3 ORDER BY b",
            "SELECT a, b, id FROM t WHERE a = 3 ORDER BY a, b, id",
            "SELECT a, b, id FROM t WHERE a > 10 ORDER BY a",
            "SELECT a, b, id FROM t ORDER BY a LIMIT 5",
        ];
        foreach (string sql in served)
        {
            string plan = db.Explain(sql);
            Assert.DoesNotContain("SORT", plan);
            Assert.Contains("USING INDEX tab", plan);
            // The same ORDER BY through expressions forces a real sort; results must be identical.
            string forced = sql.Replace("ORDER BY a, b, id", "ORDER BY +a, +b, +id").Replace("ORDER BY a, b", "ORDER BY +a, +b")
                .Replace("ORDER BY a", "ORDER BY +a, +b, +id").Replace("ORDER BY b", "ORDER BY +b, +id");
            Assert.Contains("SORT", db.Explain(forced));
            Assert.Equal(db.Query(forced), db.Query(sql));
        }

        Assert.Equal([[null, null], [null, null]], db.Query("SELECT a, NULL FROM t ORDER BY a LIMIT 2"));
        Assert.Contains("SCAN t USING INDEX tab", db.Explain("SELECT * FROM t ORDER BY a"));

        // Orders an index cannot give still sort.
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY a DESC NULLS FIRST"));
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY a DESC, b"));
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY b"));
        Assert.Contains("SORT", db.Explain("SELECT a FROM t ORDER BY a NULLS LAST"));
        Assert.Contains("SORT", db.Explain("SELECT a, COUNT(*) FROM t GROUP BY a ORDER BY a"));
    }

    [Fact]
    public void OrderByLimitUsesATopNHeap()
    {
        using var db = Filled();
        string plan = db.Explain("SELECT c, id FROM t ORDER BY c DESC, id LIMIT 10");
        Assert.Contains("SORT ORDER BY (top-N heap)", plan);
        Assert.Contains("SORT ORDER BY\n", db.Explain("SELECT c, id FROM t ORDER BY c DESC, id") + "\n");

        List<object?[]> all = db.Query("SELECT c, b, id FROM t ORDER BY c DESC, b");
        foreach ((int limit, int offset) in new[] { (10, 0), (1, 0), (0, 0), (7, 5), (299, 1), (400, 0), (5, 298) })
        {
            List<object?[]> top = db.Query("SELECT c, b, id FROM t ORDER BY c DESC, b LIMIT ? OFFSET ?", limit, offset);
            Assert.Equal(all.Skip(offset).Take(limit).ToList(), top);
        }

        // Ties keep input order as in the full (stable) sort; -1 means no limit.
        Assert.Equal(all.Take(40).Select(r => r[2]), db.Query("SELECT c, b, id FROM t ORDER BY c DESC, b LIMIT 40").Select(r => r[2]));
        Assert.Equal(all, db.Query("SELECT c, b, id FROM t ORDER BY c DESC, b LIMIT -1"));
        Assert.ThrowsAny<SharpCoreDBException>(() => db.Query("SELECT c FROM t ORDER BY c LIMIT 'x'"));
    }
}
