// Shrinks a failing fuzz run to a short list of statements for a regression
// test: replays the run's statement log, then removes chunks of statements
// (halves, quarters, ... single statements) as long as the replay still fails.
// Used by hand through SCDB_FUZZ_MINIMIZE (docs/testing.md).
namespace SharpCoreDB.Tests.Fuzzing;

internal static class FuzzMinimizer
{
    /// <summary>The smallest list found that still fails, or null when the full log does not fail on replay.</summary>
    public static List<string>? Minimize(List<string> statements)
    {
        if (!Fails(statements))
        {
            return null;
        }

        var current = new List<string>(statements);
        int chunk = Math.Max(1, current.Count / 2);
        while (true)
        {
            bool removed = false;
            for (int start = 0; start < current.Count;)
            {
                var candidate = new List<string>(current);
                candidate.RemoveRange(start, Math.Min(chunk, current.Count - start));
                if (Fails(candidate))
                {
                    current = candidate;
                    removed = true;
                }
                else
                {
                    start += chunk;
                }
            }

            if (chunk == 1 && !removed)
            {
                return current;
            }

            chunk = Math.Max(1, chunk / 2);
        }
    }

    private static bool Fails(List<string> statements)
    {
        var runner = new SqlFuzzRunner();
        runner.Replay(statements);
        return runner.Failures.Count > 0;
    }
}
