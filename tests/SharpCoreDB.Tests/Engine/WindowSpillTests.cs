// Window functions over more rows than the spill threshold: past it the window operator
// sorts records through temporary files and holds one partition at a time
// (Execution/Windows/SpilledWindows). Every query must give the in-memory computation's
// rows in the same order (that computation is checked against SQLite elsewhere), with
// one window and several (whose sorts chain), every function kind, frames, FILTER,
// windows over GROUP BY and an outer ORDER BY/LIMIT; and the files must be gone after.
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Engine;

public sealed class WindowSpillTests() : TempDirectoryTests("scdb-winspill-")
{
    private readonly RecordingFileSystem _files = new(watch: WatchedFiles.NameStartsWith("sharpcoredb-sort-"));

    public static TheoryData<string> Queries => new()
    {
        "SELECT id, row_number() OVER (ORDER BY v, id) AS rn FROM t",
        "SELECT id, rank() OVER w, dense_rank() OVER w, percent_rank() OVER w, cume_dist() OVER w FROM t WINDOW w AS (PARTITION BY g ORDER BY v)",
        "SELECT id, sum(v) OVER (PARTITION BY g ORDER BY id) AS running, rank() OVER (PARTITION BY g ORDER BY v DESC) AS rk FROM t",
        "SELECT id, ntile(7) OVER (PARTITION BY g ORDER BY id), lag(s, 2, 'none') OVER (PARTITION BY g ORDER BY id), lead(v) OVER (ORDER BY r, id) FROM t",
        "SELECT id, first_value(s) OVER w, last_value(s) OVER w, nth_value(v, 3) OVER w FROM t WINDOW w AS (PARTITION BY g ORDER BY r ROWS BETWEEN 2 PRECEDING AND 3 FOLLOWING)",
        "SELECT id, sum(v) OVER (PARTITION BY g ORDER BY v RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING EXCLUDE TIES) FROM t",
        "SELECT id, count(*) OVER (PARTITION BY g ORDER BY v GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW) FROM t",
        "SELECT id, count(*) FILTER (WHERE v > 50) OVER (PARTITION BY g), avg(r) OVER (PARTITION BY g ORDER BY id ROWS UNBOUNDED PRECEDING) FROM t",
        "SELECT id, row_number() OVER (), count(*) OVER (PARTITION BY v % 3) FROM t",
        "SELECT g, sum(v), rank() OVER (ORDER BY sum(v) DESC) FROM t GROUP BY g",
        "SELECT id, g, sum(v) OVER (PARTITION BY g ORDER BY id) AS s FROM t ORDER BY s DESC, id LIMIT 40",
        "SELECT id, group_concat(s, ',') OVER (PARTITION BY g ORDER BY id ROWS 3 PRECEDING) FROM t WHERE id % 5 <> 0",
    };

    [Theory]
    [MemberData(nameof(Queries))]
    public void ASpilledWindowGivesTheSameRowsInTheSameOrder(string sql)
    {
        using var db = Seeded();
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(sql);

        _files.Clear();
        db.Database.SpillThresholdRows = 50;
        Assert.Equal(expected, db.Query(sql));
        Assert.True(_files.Images().Count > 0 || expected.Count <= 50, "the window's sort spilled to temporary files");
        Assert.Empty(Directory.GetFiles(Dir.Path, "sharpcoredb-sort-*.tmp"));
    }

    [Fact]
    public void AnErrorInAPartitionLeavesNoFiles()
    {
        using var db = Seeded();
        db.Database.SpillThresholdRows = 50;
        var error = Assert.Throws<SharpCoreDBException>(() => db.Query("SELECT ntile(v - v) OVER (PARTITION BY g ORDER BY id) FROM t"));
        Assert.Contains("argument of ntile must be a positive integer", error.Message, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFiles(Dir.Path, "sharpcoredb-sort-*.tmp"));
        Assert.Equal(3000L, db.Scalar("SELECT count(*) FROM (SELECT row_number() OVER (PARTITION BY g ORDER BY id) FROM t)"));
    }

    // 3,000 rows in 37 groups (and NULL), duplicate and NULL values, text and reals.
    private EngineHarness Seeded()
    {
        var db = new EngineHarness(new StorageOptions { Path = Dir.File($"w{Guid.NewGuid():N}.scdb"), FileSystem = _files });
        db.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT, v INTEGER, r REAL, s TEXT)");
        db.Execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
            INSERT INTO t SELECT i, CASE WHEN i % 41 = 0 THEN NULL ELSE 'g' || (i * 7 % 37) END,
                CASE WHEN i % 13 = 0 THEN NULL ELSE i * 31 % 101 END, (i * 17 % 53) / 4.0, 's' || (i % 11) FROM n
            """);
        return db;
    }
}
