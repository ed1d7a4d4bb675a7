// A VACUUM shrinks the database before the file: its commit is in the log before any
// checkpoint writes it, and that checkpoint writes the header with the smaller page count
// first and cuts the file after (Checkpointer.TrimFile), not at all while a reader holds
// an older snapshot. A crash at either point leaves a file longer than the state the open
// recovers (from the log, or from the header, whose "file pages" says how long the file
// was): the open must accept it (not refuse it as a header out of date) with the
// VACUUMed contents, and its checkpoint cuts the file.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Tests.Engine;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Reliability;

public sealed class VacuumCrashTests() : TempDirectoryTests("scdb-vacuumcrash-")
{
    // A VACUUM whose checkpoint cannot write the file (the commit stands: the statement succeeds), then a crash: the
    // log replays the VACUUM's smaller state over a file as long as the header's; the open must accept it.
    [Fact]
    public void AVacuumOnlyInTheLogReplaysOverTheLongerFile()
    {
        string path = Dir.File("logged.scdb");
        var fs = new FaultyFileSystem(watch: WatchedFiles.PathEndsWith(".scdb"));
        List<object?[]> before;
        using (var harness = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096, FileSystem = fs }))
        {
            Fill(harness);
            before = harness.Query("SELECT * FROM t ORDER BY id");
            fs.FailWrites();
            harness.Execute("VACUUM");
            Assert.NotNull(harness.Database.Storage.LastCheckpointError);
            fs.Crash();
        }

        using var reopened = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096 });
        Assert.Equal("ok", reopened.Scalar("PRAGMA integrity_check"));
        Assert.Equal(before, reopened.Query("SELECT * FROM t ORDER BY id"));
        var state = reopened.Database.Storage.Snapshots.CommittedState;
        Assert.Equal(0u, state.FreePageCount);
        Assert.Equal(state.PageCount * 4096L, new FileInfo(path).Length);
    }

    [Fact]
    public void ACrashBeforeTheFileIsCutOpensAsTheVacuumedDatabase()
    {
        string path = Dir.File("vacuum.scdb");
        var fs = new FaultyFileSystem();
        List<object?[]> before;
        long grown;
        using (var harness = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096, FileSystem = fs }))
        {
            Fill(harness);
            grown = new FileInfo(path).Length;
            before = harness.Query("SELECT * FROM t ORDER BY id");

            // An older snapshot keeps the checkpoint from cutting the file; then the process "dies".
            using ReadTransaction older = harness.Database.Storage.BeginRead();
            harness.Execute("VACUUM");
            Assert.Equal(grown, new FileInfo(path).Length);
            fs.Crash();
        }

        using (var reopened = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096 }))
        {
            Assert.Equal("ok", reopened.Scalar("PRAGMA integrity_check"));
            Assert.Equal(before, reopened.Query("SELECT * FROM t ORDER BY id"));
            var state = reopened.Database.Storage.Snapshots.CommittedState;
            Assert.Equal(0u, state.FreePageCount);
            Assert.Equal(state.PageCount * 4096L, new FileInfo(path).Length);
            Assert.True(new FileInfo(path).Length * 2 < grown);
        }
    }

    // A table and an index of 3000 rows, nine tenths deleted, all in the file.
    private static void Fill(EngineHarness harness)
    {
        harness.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, v REAL)");
        harness.Execute("CREATE INDEX t_name ON t (name)");
        harness.Execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO t SELECT i, 'name number ' || i, i / 7.0 FROM n");
        harness.Execute("DELETE FROM t WHERE id % 10 <> 0");
        harness.Database.Checkpoint();
    }
}
