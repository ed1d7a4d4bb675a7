// The storage engine and its log: commits survive a crash through log replay, a crash at
// any write of a checkpoint recovers the committed state, a read-only open reads through
// the log, a clean close deletes the log, the log is created at the first write and a
// failure to create it fails only that commit, and the log gets the flush worker
// placement asked for. The fields and helpers are in StorageEngineTests.cs.
using System.Buffers.Binary;
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Storage;

public sealed partial class StorageEngineTests
{
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
        // Count the writes a checkpoint of this workload makes, then crash at each of them in turn. Paced
        // every page, so the journal goes out in chunks that end inside entries, with an fsync between.
        const int PacingBytes = 4096;
        int writesInCheckpoint;
        {
            var probe = new FaultyFileSystem();
            using var engine = Open(probe, checkpointPacingBytes: PacingBytes);
            Workload(engine, 0);
            int before = probe.Writes;
            engine.Checkpoint();
            writesInCheckpoint = probe.Writes - before;
        }

        Assert.True(writesInCheckpoint >= 3);
        for (int crashAt = 0; crashAt < writesInCheckpoint; crashAt++)
        {
            foreach (string file in Directory.GetFiles(Dir.Path))
            {
                System.IO.File.Delete(file);
            }

            _log = new MemoryLog(); // a new database starts with a new log
            var fs = new FaultyFileSystem();
            var engine = Open(fs, checkpointPacingBytes: PacingBytes);
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
        string path = Dir.File("real-log.scdb");
        var options = new StorageOptions { Path = path, PageSize = 4096 };
        uint first;
        using (var engine = StorageEngine.Open(options))
        {
            first = WriteMarkedPage(engine, 1);
            WriteMarkedPage(engine, 2);
        }

        // A clean close checkpoints everything and deletes the log itself.
        Assert.Empty(Directory.GetFiles(Dir.Path, "real-log.scdb-wal*"));

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
        var options = new StorageOptions { Path = Dir.File("lazy-log.scdb"), PageSize = 4096 };
        uint page = CreateWithMarkedPage(options);

        // Opening and reading make no log file (and start no flush thread).
        using (var engine = StorageEngine.Open(options))
        using (var read = engine.BeginRead())
        {
            Assert.Equal(1, ReadMarker(read, page));
            Assert.Empty(Directory.GetFiles(Dir.Path, "lazy-log.scdb-wal*"));
        }

        // The first commit creates the log, and a crash right after it loses nothing.
        var fs = new FaultyFileSystem();
        var writer = StorageEngine.Open(options with { FileSystem = fs });
        Assert.Empty(Directory.GetFiles(Dir.Path, "lazy-log.scdb-wal*"));
        using (var tx = writer.BeginWrite(TestTimeouts.WriteLock))
        {
            BinaryPrimitives.WriteInt64LittleEndian(tx.Write(page).Span[100..], 2);
            tx.Commit();
        }

        Assert.NotEmpty(Directory.GetFiles(Dir.Path, "lazy-log.scdb-wal*"));
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
        var options = new StorageOptions { Path = Dir.File("unwritable-log.scdb"), PageSize = 4096 };
        uint page = CreateWithMarkedPage(options);

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

    // A new file holding one page marked 1, closed cleanly (its log checkpointed away).
    private static uint CreateWithMarkedPage(StorageOptions options)
    {
        using var engine = StorageEngine.Open(options);
        return WriteMarkedPage(engine, 1);
    }
}
