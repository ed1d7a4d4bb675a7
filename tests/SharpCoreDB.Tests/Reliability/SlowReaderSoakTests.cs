// The soak with a slow reader: writers insert rows from several sessions while a
// reader runs a full GROUP BY scan over the growing table again and again, so that
// some snapshot is nearly always open while pages change. This is the shape that
// once held every page version of every full leaf until the next checkpoint (944 MB
// live after 60 s in an outside probe, with only 2 checkpoints run). Checked: the
// page cache never holds much more than its budget beyond the dirty pages, the
// checkpoints keep pace with the log, and the live heap stays small; the figures
// are printed (peak images, peak heap, checkpoints). SCDB_SOAK_SECONDS sets the
// running time (default 3 s).
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Storage;
using SharpCoreDB.Tests.Engine;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Reliability;

[Collection(nameof(ResourceTests))] // alone, so that the heap it measures is its own
[Trait("Category", "Slow")]
public sealed class SlowReaderSoakTests(ITestOutputHelper output) : TempDirectoryTests("scdb-slow-")
{
    private const int PageSize = 4096;
    private const int CachePages = 256; // 1 MiB
    private const long CheckpointLogBytes = 1 << 20;

    [Fact]
    public async Task ASlowReaderNeitherGrowsMemoryNorStallsCheckpoints()
    {
        double seconds = double.TryParse(Environment.GetEnvironmentVariable("SCDB_SOAK_SECONDS"), out double s) ? s : 3;
        using var harness = new EngineHarness(new StorageOptions
        {
            Path = Dir.File("slow.scdb"),
            PageSize = PageSize,
            CacheSizeBytes = CachePages * PageSize,
            CheckpointLogBytes = CheckpointLogBytes,
        });
        harness.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL, v TEXT NOT NULL)");
        harness.Execute("BEGIN");
        for (int i = 0; i < 20_000; i++)
        {
            harness.Execute("INSERT INTO t (a, v) VALUES (?1, ?2)", i % 100, $"row {i} " + new string('v', 80));
        }

        harness.Execute("COMMIT");
        Database database = harness.Database;
        StorageEngine storage = database.Storage;
        storage.Checkpoint();
        long loggedBefore = storage.Log!.Statistics.BytesAppended, checkpointsBefore = storage.Checkpoints;
        long heapBefore = GC.GetTotalMemory(forceFullCollection: true);

        using var stop = new CancellationTokenSource(TimeSpan.FromSeconds(seconds));
        long inserted = 0, scans = 0;
        var writers = Enumerable.Range(0, 6).Select(w => Workers.Start(() =>
        {
            using Session session = database.CreateSession();
            var insert = session.Prepare(SqlParser.Parse("INSERT INTO t (a, v) VALUES (?1, ?2)")[0]);
            var random = new Random(w);
            while (!stop.IsCancellationRequested)
            {
                using var result = session.Execute(insert, new Values(random.Next(100), new string('v', random.Next(40, 120))));
                Interlocked.Increment(ref inserted);
            }
        })).ToList();
        var reader = Workers.Start(() =>
        {
            using Session session = database.CreateSession();
            var scan = session.Prepare(SqlParser.Parse("SELECT a, COUNT(*), MAX(v) FROM t GROUP BY a")[0]);
            while (!stop.IsCancellationRequested)
            {
                using var result = session.Execute(scan, new Values());
                while (result.Read())
                {
                    Thread.Yield(); // a slow consumer: the snapshot stays open while rows trickle out
                }

                Interlocked.Increment(ref scans);
            }
        });

        int peakBeyondDirty = 0;
        long peakHeap = 0;
        while (!stop.IsCancellationRequested)
        {
            await Task.Delay(50);
            int dirty = storage.Cache.CollectDirty(long.MaxValue).Count;
            peakBeyondDirty = Math.Max(peakBeyondDirty, storage.Cache.ImagesInMemory - dirty);
            peakHeap = Math.Max(peakHeap, GC.GetTotalMemory(forceFullCollection: false));
        }

        await Task.WhenAll(writers.Append(reader));
        long logged = storage.Log.Statistics.BytesAppended - loggedBefore;
        long checkpoints = storage.Checkpoints - checkpointsBefore;
        long heapAfter = GC.GetTotalMemory(forceFullCollection: true) - heapBefore;
        output.WriteLine(
            $"{inserted} rows in {seconds} s, {scans} slow scans; {logged >> 10} KiB logged, {checkpoints} checkpoints; "
            + $"peak images beyond the dirty pages {peakBeyondDirty} (budget {CachePages}); spilled now {storage.Cache.SpilledVersions}; "
            + $"peak heap {peakHeap >> 20} MiB, live heap growth over the run {heapAfter >> 20} MiB");

        Assert.True(scans > 2 && inserted > 1000, $"the workload did not run ({scans} scans, {inserted} rows)");

        // Checkpoints keep pace with the log whatever the reader does: one is asked for per CheckpointLogBytes
        // logged and requests made while one runs are absorbed by the next, so at least one per three.
        Assert.True(checkpoints >= logged / (3 * CheckpointLogBytes), $"{checkpoints} checkpoints for {logged} bytes logged");

        // Clean images stay near the budget; transients right after a checkpoint (pages it has just
        // made clean) are trimmed by the next commit, so allow one budget more.
        Assert.True(peakBeyondDirty <= 2 * CachePages, $"{peakBeyondDirty} clean images in memory; the budget is {CachePages}");
        Assert.True(heapAfter < 64L << 20, $"{heapAfter >> 20} MiB live after the run");
    }

    private sealed class Values(params object?[] values) : IParameterValues
    {
        public SharpCoreDB.Values.DbValue GetValue(StatementParameter parameter) => EngineHarness.ToValue(values[parameter.Ordinal - 1]);
    }
}
