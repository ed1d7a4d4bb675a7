// Where AES-GCM nonces come from. A nonce is 12 bytes: a 32-bit epoch followed
// by a 64-bit counter (both little-endian). The epoch is taken from the header
// and the incremented value is written and fsynced back before the first
// encryption of a session, so every open of the database uses an epoch no earlier
// open used, even if it crashed right after reserving it; within a session the
// counter only grows. Hence no nonce repeats under one key: not across restarts,
// not after a crash, and not before 2^64 encryptions per session (2^40 page writes
// are far inside that). One sequence serves both subkeys (pages and log).
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>Hands out unique 96-bit nonces for one session.</summary>
internal sealed class NonceSequence(uint epoch)
{
    /// <summary>Bytes 0..3: the epoch (uint32 LE), reserved in the header before the session encrypts anything.</summary>
    internal static readonly LayoutField EpochField = LayoutField.First(sizeof(uint));

    /// <summary>Bytes 4..11: the counter (uint64 LE), one more for every encryption of the session.</summary>
    internal static readonly LayoutField CounterField = EpochField.Next(sizeof(ulong));

    public static readonly int NonceSize = CounterField.End;
    private long _counter = -1;

    public uint Epoch { get; } = epoch;

    /// <summary>Writes the next nonce into <paramref name="nonce"/>.</summary>
    public void Next(Span<byte> nonce)
    {
        ulong counter = (ulong)Interlocked.Increment(ref _counter);
        EpochField.WriteUInt32(nonce, Epoch);
        CounterField.WriteUInt64(nonce, counter);
    }
}
