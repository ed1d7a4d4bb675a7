// The storage engine over a real file: pages survive a clean reopen, readers keep their
// snapshot while a writer commits, rollbacks and savepoints undo exactly what they must,
// freed pages are reused, a database larger than the cache works, damage is named. The
// log's side (crashes, checkpoints, when the log file exists) is in StorageEngineTests.Log.cs.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Tests.Storage;

public sealed partial class StorageEngineTests() : TempDirectoryTests("scdb-pager-")
{
    private MemoryLog _log = new();

    // The options the engine last opened its log with.
    private WalOptions? _logOptions;

    private string DbPath => Dir.File("test.scdb");

    private StorageEngine Open(FaultyFileSystem? fs = null, int pageSize = 4096, long cacheBytes = 1 << 20, bool pinFlushWorker = true,
        int checkpointPacingBytes = Checkpointer.DefaultPacingBytes) =>
        StorageEngine.Open(new StorageOptions
        {
            Path = DbPath,
            PageSize = pageSize,
            CacheSizeBytes = cacheBytes,
            CheckpointPacingBytes = checkpointPacingBytes,
            Log = new WalOptions { PinFlushWorker = pinFlushWorker },
            FileSystem = fs ?? new FaultyFileSystem(),
            LogFactory = (_, options) =>
            {
                _logOptions = options;
                return _log;
            },
            LogExists = (_, _) => true,
        });

    private static uint WriteMarkedPage(StorageEngine engine, long marker)
    {
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        uint page = tx.Allocate(PageType.TableNode);
        BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], marker);
        tx.Commit();
        return page;
    }

    private static long ReadMarker(IPageAccess access, uint page) =>
        BinaryPrimitives.ReadInt64LittleEndian(access.Read(page).Span[100..]);

    [Fact]
    public void CommittedPagesSurviveACleanReopen()
    {
        uint page;
        using (var engine = Open())
        {
            page = WriteMarkedPage(engine, 42);
        }

        Assert.Equal(0, _log.RecordCount); // the close checkpointed and released the log
        using (var engine = Open())
        using (var read = engine.BeginRead())
        {
            Assert.Equal(42, ReadMarker(read, page));
            Assert.Equal(2u, read.State.PageCount);
        }
    }

    [Fact]
    public void ReadersKeepTheirSnapshotWhileAWriterCommits()
    {
        using var engine = Open();
        uint page = WriteMarkedPage(engine, 1);
        using var before = engine.BeginRead();
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
            Assert.Equal(1, ReadMarker(before, page)); // uncommitted change invisible
            tx.Commit();
        }

        using var after = engine.BeginRead();
        Assert.Equal(1, ReadMarker(before, page));
        Assert.Equal(2, ReadMarker(after, page));

        engine.Checkpoint(); // writes version 2 in place; the old reader must still see 1
        Assert.Equal(1, ReadMarker(before, page));
    }

    [Fact]
    public void RollbackForgetsEverything()
    {
        using var engine = Open();
        uint page = WriteMarkedPage(engine, 5);
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 6);
            tx.Allocate(PageType.TableNode);
            tx.Rollback();
        }

        using var read = engine.BeginRead();
        Assert.Equal(5, ReadMarker(read, page));
        Assert.Equal(2u, read.State.PageCount);
    }

    [Fact]
    public void RollingBackToASavepointUndoesOnlyWhatFollowedIt()
    {
        using var engine = Open();
        uint page = WriteMarkedPage(engine, 1);
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
            var savepoint = tx.BeginSavepoint();
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 3);
            tx.Allocate(PageType.TableNode);
            Assert.Equal(3u, tx.State.PageCount);
            tx.RollbackTo(savepoint);
            Assert.Equal(2, ReadMarker(tx, page));
            Assert.Equal(2u, tx.State.PageCount);
            tx.Release(savepoint);
            tx.Commit();
        }

        using var read = engine.BeginRead();
        Assert.Equal(2, ReadMarker(read, page));
    }

    [Fact]
    public void FreedPagesAreReused()
    {
        using var engine = Open();
        var pages = new List<uint>();
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            for (int i = 0; i < 3000; i++)
            {
                pages.Add(tx.Allocate(PageType.TableNode));
            }

            tx.Commit();
        }

        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            foreach (uint page in pages)
            {
                tx.Free(page);
            }

            tx.Commit();
        }

        uint countAfterFirstFill;
        using (var read = engine.BeginRead())
        {
            countAfterFirstFill = read.State.PageCount;
            Assert.Equal(3000u, read.State.FreePageCount);
        }

        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            for (int i = 0; i < 3000; i++)
            {
                tx.Allocate(PageType.TableNode);
            }

            Assert.Equal(countAfterFirstFill, tx.State.PageCount);
            Assert.Equal(0u, tx.State.FreePageCount);
            tx.Commit();
        }
    }

    [Fact]
    public void ADatabaseManyTimesLargerThanTheCacheWorks()
    {
        var markers = new Dictionary<uint, long>();
        using (var engine = Open(cacheBytes: 64 * 4096))
        {
            for (int batch = 0; batch < 40; batch++)
            {
                using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
                for (int i = 0; i < 50; i++)
                {
                    uint page = tx.Allocate(PageType.TableNode);
                    BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], page * 3L);
                    markers[page] = page * 3L;
                }

                tx.Commit();
                engine.Checkpoint();
            }

            Assert.True(engine.Cache.Count <= engine.Cache.CapacityPages + 64);
            using var read = engine.BeginRead();
            foreach (var (page, marker) in markers)
            {
                Assert.Equal(marker, ReadMarker(read, page));
            }
        }

        using (var engine = Open(cacheBytes: 64 * 4096))
        using (var read = engine.BeginRead())
        {
            foreach (var (page, marker) in markers)
            {
                Assert.Equal(marker, ReadMarker(read, page));
            }
        }
    }

    [Fact]
    public void ASmallChangeLogsASmallRecord()
    {
        using var engine = Open(pageSize: 8192);
        uint page = WriteMarkedPage(engine, 1);
        using (var tx = engine.BeginWrite(TestTimeouts.WriteLock))
        {
            tx.Write(page).Span.Slice(2000, 100).Fill(0xAB);
            tx.Commit();
        }

        Assert.InRange(_log.AppendedSizes[^1], 100, 200);
    }

    [Fact]
    public void ASecondOpenOfTheSameFileIsRefusedAsLocked()
    {
        using var engine = Open();
        var error = Assert.Throws<SharpCoreDBException>(() => Open());
        Assert.Equal(SharpCoreDBErrorCode.Locked, error.ErrorCode);
    }

    [Fact]
    public void ADamagedPageIsReportedByNumber()
    {
        uint page;
        using (var engine = Open())
        {
            page = WriteMarkedPage(engine, 9);
        }

        using (var stream = System.IO.File.OpenWrite(DbPath))
        {
            stream.Position = (page * 4096L) + 500;
            stream.WriteByte(0x5A);
        }

        using var reopened = Open();
        using var read = reopened.BeginRead();
        var error = Assert.Throws<SharpCoreDBException>(() => read.Read(page));
        Assert.Equal(SharpCoreDBErrorCode.Corrupt, error.ErrorCode);
        Assert.Contains($"page {page}", error.Message);
    }

    [Fact]
    public void AFileThatIsNotADatabaseIsRefused()
    {
        System.IO.File.WriteAllText(DbPath, new string('x', 10000));
        var error = Assert.Throws<SharpCoreDBException>(() => Open());
        Assert.Equal(SharpCoreDBErrorCode.NotADatabase, error.ErrorCode);
    }

    [Fact]
    public void AnInMemoryDatabaseNeedsNoFile()
    {
        using var engine = StorageEngine.Open(new StorageOptions { Path = null, PageSize = 4096 });
        uint page = WriteMarkedPage(engine, 77);
        using var read = engine.BeginRead();
        Assert.Equal(77, ReadMarker(read, page));
        Assert.Empty(Directory.GetFiles(Dir.Path));
    }

    [Fact]
    public async Task ConcurrentReadersAlwaysSeeConsistentSnapshots()
    {
        // Two pages always hold the same counter; a reader must never see them differ.
        using var engine = Open();
        uint a = WriteMarkedPage(engine, 0);
        uint b = WriteMarkedPage(engine, 0);
        using var stop = new CancellationTokenSource();
        int inconsistencies = 0;
        int reads = 0;
        var readers = Enumerable.Range(0, 2).Select(_ => Workers.Start(() =>
        {
            while (!stop.IsCancellationRequested)
            {
                using var read = engine.BeginRead();
                if (ReadMarker(read, a) != ReadMarker(read, b))
                {
                    Interlocked.Increment(ref inconsistencies);
                }

                Interlocked.Increment(ref reads);
            }
        })).ToArray();

        for (int i = 1; i <= 500 || Volatile.Read(ref reads) < 1000; i++)
        {
            using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(a).Span[100..], i);
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(b).Span[100..], i);
            tx.Commit();
            if (i % 100 == 0)
            {
                engine.Checkpoint();
            }
        }

        stop.Cancel();
        await Task.WhenAll(readers);
        Assert.Equal(0, inconsistencies);
        Assert.True(reads > 0);
    }

    [Fact]
    public void RollingBackToAnOuterSavepointRestoresPagesChangedUnderSeveralInnerOnes()
    {
        using var engine = Open();
        uint page = WriteMarkedPage(engine, 1);
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        var outer = tx.BeginSavepoint("outer");
        tx.BeginSavepoint("middle");
        BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
        tx.BeginSavepoint("inner");
        BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 3);
        tx.Allocate(PageType.TableNode);
        tx.RollbackTo(outer);
        Assert.Equal(1, ReadMarker(tx, page));
        Assert.Equal(2u, tx.State.PageCount);
        Assert.Null(tx.FindSavepoint("inner"));
        Assert.NotNull(tx.FindSavepoint("outer"));
        tx.Commit();
    }
}
