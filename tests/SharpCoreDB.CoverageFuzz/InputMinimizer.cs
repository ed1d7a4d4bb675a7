// Shrinks a failing input while it still fails with the same signature: first whole
// lines (statements) are removed, then runs of bytes, halving the run length each time
// no run of that length can go (delta debugging, greedily).
namespace SharpCoreDB.CoverageFuzz;

/// <summary>Minimizes failing inputs.</summary>
internal static class InputMinimizer
{
    public static byte[] Minimize(byte[] input, string signature, Func<byte[], TargetOutcome> run, int maxRuns = 4000)
    {
        int runs = 0;
        bool StillFails(byte[] candidate) => runs++ < maxRuns && run(candidate).Signature == signature;

        byte[] best = input;
        var lines = new List<byte[]>(Split(best));
        for (int i = lines.Count - 1; i >= 0; i--)
        {
            var without = new List<byte[]>(lines);
            without.RemoveAt(i);
            byte[] candidate = Join(without);
            if (StillFails(candidate))
            {
                lines = without;
                best = candidate;
            }
        }

        for (int chunk = Math.Max(1, best.Length / 2); chunk >= 1; chunk /= 2)
        {
            for (int at = 0; at + chunk <= best.Length;)
            {
                byte[] candidate = [.. best.AsSpan(0, at), .. best.AsSpan(at + chunk)];
                if (StillFails(candidate))
                {
                    best = candidate;
                }
                else
                {
                    at += chunk;
                }
            }
        }

        return best;
    }

    private static IEnumerable<byte[]> Split(byte[] input)
    {
        int start = 0;
        for (int i = 0; i <= input.Length; i++)
        {
            if (i == input.Length || input[i] == (byte)'\n')
            {
                yield return input[start..i];
                start = i + 1;
            }
        }
    }

    private static byte[] Join(List<byte[]> lines)
    {
        var joined = new List<byte>();
        for (int i = 0; i < lines.Count; i++)
        {
            if (i > 0)
            {
                joined.Add((byte)'\n');
            }

            joined.AddRange(lines[i]);
        }

        return [.. joined];
    }
}
