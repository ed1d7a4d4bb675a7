// Damaged files: a valid database (and its log, after a crash) is damaged in many
// seeded ways (truncated at random offsets, pages overwritten with random bytes or
// zeros, pages swapped, single bits flipped in the header and the log) and opened.
// The result must be either a clear SharpCoreDBException (Corrupt, NotADatabase,
// AuthenticationFailed) or exactly the committed state: every transaction that was
// committed, never an older state without a word, another exception type, a hang,
// or silently wrong rows. The one exception is the log's tail (a truncated log, or a
// flipped bit in its last frame): nothing valid follows the damage, so it cannot be
// told from a write a crash cut short (docs/wal.md), and an older state is right.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.StorageCrashWorker;
using SharpCoreDB.TestSupport.FileSystems;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class CorruptFileTests() : TempDirectoryTests("scdb-corrupt-")
{
    private const int PageSize = 4096;
    private const int Commits = 400;

    [Theory]
    [InlineData(false, 1)]
    [InlineData(true, 2)]
    public async Task DamagedFilesGiveAClearErrorOrACorrectState(bool crashed, int seed)
    {
        string original = Dir.File("original");
        Directory.CreateDirectory(original);
        Build(Path.Combine(original, "db.scdb"), crashed);
        var files = Directory.GetFiles(original).ToDictionary(f => Path.GetFileName(f), System.IO.File.ReadAllBytes);
        var random = new Random(seed);
        int cases = int.TryParse(Environment.GetEnvironmentVariable("SCDB_CORRUPT_CASES"), out int c) ? c : 80;
        int errors = 0;
        for (int i = 0; i < cases; i++)
        {
            string dir = Dir.File($"case{seed}-{i}");
            Directory.CreateDirectory(dir);
            (string damage, bool tailOfLog) = Damage(files, dir, random);
            var outcome = Task.Run(() => OpenAndCheck(Path.Combine(dir, "db.scdb")));
            if (await Task.WhenAny(outcome, Task.Delay(TestTimeouts.Hang)) != outcome)
            {
                Assert.Fail($"case {i} ({damage}) hung");
            }

            (string? error, long committed) = await outcome;
            if (error is not null)
            {
                errors++;
            }
            else if (committed != Commits)
            {
                Assert.True(tailOfLog, $"case {i} ({damage}) opened an older state ({committed} of {Commits} commits) without a word");
            }
        }

        Assert.True(errors > 0, "no damage was ever detected: the cases are too gentle");
    }

    // Opens, reads every row and checks that they are the state after some commit; returns the error
    // message (null when it opened) and that commit's number (the commits are numbered by their row).
    private static (string? Error, long Committed) OpenAndCheck(string path)
    {
        try
        {
            using var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = PageSize });
            using var read = engine.BeginRead();
            if (read.State.CatalogRoot == 0)
            {
                return (null, 0);
            }

            var tree = TableTree.Open(read, read.State.CatalogRoot);
            tree.Tree.Verify();
            long last = tree.MaxRowId() ?? 0;
            long first = Math.Max(1, last - CrashWorkload.Window + 1);
            Assert.Equal(last - first + 1, tree.Count());
            for (long n = first; n <= last; n++)
            {
                Assert.True(tree.TryGet(n, out var value) && value.Span.SequenceEqual(CrashWorkload.Payload(n)), $"row {n} is silently wrong");
            }

            return (null, last);
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.Corrupt or SharpCoreDBErrorCode.NotADatabase
            or SharpCoreDBErrorCode.AuthenticationFailed)
        {
            return (e.Message, -1);
        }
    }

    private static void Build(string path, bool crash)
    {
        var fs = new FaultyFileSystem();
        var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = PageSize, FileSystem = fs });
        for (int i = 0; i < Commits; i++)
        {
            WorkloadCommits.CommitNext(engine, TestTimeouts.WriteLock);
            if (i == 250)
            {
                engine.Checkpoint();
            }
        }

        if (crash)
        {
            fs.Crash();
        }

        engine.Dispose();
    }

    // Copies the files into dir with one kind of damage; returns what was done, and whether it is damage to
    // the log's tail that recovery cannot tell from a torn write (the log cut short, or its last frame).
    private static (string Damage, bool TailOfLog) Damage(Dictionary<string, byte[]> files, string dir, Random random)
    {
        bool tailOfLog = false;
        var copies = files.ToDictionary(f => f.Key, f => (byte[])f.Value.Clone());
        var db = copies["db.scdb"];
        int pages = db.Length / PageSize;
        string done;
        switch (random.Next(7))
        {
            case 0:
                int cut = random.Next(db.Length);
                copies["db.scdb"] = db[..cut];
                done = $"database truncated to {cut} bytes";
                break;
            case 1:
                int page = random.Next(1, pages);
                random.NextBytes(db.AsSpan(page * PageSize, PageSize));
                done = $"page {page} overwritten with random bytes";
                break;
            case 2:
                page = random.Next(1, pages);
                db.AsSpan(page * PageSize, PageSize).Clear();
                done = $"page {page} zeroed";
                break;
            case 3:
                int a = random.Next(1, pages), b = random.Next(1, pages);
                byte[] temp = db.AsSpan(a * PageSize, PageSize).ToArray();
                db.AsSpan(b * PageSize, PageSize).CopyTo(db.AsSpan(a * PageSize));
                temp.CopyTo(db.AsSpan(b * PageSize));
                done = $"pages {a} and {b} swapped";
                break;
            case 4:
                int at = (random.Next(2) * 2048) + random.Next(512);
                db[at] ^= (byte)(1 << random.Next(8));
                done = $"header bit flipped at byte {at}";
                break;
            default:
                var logs = copies.Keys.Where(k => k.Contains("-wal", StringComparison.Ordinal) && copies[k].Length > 0).ToList();
                if (logs.Count == 0)
                {
                    goto case 1;
                }

                string log = logs[random.Next(logs.Count)];
                var bytes = copies[log];
                if (random.Next(2) == 0)
                {
                    int flip = random.Next(bytes.Length);
                    bytes[flip] ^= (byte)(1 << random.Next(8));
                    done = $"bit flipped in {log} at byte {flip}";
                    tailOfLog = log.EndsWith(".00000001", StringComparison.Ordinal) && flip >= LogFrames.Last(files[log]).Start;
                }
                else
                {
                    int cutAt = random.Next(bytes.Length);
                    copies[log] = bytes[..cutAt];
                    done = $"{log} truncated to {cutAt} bytes";
                    tailOfLog = true;
                }

                break;
        }

        foreach (var (name, bytes) in copies)
        {
            System.IO.File.WriteAllBytes(Path.Combine(dir, name), bytes);
        }

        return (done, tailOfLog);
    }
}
