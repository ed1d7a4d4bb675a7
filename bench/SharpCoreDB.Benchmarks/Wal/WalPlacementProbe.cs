// A by-hand probe, not a BenchmarkDotNet suite: one thread appends 100-byte FullSync
// records to the fsync-per-record log and to the group-commit log, in interleaved
// blocks of 1,000 appends, optionally with the appending thread pinned to one CPU
// (Linux sched_setaffinity). It shows how the single-thread ratio of the two logs
// depends on which CPU the thread sleeping in fdatasync runs on relative to the CPU
// that takes the disk's interrupts (docs/benchmarks.md, "Write-ahead log", 1 thread).
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --wal-placement-probe [cpu]
using System.Diagnostics;
using System.Runtime.InteropServices;
using SharpCoreDB.Wal;

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
            using IWriteAheadLog baseline = Open(directory, "baseline.wal", groupCommit: false);
            using IWriteAheadLog group = Open(directory, "group.wal", groupCommit: true);
            IWriteAheadLog[] logs = [baseline, group];
            var micros = new double[2];
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
            Console.WriteLine($"baseline: {micros[0] / appends:F1} us/append");
            Console.WriteLine($"group:    {micros[1] / appends:F1} us/append");
            Console.WriteLine($"group / baseline throughput: {micros[0] / micros[1]:F3}");
            return 0;
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static IWriteAheadLog Open(string directory, string name, bool groupCommit) =>
        WriteAheadLog.Open(Path.Combine(directory, name), new WalOptions { Durability = WalDurability.FullSync, UseGroupCommit = groupCommit });

    [LibraryImport("libc", EntryPoint = "sched_setaffinity", SetLastError = true)]
    private static partial int SetAffinity(int pid, nint size, ref ulong mask);
}
