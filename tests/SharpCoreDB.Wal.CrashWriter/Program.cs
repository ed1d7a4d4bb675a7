// Child process of the WAL crash test (tests/SharpCoreDB.Wal.Tests/CrashTests.cs).
// Usage: SharpCoreDB.Wal.CrashWriter <log path> <threads> <seed>
// Opens the log in FullSync mode (running recovery after the previous kill), then
// appends random records from several threads forever. After each append returns,
// that is once the log acknowledged the record as durable, it prints one line
//   <lsn> <XxHash64 of the payload, 16 hex digits> <payload length>;
// The trailing ';' lets the parent ignore a line cut short by the kill.
using System.Globalization;
using System.IO.Hashing;
using SharpCoreDB.Wal;

if (args.Length != 3)
{
    Console.Error.WriteLine("usage: SharpCoreDB.Wal.CrashWriter <log path> <threads> <seed>");
    return 2;
}

string path = args[0];
int threads = int.Parse(args[1], CultureInfo.InvariantCulture);
int seed = int.Parse(args[2], CultureInfo.InvariantCulture);
var options = new WalOptions
{
    Durability = WalDurability.FullSync,
    BufferSize = 64 << 10,
    SegmentSize = 256 << 10,
};

using var log = WriteAheadLog.Open(path, options);
var output = Console.Out;
var workers = new Thread[threads];
for (int t = 0; t < threads; t++)
{
    var random = new Random(seed * 1000 + t);
    workers[t] = new Thread(() =>
    {
        while (true)
        {
            var payload = new byte[random.Next(1, 3000)];
            random.NextBytes(payload);
            long lsn = log.Append(payload);
            string line = string.Create(
                CultureInfo.InvariantCulture, $"{lsn} {XxHash64.HashToUInt64(payload):x16} {payload.Length};");
            lock (output)
            {
                output.WriteLine(line);
            }
        }
    })
    { IsBackground = true };
    workers[t].Start();
}

foreach (var worker in workers)
{
    worker.Join();
}

return 0;
