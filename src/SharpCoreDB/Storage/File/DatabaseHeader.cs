// The database header: what a file is and the state as of its last checkpoint.
//
// Page 0 holds two header slots of 512 bytes, slot A at byte 0 and slot B at
// byte 2048, in different disk sectors. A checkpoint (or a password change)
// writes only the slot that does not hold the newest header, with a sequence
// number one higher, then fsyncs. A torn write can therefore damage only the slot
// being written; opening picks the valid slot with the highest sequence, which is
// the new header if its write completed and the previous one otherwise.
//
// Slot layout (little-endian):
//   0    8  magic "SCDBHDR1"
//   8    4  format version (1)
//   12   4  page size in bytes
//   16  16  database id (random, fixed at creation; bound into encrypted pages)
//   32   8  sequence number of this header write
//   40   8  checkpoint LSN: every log record up to it is in the file
//   48  24  DatabaseState (see DatabaseState)
//   72   4  flags: bit 0 = pages are encrypted
//   76  52  reserved, zero
//   128 256 key block: opaque to the pager; the encryption layer keeps its salt,
//          iteration count and wrapped data key here (zero when unencrypted)
//   384 124 reserved, zero
//   508  4  CRC32 of bytes 0..507
using System.Buffers.Binary;
using System.IO.Hashing;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Storage.File;

/// <summary>One decoded header slot.</summary>
internal sealed record DatabaseHeader
{
    public const int SlotSize = 512;
    public const int SlotBOffset = 2048;
    public const int FormatVersion = 1;
    public const int KeyBlockOffset = 128;
    public const int KeyBlockSize = 256;
    internal const int ChecksumOffset = SlotSize - 4;
    internal const ulong Magic = 0x3152444842444353; // "SCDBHDR1" read as little-endian

    public required int PageSize { get; init; }

    public required Guid DatabaseId { get; init; }

    public required long Sequence { get; init; }

    public required long CheckpointLsn { get; init; }

    public required DatabaseState State { get; init; }

    public bool Encrypted { get; init; }

    /// <summary>The encryption layer's block; 256 bytes, all zero when unencrypted.</summary>
    public byte[] KeyBlock { get; init; } = new byte[KeyBlockSize];

    /// <summary>Byte offset in the file of the slot a header with <paramref name="sequence"/> goes to.</summary>
    public static long SlotOffset(long sequence) => (sequence & 1) == 0 ? 0 : SlotBOffset;

    public void WriteTo(Span<byte> slot)
    {
        slot[..SlotSize].Clear();
        BinaryPrimitives.WriteUInt64LittleEndian(slot, Magic);
        BinaryPrimitives.WriteInt32LittleEndian(slot[8..], FormatVersion);
        BinaryPrimitives.WriteInt32LittleEndian(slot[12..], PageSize);
        DatabaseId.TryWriteBytes(slot[16..32]);
        BinaryPrimitives.WriteInt64LittleEndian(slot[32..], Sequence);
        BinaryPrimitives.WriteInt64LittleEndian(slot[40..], CheckpointLsn);
        State.WriteTo(slot[48..]);
        BinaryPrimitives.WriteInt32LittleEndian(slot[72..], Encrypted ? 1 : 0);
        KeyBlock.CopyTo(slot[KeyBlockOffset..]);
        BinaryPrimitives.WriteUInt32LittleEndian(slot[ChecksumOffset..], Crc32.HashToUInt32(slot[..ChecksumOffset]));
    }

    /// <summary>True when the slot starts with the header magic (it may still be torn).</summary>
    public static bool HasMagic(ReadOnlySpan<byte> slot) =>
        slot.Length >= 8 && BinaryPrimitives.ReadUInt64LittleEndian(slot) == Magic;

    /// <summary>Decodes a slot; null when it is blank, torn or not a SharpCoreDB header.</summary>
    public static DatabaseHeader? TryRead(ReadOnlySpan<byte> slot, out string? problem)
    {
        problem = null;
        if (slot.Length < SlotSize || BinaryPrimitives.ReadUInt64LittleEndian(slot) != Magic)
        {
            problem = "no SharpCoreDB header magic";
            return null;
        }

        if (BinaryPrimitives.ReadUInt32LittleEndian(slot[ChecksumOffset..]) != Crc32.HashToUInt32(slot[..ChecksumOffset]))
        {
            problem = "header checksum mismatch";
            return null;
        }

        int version = BinaryPrimitives.ReadInt32LittleEndian(slot[8..]);
        if (version != FormatVersion)
        {
            problem = $"format version {version} is not supported (this build reads version {FormatVersion})";
            return null;
        }

        return new DatabaseHeader
        {
            PageSize = BinaryPrimitives.ReadInt32LittleEndian(slot[12..]),
            DatabaseId = new Guid(slot[16..32]),
            Sequence = BinaryPrimitives.ReadInt64LittleEndian(slot[32..]),
            CheckpointLsn = BinaryPrimitives.ReadInt64LittleEndian(slot[40..]),
            State = DatabaseState.ReadFrom(slot[48..]),
            Encrypted = (BinaryPrimitives.ReadInt32LittleEndian(slot[72..]) & 1) != 0,
            KeyBlock = slot.Slice(KeyBlockOffset, KeyBlockSize).ToArray(),
        };
    }
}
