// Entry point of the coverage-guided SQL fuzzer. Usage (scripts/coverage-fuzz.sh runs it
// on instrumented copies of the assemblies):
//   SharpCoreDB.CoverageFuzz [--seconds N] [--corpus DIR] [--crashes DIR] [--seed S]
//                            [--require-instrumentation] [--replay FILE]
// --replay runs one input and prints whether it breaks the contract (exit code 1 if so).
using System.Globalization;
using SharpCoreDB.CoverageFuzz;

string corpus = "fuzz-work/corpus";
string crashes = "fuzz-work/crashes";
int seconds = 60;
int seed = 1;
bool require = false;
string? replay = null;
for (int i = 0; i < args.Length; i++)
{
    switch (args[i])
    {
        case "--seconds":
            seconds = int.Parse(args[++i], CultureInfo.InvariantCulture);
            break;
        case "--corpus":
            corpus = args[++i];
            break;
        case "--crashes":
            crashes = args[++i];
            break;
        case "--seed":
            seed = int.Parse(args[++i], CultureInfo.InvariantCulture);
            break;
        case "--require-instrumentation":
            require = true;
            break;
        case "--replay":
            replay = args[++i];
            break;
        default:
            Console.Error.WriteLine($"unknown argument {args[i]}");
            return 64;
    }
}

if (replay is not null)
{
    using var map = new EdgeMap(); // instrumented code needs the map even for one run
    TargetOutcome outcome = SqlTarget.Run(File.ReadAllBytes(replay));
    Console.WriteLine(outcome.Failure ?? "ok: only SharpCoreDBException escaped and the integrity check passed");
    return outcome.Failure is null ? 0 : 1;
}

return new CoverageFuzzer(new FuzzSettings(seconds, corpus, crashes, seed, require)).Run();
