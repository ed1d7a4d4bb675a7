// The checkpoint after a VACUUM writes the header with the smaller page count first and
// cuts the file after (Checkpointer.TrimFile), and not at all while a reader holds an
// older snapshot. A crash in between leaves a file longer than its header's state: the
// header's "file pages" must make the next open accept it (not refuse it as a header
// out of date) with the VACUUMed contents, and the open's checkpoint cuts the file.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Reliability;

public sealed class VacuumCrashTests : IDisposable
{
    private readonly TempDirectory _dir = new("scdb-vacuumcrash-");

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void ACrashBeforeTheFileIsCutOpensAsTheVacuumedDatabase()
    {
        string path = _dir.File("vacuum.scdb");
        var fs = new FaultyFileSystem();
        List<object?[]> before;
        long grown;
        using (var harness = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096, FileSystem = fs }))
        {
            harness.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, v REAL)");
            harness.Execute("CREATE INDEX t_name ON t (name)");
            harness.Execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) INSERT INTO t SELECT i, 'name number ' || i, i / 7.0 FROM n");
            harness.Execute("DELETE FROM t WHERE id % 10 <> 0");
            harness.Database.Checkpoint();
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
}
