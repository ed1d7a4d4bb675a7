// The workload both sides of the storage crash test agree on. Transaction n
// inserts row n with a payload derived from n and deletes row n - Window, so the
// committed state after transaction L is exactly rows max(1, L - Window + 1)..L
// with known payloads: the parent can tell a lost, partial or extra transaction.
namespace SharpCoreDB.StorageCrashWorker;

public static class CrashWorkload
{
    public const int Window = 100;

    /// <summary>The payload of row <paramref name="n"/>: mostly small, every 40th spills to overflow pages.</summary>
    public static byte[] Payload(long n)
    {
        int length = n % 40 == 0 ? 9000 : (int)((n * 37) % 600) + 10;
        var payload = new byte[length];
        for (int i = 0; i < length; i++)
        {
            payload[i] = (byte)(n + i);
        }

        return payload;
    }
}
