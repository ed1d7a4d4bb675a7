// A full disk must never cost an acknowledged commit, show an unacknowledged one,
// or make a database unreadable. Commits run until the disk (a FaultyFileSystem with a capacity)
// refuses the log's next write; the commit that fails must be invisible to every
// reader at once, not only after a reopen; then the database must reopen on the
// still-full disk (read-write and read-only) with exactly the acknowledged rows, a
// failed attempt must leave no file behind, and once space is freed a checkpoint
// and a clean close must leave only the database file.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Tests.Engine;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Reliability;

public sealed class DiskFullTests() : TempDirectoryTests("scdb-full-")
{
    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void AFullDiskLosesNothingShowsNothingUnacknowledgedAndStillOpens(bool encrypted)
    {
        var fs = new FaultyFileSystem { DiskDirectory = Dir.Path };
        var options = new StorageOptions
        {
            Path = Dir.File("full.scdb"),
            PageSize = 4096,
            FileSystem = fs,
            CheckpointLogBytes = 1L << 40, // no checkpoint: the log keeps every commit, as in the report
            Encryption = encrypted ? new EncryptionSettings { Key = new byte[32] } : null,
        };

        long acknowledged = 0;
        using (var harness = new EngineHarness(options))
        {
            harness.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
            fs.Capacity = fs.Used + (512 << 10);
            SharpCoreDBException? failure = null;
            for (int i = 0; i < 100_000 && failure is null; i++)
            {
                try
                {
                    harness.Execute("INSERT INTO t (v) VALUES (?1), (?1), (?1), (?1), (?1)", new string('x', 200));
                    acknowledged += 5;
                }
                catch (SharpCoreDBException e)
                {
                    failure = e;
                }
            }

            Assert.NotNull(failure);
            Assert.Contains(failure.ErrorCode, new[] { SharpCoreDBErrorCode.LogFailed, SharpCoreDBErrorCode.DiskFull });
            Assert.True(acknowledged > 0);

            // The failed commit is invisible now, not only after a reopen.
            Assert.Equal(acknowledged, harness.Scalar("SELECT COUNT(*) FROM t"));
        }

        var filesAfterClose = Files();

        // The disk is still full: the database opens anyway, read-write and read-only.
        using (var reopened = new EngineHarness(options))
        {
            Assert.Equal(acknowledged, reopened.Scalar("SELECT COUNT(*) FROM t"));
            Assert.Equal("ok", reopened.Scalar("PRAGMA integrity_check"));
        }

        using (var readOnly = new EngineHarness(options with { ReadOnly = true }))
        {
            Assert.Equal(acknowledged, readOnly.Scalar("SELECT COUNT(*) FROM t"));
        }

        Assert.Equal(filesAfterClose, Files());

        // Space comes back: the checkpoint runs, and a clean close leaves the database file alone.
        fs.Capacity = long.MaxValue;
        using (var freed = new EngineHarness(options))
        {
            Assert.Equal(acknowledged, freed.Scalar("SELECT COUNT(*) FROM t"));
            freed.Execute("INSERT INTO t (v) VALUES ('after')");
        }

        Assert.Equal(["full.scdb"], Files());
        using var final = new EngineHarness(options);
        Assert.Equal(acknowledged + 1, final.Scalar("SELECT COUNT(*) FROM t"));
    }

    private List<string> Files() => Directory.GetFiles(Dir.Path).Select(f => Path.GetFileName(f)!).Order(StringComparer.Ordinal).ToList();
}
