// The statement cache returns the same parsed script for the same text, stays
// within its capacity, keeps recently used entries (CLOCK), never caches
// failures, does not allocate on a hit, and is safe under concurrent use.
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Tests;

public sealed class StatementCacheTests
{
    [Fact]
    public void HitReturnsTheSameParsedScript()
    {
        var cache = new StatementCache(16);
        const string sql = "INSERT INTO t (a, b) VALUES (@a, @b)";

        SqlScript first = cache.GetOrParse(sql);
        SqlScript second = cache.GetOrParse(sql);

        Assert.Same(first, second);
        Assert.IsType<InsertStatement>(first[0]);
        Assert.True(cache.TryGet(sql, out SqlScript? cached));
        Assert.Same(first, cached);
        Assert.False(cache.TryGet("SELECT 1", out _));
    }

    [Fact]
    public void StaysWithinCapacity()
    {
        var cache = new StatementCache(8);
        for (int i = 0; i < 100; i++)
        {
            cache.GetOrParse($"SELECT {i}");
            Assert.True(cache.Count <= 8);
        }

        Assert.Equal(8, cache.Count);
        Assert.Equal(8, cache.Capacity);
    }

    [Fact]
    public void RecentlyUsedEntriesSurviveEviction()
    {
        var cache = new StatementCache(4);
        for (int i = 0; i < 4; i++)
        {
            cache.GetOrParse($"SELECT {i}");
        }

        // A first sweep clears every bit and evicts "SELECT 0"; then reference 1 and 3 again.
        cache.GetOrParse("SELECT 4");
        cache.GetOrParse("SELECT 1");
        cache.GetOrParse("SELECT 3");
        cache.GetOrParse("SELECT 5");

        Assert.False(cache.TryGet("SELECT 0", out _));
        Assert.False(cache.TryGet("SELECT 2", out _));
        Assert.True(cache.TryGet("SELECT 1", out _));
        Assert.True(cache.TryGet("SELECT 3", out _));
        Assert.True(cache.TryGet("SELECT 4", out _));
        Assert.True(cache.TryGet("SELECT 5", out _));
    }

    [Fact]
    public void FailuresAreNotCachedAndThrowEveryTime()
    {
        var cache = new StatementCache(4);

        Assert.Throws<SqlSyntaxException>(() => cache.GetOrParse("SELEC 1"));
        Assert.Throws<SqlSyntaxException>(() => cache.GetOrParse("SELEC 1"));
        Assert.Equal(0, cache.Count);
    }

    [Fact]
    public void ClearEmptiesTheCache()
    {
        var cache = new StatementCache(4);
        cache.GetOrParse("SELECT 1");
        cache.Clear();

        Assert.Equal(0, cache.Count);
        Assert.False(cache.TryGet("SELECT 1", out _));
        cache.GetOrParse("SELECT 1");
        Assert.Equal(1, cache.Count);
    }

    [Fact]
    public void HitDoesNotAllocate()
    {
        var cache = new StatementCache(16);
        string sql = string.Concat("SELECT a, b FROM t1 JOIN t2 ON t1.id = t2.id", " WHERE a = ?");
        cache.GetOrParse(sql);
        cache.GetOrParse(sql);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            cache.GetOrParse(sql);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public void ConcurrentUseStaysConsistent()
    {
        var cache = new StatementCache(32);
        string[] texts = Enumerable.Range(0, 64).Select(i => $"SELECT a + {i} FROM t WHERE b = ?").ToArray();

        Parallel.For(0, 20_000, new ParallelOptions { MaxDegreeOfParallelism = 4 }, i =>
        {
            string sql = texts[(i * 7919) % texts.Length];
            SqlScript script = cache.GetOrParse(sql);
            Assert.Equal(sql, script.Sql);
            Assert.True(cache.Count <= cache.Capacity);
        });

        Assert.True(cache.Count <= 32);
    }

    [Fact]
    public void RejectsInvalidCapacity()
    {
        Assert.Throws<ArgumentOutOfRangeException>(() => new StatementCache(0));
    }
}
