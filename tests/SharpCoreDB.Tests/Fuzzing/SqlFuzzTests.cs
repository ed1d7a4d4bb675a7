// The SQL fuzzers (docs/testing.md "Fuzzing"): generated statements, mutated
// statements, and mutants through the parser alone. The CI budget is a fixed
// list of seeds (reproducible, a few seconds each); SCDB_FUZZ_SECONDS=N runs
// seed after seed for N seconds instead, starting at SCDB_FUZZ_SEED, and
// prints how many statements ran.
using System.Diagnostics;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Fuzzing;

[Trait("Category", "Slow")]
public sealed class SqlFuzzTests(ITestOutputHelper output)
{
    private const int StatementsPerRun = 300;

    [Fact]
    public void GeneratedStatementsRaiseOnlySharpCoreDBException() => Fuzz(firstSeed: 1, ciRuns: 25, mutate: false);

    [Fact]
    public void MutatedStatementsRaiseOnlySharpCoreDBException() => Fuzz(firstSeed: 100_001, ciRuns: 25, mutate: true);

    [Fact]
    public void ParserRaisesOnlySharpCoreDBExceptionOnMutants()
    {
        var runner = new SqlFuzzRunner();
        var random = new Random(424242);
        var generator = new SqlFuzzGenerator(random);
        generator.Schema();
        for (int i = 0; i < 20_000; i++)
        {
            string sql = generator.Next();
            runner.ParseOnly(424242, i, random.Next(4) == 0 ? sql : SqlMutator.Mutate(sql, random));
        }

        output.WriteLine($"{runner.StatementsRun} parsed, {runner.StatementsRejected} rejected");
        Assert.True(runner.Failures.Count == 0, string.Join("\n", runner.Failures.Take(20)));
    }

    /// <summary>By hand: SCDB_FUZZ_MINIMIZE=seed (or seed,m for a mutated run) prints the minimized failing statements.</summary>
    [Fact]
    public void MinimizeAFailingSeedWhenAsked()
    {
        string? request = Environment.GetEnvironmentVariable("SCDB_FUZZ_MINIMIZE");
        if (string.IsNullOrEmpty(request))
        {
            return;
        }

        string[] parts = request.Split(',');
        var runner = new SqlFuzzRunner();
        runner.Run(int.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture), StatementsPerRun, parts.Length > 1);
        List<string>? minimal = FuzzMinimizer.Minimize(runner.Log);
        Assert.True(minimal is not null, "the run's statement log does not fail on replay:\n" + string.Join("\n", runner.Failures));
        var replay = new SqlFuzzRunner();
        replay.Replay(minimal);
        Assert.Fail("minimized:\n" + string.Join("\n", minimal) + "\n" + string.Join("\n", replay.Failures));
    }

    private void Fuzz(int firstSeed, int ciRuns, bool mutate)
    {
        var runner = new SqlFuzzRunner();
        int seed = int.TryParse(Environment.GetEnvironmentVariable("SCDB_FUZZ_SEED"), out int s) ? s : firstSeed;
        bool timed = int.TryParse(Environment.GetEnvironmentVariable("SCDB_FUZZ_SECONDS"), out int seconds) && seconds > 0;
        var clock = Stopwatch.StartNew();
        int runs = 0;
        while (timed ? clock.Elapsed.TotalSeconds < seconds : runs < ciRuns)
        {
            runner.Run(seed + runs, StatementsPerRun, mutate);
            runs++;
            if (!timed && runner.Failures.Count >= 50)
            {
                break;
            }
        }

        string summary = $"{runs} runs (seeds {seed}..{seed + runs - 1}), {runner.StatementsRun} statements, {runner.StatementsRejected} rejected, {runner.Failures.Count} failures";
        output.WriteLine(summary);
        foreach (KeyValuePair<string, int> rejection in runner.Rejections.OrderByDescending(r => r.Value).Take(25))
        {
            output.WriteLine($"{rejection.Value,6} {rejection.Key}");
        }

        Console.WriteLine("fuzz: " + (mutate ? "mutated " : "generated ") + summary);
        if (timed)
        {
            foreach (string failure in runner.Failures)
            {
                Console.WriteLine("FAILURE " + failure.ReplaceLineEndings(" | "));
            }
        }

        Assert.True(runner.Failures.Count == 0, summary + "\n" + string.Join("\n", runner.Failures.Take(30)));
    }
}
