using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Storage;

public sealed class StorageEngineTests : IDisposable
{
    private readonly TempDirectory _dir = new("scdb-pager-");
    private MemoryLog _log = new();

    // The options the engine last opened its log with.
    private SharpCoreDB.Wal.WalOptions? _logOptions;

    private string DbPath => _dir.File("test.scdb");

    public void Dispose() => _dir.Dispose();

    private StorageEngine Open(FaultyFileSystem? fs = null, int pageSize = 4096, long cacheBytes = 1 << 20, bool pinFlushWorker = true) =>
        StorageEngine.Open(new StorageOptions
        {
            Path = DbPath,
            PageSize = pageSize,
            CacheSizeBytes = cacheBytes,
            PinFlushWorker = pinFlushWorker,
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
    public void CommitsSurviveACrashThroughLogReplay()
    {
        var fs = new FaultyFileSystem();
        var pages = new List<uint>();
        var engine = Open(fs);
        for (int i = 0; i < 20; i++)
        {
            pages.Add(WriteMarkedPage(engine, 1000 + i));
        }

        fs.Crash();
        engine.Dispose();

        using var reopened = Open();
        Assert.Equal(20, reopened.RecoveredRecords);
        using var read = reopened.BeginRead();
        for (int i = 0; i < pages.Count; i++)
        {
            Assert.Equal(1000 + i, ReadMarker(read, pages[i]));
        }
    }

    [Fact]
    public void ACrashAtAnyWriteOfACheckpointRecoversTheCommittedState()
    {
        // Count the writes a checkpoint of this workload makes, then crash at each of them in turn.
        int writesInCheckpoint;
        {
            var probe = new FaultyFileSystem();
            using var engine = Open(probe);
            Workload(engine, 0);
            int before = probe.Writes;
            engine.Checkpoint();
            writesInCheckpoint = probe.Writes - before;
        }

        Assert.True(writesInCheckpoint >= 3);
        for (int crashAt = 0; crashAt < writesInCheckpoint; crashAt++)
        {
            foreach (string file in Directory.GetFiles(_dir.Path))
            {
                System.IO.File.Delete(file);
            }

            _log = new MemoryLog(); // a new database starts with a new log
            var fs = new FaultyFileSystem();
            var engine = Open(fs);
            var expected = Workload(engine, crashAt);
            fs.TearWriteAfter(crashAt);
            Assert.Equal(SharpCoreDBErrorCode.IoError, Assert.Throws<SharpCoreDBException>(engine.Checkpoint).ErrorCode);
            engine.Dispose();

            using var reopened = Open();
            using var read = reopened.BeginRead();
            foreach (var (page, marker) in expected)
            {
                Assert.Equal(marker, ReadMarker(read, page));
            }
        }
    }

    // Two rounds of commits with a checkpoint between them, so the crashing checkpoint
    // overwrites pages that the file already holds.
    private static List<(uint Page, long Marker)> Workload(StorageEngine engine, int seed)
    {
        var pages = new List<(uint, long)>();
        for (int i = 0; i < 10; i++)
        {
            pages.Add((WriteMarkedPage(engine, (seed * 100) + i), (seed * 100) + i));
        }

        engine.Checkpoint();
        using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
        for (int i = 0; i < pages.Count; i += 2)
        {
            var (page, marker) = pages[i];
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], marker + 7);
            pages[i] = (page, marker + 7);
        }

        tx.Commit();
        return pages;
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
        Assert.Empty(Directory.GetFiles(_dir.Path));
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
        var readers = Enumerable.Range(0, 2).Select(_ => Task.Run(() =>
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
    public void AReadOnlyOpenSeesCommittedDataIncludingTheLogAndRefusesWrites()
    {
        var fs = new FaultyFileSystem();
        var engine = Open(fs);
        uint checkpointed = WriteMarkedPage(engine, 10);
        engine.Checkpoint();
        uint logged = WriteMarkedPage(engine, 11);
        fs.Crash();
        engine.Dispose();

        long lengthBefore = new FileInfo(DbPath).Length;
        using (var readOnly = StorageEngine.Open(new StorageOptions { Path = DbPath, PageSize = 4096, ReadOnly = true, LogFactory = (_, _) => _log, LogExists = (_, _) => true }))
        {
            using var read = readOnly.BeginRead();
            Assert.Equal(10, ReadMarker(read, checkpointed));
            Assert.Equal(11, ReadMarker(read, logged));
            var error = Assert.Throws<SharpCoreDBException>(() => readOnly.BeginWrite(TestTimeouts.WriteLock));
            Assert.Equal(SharpCoreDBErrorCode.ReadOnly, error.ErrorCode);
        }

        Assert.Equal(lengthBefore, new FileInfo(DbPath).Length);
        Assert.Equal(1, _log.RecordCount); // kept for the next read-write open
    }

    [Fact]
    public void ACleanCloseDeletesTheLogAndLsnsKeepIncreasingAfterIt()
    {
        string path = _dir.File("real-log.scdb");
        var options = new StorageOptions { Path = path, PageSize = 4096 };
        uint first;
        using (var engine = StorageEngine.Open(options))
        {
            first = WriteMarkedPage(engine, 1);
            WriteMarkedPage(engine, 2);
        }

        // A clean close checkpoints everything and deletes the log itself.
        Assert.Empty(Directory.GetFiles(_dir.Path, "real-log.scdb-wal*"));

        uint later;
        var fs = new FaultyFileSystem();
        var reopened = StorageEngine.Open(options with { FileSystem = fs });
        Assert.Equal(2, reopened.Log!.LastLsn);
        using (var tx = reopened.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(first).Span[100..], 5);
            tx.Commit();
        }

        later = WriteMarkedPage(reopened, 6);
        fs.Crash();
        reopened.Dispose();

        using var recovered = StorageEngine.Open(options);
        using var read = recovered.BeginRead();
        Assert.Equal(5, ReadMarker(read, first));
        Assert.Equal(6, ReadMarker(read, later));
    }

    [Fact]
    public void AReopenedDatabaseCreatesItsLogAtTheFirstWriteNotAtOpen()
    {
        string path = _dir.File("lazy-log.scdb");
        var options = new StorageOptions { Path = path, PageSize = 4096 };
        uint page;
        using (var engine = StorageEngine.Open(options))
        {
            page = WriteMarkedPage(engine, 1);
        }

        // Opening and reading make no log file (and start no flush thread).
        using (var engine = StorageEngine.Open(options))
        using (var read = engine.BeginRead())
        {
            Assert.Equal(1, ReadMarker(read, page));
            Assert.Empty(Directory.GetFiles(_dir.Path, "lazy-log.scdb-wal*"));
        }

        // The first commit creates the log, and a crash right after it loses nothing.
        var fs = new FaultyFileSystem();
        var writer = StorageEngine.Open(options with { FileSystem = fs });
        Assert.Empty(Directory.GetFiles(_dir.Path, "lazy-log.scdb-wal*"));
        using (var tx = writer.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
            tx.Commit();
        }

        Assert.NotEmpty(Directory.GetFiles(_dir.Path, "lazy-log.scdb-wal*"));
        fs.Crash();
        writer.Dispose();

        using var recovered = StorageEngine.Open(options);
        Assert.Equal(1, recovered.RecoveredRecords);
        using var reread = recovered.BeginRead();
        Assert.Equal(2, ReadMarker(reread, page));
    }

    [Fact]
    public void AFailureToCreateTheLogFailsOnlyThatCommit()
    {
        string path = _dir.File("unwritable-log.scdb");
        var options = new StorageOptions { Path = path, PageSize = 4096 };
        uint page;
        using (var engine = StorageEngine.Open(options))
        {
            page = WriteMarkedPage(engine, 1);
        }

        var fullForTheLog = new FaultyFileSystem(watch: WatchedFiles.NameContains("-wal"));
        fullForTheLog.FailOpens(1);
        using (var engine = StorageEngine.Open(options with { FileSystem = fullForTheLog }))
        {
            var error = Assert.Throws<SharpCoreDBException>(() =>
            {
                using var tx = engine.BeginWrite(TestTimeouts.WriteLock);
                BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
                tx.Commit();
            });
            Assert.Equal(SharpCoreDBErrorCode.DiskFull, error.ErrorCode);
            using (var read = engine.BeginRead())
            {
                Assert.Equal(1, ReadMarker(read, page));
            }

            // The database stays writable: the next commit creates the log.
            using var retry = engine.BeginWrite(TestTimeouts.WriteLock);
            BinaryPrimitives.WriteInt64LittleEndian(retry.Write(page).Span[100..], 3);
            retry.Commit();
        }

        using var reopened = StorageEngine.Open(options);
        using var reread = reopened.BeginRead();
        Assert.Equal(3, ReadMarker(reread, page));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void TheLogIsOpenedWithTheFlushWorkerPlacementAsked(bool pin)
    {
        using (var engine = Open(pinFlushWorker: pin))
        {
            WriteMarkedPage(engine, 1);
        }

        Assert.Equal(pin, _logOptions!.PinFlushWorker);
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
