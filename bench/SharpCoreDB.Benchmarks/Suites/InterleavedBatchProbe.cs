// A by-hand probe beside the BenchmarkDotNet suites: the 1,000-row batch of
// InsertBenchmarks, run on several contenders in turn inside one process, one batch
// each per round, the order rotating every round. BenchmarkDotNet measures each
// contender in its own process minutes after the previous one, and on a shared VM the
// speed of the machine itself drifts by that much between processes (the same work
// has measured 13% apart in CPU time); interleaving exposes every contender to the
// same moments, so their ratio is what remains. Used for the encryption target
// (AES vs plain) and the batch target (vs SQLite) in docs/benchmarks.md.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --interleaved-batch [rounds] [contender,...]
using System.Diagnostics;
using SharpCoreDB.Benchmarks.Suites.Contenders;

namespace SharpCoreDB.Benchmarks.Suites;

internal static class InterleavedBatchProbe
{
    private const int Records = 1000;

    public static int Run(string? roundsArgument, string? contendersArgument)
    {
        int rounds = roundsArgument is null ? 3000 : int.Parse(roundsArgument, System.Globalization.CultureInfo.InvariantCulture);
        string[] names = contendersArgument?.Split(',') ?? [ContenderNames.SqliteFull, ContenderNames.ScdbFullGc, ContenderNames.ScdbAesFullGc];
        int warmup = rounds / 10;
        var contenders = new Contender[names.Length];
        var times = new double[names.Length][];
        try
        {
            for (int k = 0; k < names.Length; k++)
            {
                contenders[k] = ContenderFixtures.CreateEmpty(names[k]);
                times[k] = new double[rounds - warmup];
            }

            var rows = new UserRow[Records];
            for (int i = 0; i < Records; i++)
            {
                rows[i] = UserRow.Create(i + 1);
            }

            var nextIds = new long[names.Length];
            for (int round = 0; round < rounds; round++)
            {
                for (int step = 0; step < names.Length; step++)
                {
                    int k = (round + step) % names.Length;
                    foreach (UserRow row in rows)
                    {
                        row.Id = ++nextIds[k];
                        row.CreatedAt = UserRow.CreatedAtOf(row.Id);
                    }

                    long start = Stopwatch.GetTimestamp();
                    contenders[k].Main.InsertUsers(rows);
                    if (round >= warmup)
                    {
                        times[k][round - warmup] = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
                    }
                }
            }

            Report(names, times, rounds, warmup);
            return 0;
        }
        finally
        {
            foreach (Contender? contender in contenders)
            {
                if (contender is not null)
                {
                    contender.Dispose();
                    Directory.Delete(contender.Directory, recursive: true);
                }
            }
        }
    }

    private static void Report(string[] names, double[][] times, int rounds, int warmup)
    {
        Console.WriteLine($"{Records}-row batches, {rounds} rounds ({warmup} warm-up rounds not counted), contenders interleaved");
        var means = new double[names.Length];
        for (int k = 0; k < names.Length; k++)
        {
            double[] sorted = [.. times[k]];
            Array.Sort(sorted);
            means[k] = times[k].Average();
            Console.WriteLine($"{names[k],-20} mean {means[k]:F3} ms  median {sorted[sorted.Length / 2]:F3} ms  p90 {sorted[sorted.Length * 9 / 10]:F3} ms");
        }

        for (int k = 1; k < names.Length; k++)
        {
            Console.WriteLine($"{names[k]} / {names[0]}: mean {means[k] / means[0]:F3}");
        }

        int plain = Array.IndexOf(names, ContenderNames.ScdbFullGc);
        int aes = Array.IndexOf(names, ContenderNames.ScdbAesFullGc);
        if (plain >= 0 && aes >= 0)
        {
            Console.WriteLine($"{names[aes]} / {names[plain]}: mean {means[aes] / means[plain]:F3}");
        }
    }
}
