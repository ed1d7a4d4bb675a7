// The in-process coverage-guided loop. Seeds come from the corpus directory (earlier
// runs) and the grammar-aware generator; then, until the time budget is spent, a corpus
// entry is mutated (one input in 64 is a fresh generated one), run with a cleared edge
// map, and kept if it reached new coverage. A failing input (an exception other than
// SharpCoreDBException, or a failed integrity check) is minimized once per distinct
// signature and saved with its description. The input being run is written to
// <crashes>/current.sql first, so that a crash that kills the process (a stack
// overflow) leaves it behind for the script to keep. Inputs slower than 250 ms are not
// kept in the corpus (mutants of them would be as slow).
using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using SharpCoreDB.Tests.Fuzzing;

namespace SharpCoreDB.CoverageFuzz;

/// <summary>Command-line settings of a fuzzing run.</summary>
internal sealed record FuzzSettings(int Seconds, string CorpusDirectory, string CrashDirectory, int Seed, bool RequireInstrumentation);

/// <summary>Runs the coverage-guided fuzzing loop.</summary>
internal sealed class CoverageFuzzer(FuzzSettings settings)
{
    private readonly List<byte[]> _corpus = [];
    private readonly HashSet<string> _signatures = [];
    private static readonly TimeSpan SlowInput = TimeSpan.FromMilliseconds(250);
    private long _executions;
    private int _failures;
    private int _slow;

    public int Run()
    {
        Directory.CreateDirectory(settings.CorpusDirectory);
        Directory.CreateDirectory(settings.CrashDirectory);
        using var map = new EdgeMap();
        var random = new Random(settings.Seed);
        var generator = new SqlFuzzGenerator(new Random(settings.Seed));
        var mutator = new InputMutator(random, generator);

        Execute(map, "SELECT 1"u8.ToArray());
        int trivialEdges = map.EdgesOfLastRun();
        Console.WriteLine($"instrumented: {(trivialEdges > 0 ? "yes" : "no")} (edges reached by SELECT 1: {trivialEdges})");
        if (trivialEdges == 0 && settings.RequireInstrumentation)
        {
            Console.Error.WriteLine("SharpCoreDB.Sql.dll and SharpCoreDB.dll are not instrumented (run scripts/coverage-fuzz.sh).");
            return 2;
        }

        int loaded = 0;
        foreach (string file in Directory.GetFiles(settings.CorpusDirectory, "*.sql").Order(StringComparer.Ordinal))
        {
            loaded++;
            Consider(map, File.ReadAllBytes(file), save: false);
        }

        for (int i = 0; i < 64; i++)
        {
            Consider(map, Generated(new SqlFuzzGenerator(new Random(settings.Seed + i + 1))), save: true);
        }

        Console.WriteLine($"seeds: {loaded} from the corpus directory, 64 generated; corpus {_corpus.Count}, edges {map.EdgesCovered}");
        var clock = Stopwatch.StartNew();
        var deadline = TimeSpan.FromSeconds(settings.Seconds);
        var nextReport = TimeSpan.FromSeconds(10);
        while (clock.Elapsed < deadline)
        {
            byte[] input = _executions % 64 == 0 || _corpus.Count == 0
                ? Generated(generator)
                : mutator.Mutate(Pick(random), _corpus);
            Consider(map, input, save: true);
            if (clock.Elapsed >= nextReport)
            {
                nextReport += TimeSpan.FromSeconds(10);
                Report(map, clock.Elapsed);
            }
        }

        Report(map, clock.Elapsed);
        Console.WriteLine($"total: {_executions} executions, corpus {_corpus.Count}, edges {map.EdgesCovered}, failing inputs {_failures}, distinct failures {_signatures.Count}");
        return _signatures.Count == 0 ? 0 : 1;
    }

    private void Report(EdgeMap map, TimeSpan elapsed) =>
        Console.WriteLine($"[{elapsed.TotalSeconds,6:0}s] execs {_executions} ({_executions / Math.Max(1, elapsed.TotalSeconds):0}/s), corpus {_corpus.Count}, edges {map.EdgesCovered}, failures {_failures} ({_signatures.Count} distinct), slow inputs skipped {_slow}");

    private byte[] Pick(Random random)
    {
        // Newer entries found the newest coverage: half the picks come from the last 32.
        int from = random.Next(2) == 0 ? Math.Max(0, _corpus.Count - 32) : 0;
        return _corpus[random.Next(from, _corpus.Count)];
    }

    private static byte[] Generated(SqlFuzzGenerator generator)
    {
        var lines = new List<string>();
        List<string> schema = generator.Schema();
        int creates = schema.Count(s => s.StartsWith("CREATE", StringComparison.OrdinalIgnoreCase));
        lines.AddRange(schema.Take(creates + 6));
        for (int i = 0; i < 6; i++)
        {
            lines.Add(generator.Next());
        }

        return Encoding.UTF8.GetBytes(string.Join('\n', lines.Select(l => l.Replace('\n', ' '))));
    }

    private TargetOutcome Execute(EdgeMap map, byte[] input)
    {
        map.Reset();
        _executions++;
        return SqlTarget.Run(input);
    }

    private void Consider(EdgeMap map, byte[] input, bool save)
    {
        File.WriteAllBytes(Path.Combine(settings.CrashDirectory, "current.sql"), input);
        long started = Stopwatch.GetTimestamp();
        TargetOutcome outcome = Execute(map, input);
        bool slow = Stopwatch.GetElapsedTime(started) > SlowInput;
        if (outcome.Failure is not null)
        {
            Failed(map, input, outcome);
            return;
        }

        if (slow)
        {
            // Like AFL, keep slow inputs out of the corpus: mutating them would slow every run after.
            _slow++;
            return;
        }

        if (map.MergeNew() || _corpus.Count == 0)
        {
            _corpus.Add(input);
            if (save)
            {
                File.WriteAllBytes(Path.Combine(settings.CorpusDirectory, Hash(input) + ".sql"), input);
            }
        }
    }

    private void Failed(EdgeMap map, byte[] input, TargetOutcome outcome)
    {
        _failures++;
        if (!_signatures.Add(outcome.Signature!))
        {
            return;
        }

        byte[] minimized = InputMinimizer.Minimize(input, outcome.Signature!, candidate => Execute(map, candidate));
        TargetOutcome again = SqlTarget.Run(minimized);
        string name = $"failure-{_signatures.Count}-{Hash(minimized)}";
        File.WriteAllBytes(Path.Combine(settings.CrashDirectory, name + ".sql"), minimized);
        File.WriteAllBytes(Path.Combine(settings.CrashDirectory, name + ".original.sql"), input);
        File.WriteAllText(Path.Combine(settings.CrashDirectory, name + ".txt"), $"{outcome.Signature}\n\n{again.Failure ?? outcome.Failure}\n");
        Console.WriteLine($"FAILURE {outcome.Signature}: minimized to {minimized.Length} bytes in {name}.sql");
        Console.WriteLine(Encoding.UTF8.GetString(minimized));
    }

    private static string Hash(byte[] input) => Convert.ToHexStringLower(SHA256.HashData(input))[..16];
}
