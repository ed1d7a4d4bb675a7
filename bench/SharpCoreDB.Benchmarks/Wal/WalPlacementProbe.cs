// A by-hand probe, not a BenchmarkDotNet suite: one thread appends 100-byte FullSync
// records to the fsync-per-record log, to the group-commit log with its flush worker
// placed on the disk's completion CPU (the default) and to one with the worker left to
// the scheduler, in interleaved blocks of 1,000 appends, optionally with the appending
// thread pinned to one CPU (Linux sched_setaffinity). It shows how the single-thread
// ratio of the logs depends on which CPU the thread sleeping in fdatasync runs on
// relative to the CPU that takes the disk's interrupts (docs/benchmarks.md,
// "Write-ahead log", 1 thread).
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --wal-placement-probe [cpu]
using System.Diagnostics;
using System.Runtime.InteropServices;
using SharpCoreDB.Wal;
using SharpCoreDB.Wal.GroupCommit;

namespace SharpCoreDB.Benchmarks.Wal;

internal static partial class WalPlacementProbe
{
    private const int Rounds = 6;
    private const int AppendsPerBlock = 1000;

    public static int Run(string? cpu)
    {
        if (cpu is not null)
        {
            ulong mask = 1UL << int.Parse(cpu, System.Globalization.CultureInfo.InvariantCulture);
            if (!OperatingSystem.IsLinux() || SetAffinity(0, sizeof(ulong), ref mask) != 0)
            {
                Console.Error.WriteLine($"could not pin the thread to CPU {cpu}");
                return 1;
            }
        }

        string directory = Directory.CreateTempSubdirectory("scdb-wal-probe-").FullName;
        try
        {
            using IWriteAheadLog baseline = Open(directory, "baseline.wal", groupCommit: false, pinWorker: false);
            using IWriteAheadLog placed = Open(directory, "placed.wal", groupCommit: true, pinWorker: true);
            using IWriteAheadLog unplaced = Open(directory, "unplaced.wal", groupCommit: true, pinWorker: false);
            IWriteAheadLog[] logs = [baseline, placed, unplaced];
            var micros = new double[logs.Length];
            var record = new byte[100];
            for (int round = 0; round <= Rounds; round++)
            {
                for (int k = 0; k < logs.Length; k++)
                {
                    long start = Stopwatch.GetTimestamp();
                    for (int i = 0; i < AppendsPerBlock; i++)
                    {
                        logs[k].Append(record);
                    }

                    // Round 0 warms both logs up.
                    micros[k] += round == 0 ? 0 : Stopwatch.GetElapsedTime(start).TotalMicroseconds;
                }
            }

            const int appends = Rounds * AppendsPerBlock;
            Console.WriteLine($"committer CPU: {cpu ?? "not pinned"}");
            Console.WriteLine($"flush worker CPU: {(placed is GroupCommitWal g && g.FlushWorkerCpu >= 0 ? g.FlushWorkerCpu.ToString(System.Globalization.CultureInfo.InvariantCulture) : "not pinned")}");
            Console.WriteLine($"baseline:          {micros[0] / appends:F1} us/append");
            Console.WriteLine($"group, placed:     {micros[1] / appends:F1} us/append");
            Console.WriteLine($"group, not placed: {micros[2] / appends:F1} us/append");
            Console.WriteLine($"placed / baseline throughput:     {micros[0] / micros[1]:F3}");
            Console.WriteLine($"not placed / baseline throughput: {micros[0] / micros[2]:F3}");
            return 0;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static IWriteAheadLog Open(string directory, string name, bool groupCommit, bool pinWorker) =>
        WriteAheadLog.Open(Path.Combine(directory, name), new WalOptions { Durability = WalDurability.FullSync, UseGroupCommit = groupCommit, PinFlushWorker = pinWorker });

    [LibraryImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SetAffinity(int pid, nint size, ref ulong mask);
}
