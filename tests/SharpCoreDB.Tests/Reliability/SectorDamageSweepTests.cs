// The sector sweep: after 1, 2, 3 and 5 clean closes, and again with a log left by
// a crash after them (half of whose records a checkpoint had already put in the
// database file), every 512-byte sector of page 0 (both header slots), of the
// log's anchor and of its segment up to the last frame is damaged in turn (zeroed,
// or one bit flipped) and the database opened. Each outcome is one of:
//   exact    every committed transaction is there
//   refused  a clear Corrupt / NotADatabase / AuthenticationFailed error
//   older    an older committed state, opened without a word
// A damaged header sector or anchor sector must come out exact; a damaged log sector
// exact (its records were checkpointed, or a header it held was rebuilt) or refused, and older only for a sector holding part of the last frame (no
// valid frame follows the damage: that cannot be told from a write the crash cut
// short, see docs/wal.md).
// The counts are printed; docs/reliability.md quotes them.
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.StorageCrashWorker;
using SharpCoreDB.TestSupport.FileSystems;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Reliability;

[Trait("Category", "Slow")]
public sealed class SectorDamageSweepTests(ITestOutputHelper output) : TempDirectoryTests("scdb-sectors-")
{
    private const int PageSize = 4096;
    private const int Sector = 512;
    private const int CommitsPerClose = 10;
    private const int CommitsBeforeCrash = 40;

    private enum Outcome
    {
        Exact,
        Refused,
        Older,
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(5)]
    public void EverySectorOfTheHeaderAndTheLogIsRecoveredExactlyOrRefused(int cleanCloses)
    {
        var counts = new SortedDictionary<string, int>(StringComparer.Ordinal);
        var failures = new List<string>();

        string clean = Build(Dir.File("clean"), cleanCloses, crash: false);
        Sweep(clean, "db.scdb", 0, PageSize, "header", cleanCloses * CommitsPerClose, tailFrom: long.MaxValue, counts, failures);

        string crashed = Build(Dir.File("crashed"), cleanCloses, crash: true);
        long expected = (cleanCloses * CommitsPerClose) + CommitsBeforeCrash;
        Sweep(crashed, "db.scdb", 0, PageSize, "header", expected, tailFrom: long.MaxValue, counts, failures);
        Sweep(crashed, "db.scdb-wal", 0, 2 * Sector, "log anchor", expected, tailFrom: long.MaxValue, counts, failures);
        string segment = Path.Combine(crashed, "db.scdb-wal.00000001");
        var (lastFrame, framesEnd) = LogFrames.Last(File.ReadAllBytes(segment));
        Sweep(crashed, "db.scdb-wal.00000001", 0, framesEnd, "log segment", expected, tailFrom: lastFrame - Sector + 1, counts, failures);

        output.WriteLine($"after {cleanCloses} clean closes: " + string.Join(", ", counts.Select(c => $"{c.Key}: {c.Value}")));
        Assert.True(failures.Count == 0, string.Join("\n", failures));
    }

    // Damages each sector of [from, to) of one file of the database in folder, in two ways, and opens a copy.
    private void Sweep(string folder, string file, long from, long to, string what, long expected, long tailFrom, SortedDictionary<string, int> counts, List<string> failures)
    {
        var original = Directory.GetFiles(folder).ToDictionary(f => Path.GetFileName(f), File.ReadAllBytes);
        for (long sector = from; sector < to; sector += Sector)
        {
            foreach (bool zero in new[] { true, false })
            {
                string caseDir = Dir.File("case");
                if (Directory.Exists(caseDir))
                {
                    Directory.Delete(caseDir, recursive: true);
                }

                Directory.CreateDirectory(caseDir);
                foreach (var (name, bytes) in original)
                {
                    byte[] copy = (byte[])bytes.Clone();
                    if (name == file)
                    {
                        Damage(copy, sector, zero);
                    }

                    File.WriteAllBytes(Path.Combine(caseDir, name), copy);
                }

                string damage = $"{what} {file} sector at {sector} {(zero ? "zeroed" : "bit flipped")}";
                var task = Task.Run(() => Open(Path.Combine(caseDir, "db.scdb"), expected));
                if (!task.Wait(TestTimeouts.Hang))
                {
                    failures.Add(damage + ": hung");
                    return;
                }

                (Outcome outcome, string detail) = task.Result;
                string key = $"{what} {outcome.ToString().ToLowerInvariant()}";
                counts[key] = counts.GetValueOrDefault(key) + 1;
                bool allowed = outcome == Outcome.Exact
                    || (outcome == Outcome.Refused && what == "log segment")
                    || (outcome == Outcome.Older && what == "log segment" && sector >= tailFrom);
                if (!allowed)
                {
                    failures.Add($"{damage}: {outcome} ({detail})");
                }
            }
        }
    }

    private static void Damage(byte[] bytes, long sector, bool zero)
    {
        int start = (int)sector, length = Math.Min(Sector, bytes.Length - start);
        if (length <= 0)
        {
            return;
        }

        if (zero)
        {
            bytes.AsSpan(start, length).Clear();
        }
        else
        {
            // One bit in the middle of the sector: inside a frame, a header field or a reserved run.
            bytes[start + (length / 2)] ^= 0x08;
        }
    }

    private static (Outcome Outcome, string Detail) Open(string path, long expected)
    {
        try
        {
            using var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = PageSize });
            using var read = engine.BeginRead();
            long last = 0;
            if (read.State.CatalogRoot != 0)
            {
                var tree = TableTree.Open(read, read.State.CatalogRoot);
                tree.Tree.Verify();
                last = tree.MaxRowId() ?? 0;
                long first = Math.Max(1, last - CrashWorkload.Window + 1);
                if (tree.Count() != last - first + 1)
                {
                    throw new InvalidOperationException($"{tree.Count()} rows where committed state {last} has {last - first + 1}");
                }

                for (long n = first; n <= last; n++)
                {
                    if (!tree.TryGet(n, out var value) || !value.Span.SequenceEqual(CrashWorkload.Payload(n)))
                    {
                        throw new InvalidOperationException($"row {n} is wrong");
                    }
                }
            }

            return last == expected ? (Outcome.Exact, "") : last < expected ? (Outcome.Older, $"{last} of {expected} commits")
                : throw new InvalidOperationException($"{last} commits where {expected} were made");
        }
        catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.Corrupt or SharpCoreDBErrorCode.NotADatabase
            or SharpCoreDBErrorCode.AuthenticationFailed)
        {
            return (Outcome.Refused, e.Message);
        }
    }

    // Each clean close: open, commit CommitsPerClose rows, close. Then, with crash, CommitsBeforeCrash more and a kill.
    private static string Build(string folder, int cleanCloses, bool crash)
    {
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, "db.scdb");
        for (int close = 0; close < cleanCloses; close++)
        {
            using var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = PageSize });
            Commit(engine, CommitsPerClose);
        }

        if (crash)
        {
            var fs = new FaultyFileSystem();
            var engine = StorageEngine.Open(new StorageOptions { Path = path, PageSize = PageSize, FileSystem = fs });

            // Half the log's frames are then in the database file too: damage to them loses nothing.
            Commit(engine, CommitsBeforeCrash / 2);
            engine.Checkpoint();
            Commit(engine, CommitsBeforeCrash / 2);
            fs.Crash();
            engine.Dispose();
        }

        return folder;
    }

    private static void Commit(StorageEngine engine, int commits)
    {
        for (int i = 0; i < commits; i++)
        {
            WorkloadCommits.CommitNext(engine, TestTimeouts.WriteLock);
        }
    }
}
