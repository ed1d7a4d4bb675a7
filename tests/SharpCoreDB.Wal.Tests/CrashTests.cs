// The crash test: a child process (SharpCoreDB.Wal.CrashWriter) appends in FullSync
// from several threads and prints every record the log acknowledged; the test kills
// it with SIGKILL at a random moment (during startup and recovery too), reopens the
// log and checks that every acknowledged record is there, byte for byte (by hash),
// under the LSN it was acknowledged with. The same log goes through every round, so
// each round also recovers from the previous kill. 20 rounds by default; set
// SCDB_CRASH_ROUNDS for a longer run (see docs/wal.md).
using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using System.IO.Hashing;
using System.Reflection;
using System.Text.RegularExpressions;
using SharpCoreDB.Wal.Tests.Support;

namespace SharpCoreDB.Wal.Tests;

[Trait("Category", "Slow")]
public sealed partial class CrashTests() : TempDirectoryTests("scdb-wal-")
{
    [Fact]
    public void EveryAcknowledgedRecordSurvivesSigkill()
    {
        int rounds = int.TryParse(Environment.GetEnvironmentVariable("SCDB_CRASH_ROUNDS"), out int n) && n > 0 ? n : 20;
        string path = Dir.File("crash.wal");
        string writer = CrashWriterPath();
        var random = new Random(Environment.TickCount);
        var acknowledged = new Dictionary<long, (ulong Hash, int Length)>();
        int roundsWithAcks = 0;
        for (int round = 0; round < rounds; round++)
        {
            var lines = RunAndKill(writer, path, round, random);
            int before = acknowledged.Count;
            foreach (string line in lines)
            {
                var match = AckLine().Match(line);
                if (!match.Success)
                {
                    continue;
                }

                long lsn = long.Parse(match.Groups[1].Value, CultureInfo.InvariantCulture);
                var ack = (ulong.Parse(match.Groups[2].Value, NumberStyles.HexNumber, CultureInfo.InvariantCulture),
                    int.Parse(match.Groups[3].Value, CultureInfo.InvariantCulture));
                Assert.True(acknowledged.TryAdd(lsn, ack), $"round {round}: LSN {lsn} acknowledged twice");
            }

            roundsWithAcks += acknowledged.Count > before ? 1 : 0;
            var records = LogReader.ReadAll(path).ToDictionary(r => r.Lsn, r => r.Payload);
            foreach (var (lsn, (hash, length)) in acknowledged)
            {
                Assert.True(records.TryGetValue(lsn, out byte[]? payload), $"round {round}: acknowledged LSN {lsn} lost");
                Assert.Equal(length, payload.Length);
                Assert.Equal(hash, XxHash64.HashToUInt64(payload));
            }
        }

        // Most kills must land while records flow, or the test proves little.
        Assert.True(roundsWithAcks >= rounds / 2, $"only {roundsWithAcks} of {rounds} rounds acknowledged anything");
    }

    private static List<string> RunAndKill(string writer, string path, int round, Random random)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(writer);
        start.ArgumentList.Add(path);
        start.ArgumentList.Add("4");
        start.ArgumentList.Add(round.ToString(CultureInfo.InvariantCulture));

        var lines = new ConcurrentQueue<string>();
        using var firstAck = new ManualResetEventSlim();
        using var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                lines.Enqueue(e.Data);
                firstAck.Set();
            }
        };
        process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                lines.Enqueue("stderr: " + e.Data);
            }
        };
        process.Start();
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();

        // One round in four kills at a random moment from the start (maybe in the middle of
        // recovery); the others wait for records to flow first.
        if (round % 4 != 3)
        {
            firstAck.Wait(TestTimeouts.Hang);
        }

        Thread.Sleep(random.Next(0, 150));
        bool exitedByItself = process.HasExited;
        process.Kill(entireProcessTree: true);
        process.WaitForExit();
        Assert.False(exitedByItself, "the crash writer exited by itself: " + string.Join('\n', lines));
        return [.. lines];
    }

    private static string CrashWriterPath()
    {
        string? path = typeof(CrashTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
            .FirstOrDefault(a => a.Key == "CrashWriterPath")?.Value;
        Assert.NotNull(path);
        path = Path.GetFullPath(path);
        Assert.True(File.Exists(path), $"crash writer not built at {path}");
        return path;
    }

    [GeneratedRegex(@"^(\d+) ([0-9a-f]{16}) (\d+);$")]
    private static partial Regex AckLine();
}
