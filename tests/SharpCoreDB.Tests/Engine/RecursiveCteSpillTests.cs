// A recursive CTE whose work queue outgrows memory: a breadth-first walk of a wide
// tree queues more rows than the spill threshold, so the queue moves through
// temporary files. Its rows, and their order, must equal the in-memory walk's; the
// files must be gone after the statement, also when an outer LIMIT stops the walk
// early. A UNION recursion that never repeats a row is refused with an error naming
// the CTE when its duplicate check passes its bound, instead of eating memory.
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Engine;

public sealed class RecursiveCteSpillTests() : TempDirectoryTests("scdb-rcte-")
{
    // 2^14 - 1 rows, breadth first: each row queues its two children.
    private const string TreeWalk = """
        WITH RECURSIVE tree(n, depth, label) AS (
            SELECT 1, 0, 'root'
            UNION ALL
            SELECT n * 2 + k.k, depth + 1, label || '/' || k.k FROM tree, (SELECT 0 AS k UNION ALL SELECT 1) AS k WHERE depth < 13)
        SELECT n, depth, label FROM tree
        """;

    private readonly RecordingFileSystem _files = new(watch: WatchedFiles.NameStartsWith("sharpcoredb-sort-"));

    [Fact]
    public void ASpilledQueueGivesTheSameRowsInTheSameOrder()
    {
        using var db = new EngineHarness(new StorageOptions { Path = Dir.File("tree.scdb"), FileSystem = _files });
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(TreeWalk);
        Assert.Equal(16383, expected.Count);
        Assert.Equal([1L, 0L, "root"], expected[0]);
        Assert.Equal([2L, 1L, "root/0"], expected[1]);

        _files.Clear();
        db.Database.SpillThresholdRows = 64;
        Assert.Equal(expected, db.Query(TreeWalk));
        Assert.True(_files.Images().Count > 0, "the queue spilled to temporary files");
        Assert.Empty(Directory.GetFiles(Dir.Path, "sharpcoredb-sort-*.tmp"));

        Assert.Equal(expected.Take(5000).ToList(), db.Query(TreeWalk + " LIMIT 5000"));
        Assert.Empty(Directory.GetFiles(Dir.Path, "sharpcoredb-sort-*.tmp"));
    }

    [Fact]
    public void AnEndlessUnionRecursionIsRefusedAtItsMemoryBound()
    {
        using var db = new EngineHarness(new StorageOptions { Path = Dir.File("endless.scdb"), FileSystem = _files });
        db.Database.SpillThresholdRows = 16;
        var error = Assert.Throws<SharpCoreDBException>(() => db.Query("WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n + 1 FROM c) SELECT count(*) FROM c"));
        Assert.Contains("recursive common table expression c holds more than", error.Message, StringComparison.Ordinal);

        // The same recursion with an end is answered.
        Assert.Equal(300L, db.Query("WITH RECURSIVE c(n) AS (SELECT 1 UNION SELECT n + 1 FROM c WHERE n < 300) SELECT count(*) FROM c")[0][0]);
    }
}
