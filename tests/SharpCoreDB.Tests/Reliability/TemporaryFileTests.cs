// Temporary files never outlive their process. A child process running spilling
// sorts is killed with SIGKILL mid-sort: no sort run file may be left in the
// database's folder (they are unlinked as soon as they are open on Unix,
// delete-on-close on Windows), and the database opens with every row. Files with
// the temporary names that are there anyway (an older build, or a crash in the
// instant between creating and unlinking one) are deleted by a read-write open,
// and never by a read-only one.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Tests.Engine;

namespace SharpCoreDB.Tests.Reliability;

public sealed class TemporaryFileTests() : TempDirectoryTests("scdb-temp-")
{
    [Fact]
    [Trait("Category", "Slow")]
    public async Task AProcessKilledMidSortLeavesNoTemporaryFile()
    {
        string path = Dir.File("sort.scdb");
        var random = new Random(7);
        for (int round = 0; round < 3; round++)
        {
            using WorkerProcess worker = await WorkerProcess.StartAsync("SharpCoreDB.StorageCrashWorker.dll", "SORTING", path, "sort");
            await Task.Delay(random.Next(20, 200));
            worker.Process.Kill(entireProcessTree: true); // SIGKILL on Unix
            await worker.Process.WaitForExitAsync();

            Assert.Empty(TemporaryFilesIn(Dir.Path));
            using var harness = new EngineHarness(new StorageOptions { Path = path, PageSize = 4096 });
            Assert.Equal(5000L * (round + 1), harness.Scalar("SELECT COUNT(*) FROM t"));
            Assert.Equal("ok", harness.Scalar("PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void LeftoversAreDeletedByAReadWriteOpenOnly()
    {
        string path = Dir.File("left.scdb");
        using (var create = new EngineHarness(new StorageOptions { Path = path }))
        {
            create.Execute("CREATE TABLE t (x INTEGER)");
        }

        string[] ours = [Dir.File(TemporaryFiles.SortRunPrefix + "0a.tmp"), Dir.File(TemporaryFiles.VersionsPrefix + "0b.tmp")];
        string theirs = Dir.File("report.tmp");
        foreach (string file in ours.Append(theirs))
        {
            File.WriteAllText(file, "left behind");
        }

        using (new EngineHarness(new StorageOptions { Path = path, ReadOnly = true }))
        {
            Assert.Equal(2, TemporaryFilesIn(Dir.Path).Count);
        }

        using (var harness = new EngineHarness(new StorageOptions { Path = path }))
        {
            Assert.Empty(TemporaryFilesIn(Dir.Path));
            Assert.True(File.Exists(theirs));
            Assert.Contains(harness.Database.Storage.RecoveryNotes, note => note.StartsWith("2 temporary files", StringComparison.Ordinal));
        }
    }

    [Fact]
    public void ASpillingSortShowsNoFileInTheFolderOnUnix()
    {
        if (OperatingSystem.IsWindows())
        {
            return; // there the file is visible until it is closed (delete-on-close)
        }

        using var harness = new EngineHarness(new StorageOptions { Path = Dir.File("spill.scdb") });
        harness.Database.SpillThresholdRows = 8;
        harness.Execute("CREATE TABLE t (v TEXT)");
        for (int i = 0; i < 200; i++)
        {
            harness.Execute("INSERT INTO t VALUES (?1)", $"value {i}");
        }

        var statement = harness.Session.Prepare(SharpCoreDB.Sql.SqlParser.Parse("SELECT v FROM t ORDER BY v DESC")[0]);
        using var result = harness.Session.Execute(statement, new NoValues());
        Assert.True(result.Read()); // the runs are written and being merged now
        Assert.Empty(TemporaryFilesIn(Dir.Path));
        while (result.Read())
        {
        }
    }

    private static List<string> TemporaryFilesIn(string directory) => Directory.GetFiles(directory, "sharpcoredb-*.tmp").ToList();

    private sealed class NoValues : SharpCoreDB.Engine.IParameterValues
    {
        public SharpCoreDB.Values.DbValue GetValue(SharpCoreDB.Planning.StatementParameter parameter) => SharpCoreDB.Values.DbValue.Null;
    }
}
