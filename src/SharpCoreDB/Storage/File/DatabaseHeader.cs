// The database header: what a file is and the state as of its last checkpoint.
//
// Page 0 holds two header slots of 512 bytes, slot A at byte 0 and slot B at
// byte 2048, in different disk sectors. Every header write goes to both: first the
// slot the new sequence number selects, fsynced, then the other, fsynced
// (DatabaseFile.WriteHeader). So after any completed write both slots hold the
// same header, and one damaged sector (a bad disk block, a stray write) still
// leaves the whole, current header in the other slot. A crash during the first
// write leaves the other slot with the previous header, and the log, not yet
// released, still holds every record after it; a crash during the second leaves
// the first complete. Opening reads both slots and uses the valid one with the
// higher sequence (HeaderSlots).
//
// Slot layout (little-endian), each field a LayoutField below that the code reads and
// writes through (docs/file-format.md, "Page 0", has the same table):
//   0    8  magic "SCDBHDR1"
//   8    4  format version (2)
//   12   4  page size in bytes
//   16  16  database id (random, fixed at creation; bound into encrypted pages)
//   32   8  sequence number of this header write
//   40   8  checkpoint LSN: every log record up to it is in the file
//   48  24  DatabaseState (see DatabaseState)
//   72   4  flags: bit 0 = pages are encrypted
//   76   4  file pages: the file's page count when a checkpoint left it longer than the
//          state (VACUUM shrank the database, the file is cut after this header); else 0
//   80  48  reserved, zero
//   128 256 key block: opaque to the pager; the encryption layer keeps its salt,
//          iteration count and wrapped data key here (zero when unencrypted)
//   384 124 reserved, zero
//   508  4  CRC32 of bytes 0..507
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.File;

/// <summary>One decoded header slot.</summary>
internal sealed record DatabaseHeader
{
    public const int SlotSize = 512;

    /// <summary>Page 0 bytes 0..511: slot A, written first for even sequence numbers.</summary>
    public const int SlotAOffset = 0;

    /// <summary>Page 0 bytes 2048..2559: slot B, written first for odd sequence numbers (another disk sector).</summary>
    public const int SlotBOffset = 2048;

    /// <summary>2: rowids in table keys and index-key suffixes take 1 to 10 bytes (RowIdKey); 1 had 8.</summary>
    public const int FormatVersion = 2;

    /// <summary>Bytes 0..7: the magic.</summary>
    internal static readonly LayoutField MagicField = LayoutField.First(sizeof(ulong));

    /// <summary>Bytes 8..11: the format version.</summary>
    internal static readonly LayoutField VersionField = MagicField.Next(sizeof(int));

    /// <summary>Bytes 12..15: the page size.</summary>
    internal static readonly LayoutField PageSizeField = VersionField.Next(sizeof(int));

    /// <summary>Bytes 16..31: the database id.</summary>
    internal static readonly LayoutField DatabaseIdField = PageSizeField.Next(16);

    /// <summary>Bytes 32..39: the sequence number of this header write.</summary>
    internal static readonly LayoutField SequenceField = DatabaseIdField.Next(sizeof(long));

    /// <summary>Bytes 40..47: the checkpoint LSN.</summary>
    internal static readonly LayoutField CheckpointLsnField = SequenceField.Next(sizeof(long));

    /// <summary>Bytes 48..71: the database state (its fields at DatabaseState's offsets).</summary>
    internal static readonly LayoutField StateField = CheckpointLsnField.Next(DatabaseState.EncodedSize);

    /// <summary>Bytes 72..75: the flags.</summary>
    internal static readonly LayoutField FlagsField = StateField.Next(sizeof(int));

    /// <summary>
    /// Bytes 76..79: the pages the file may hold past the state's page count (uint32): set by a checkpoint that
    /// shrank the database (VACUUM) before it cut the file, 0 otherwise (<see cref="FilePages"/>).
    /// </summary>
    internal static readonly LayoutField FilePagesField = FlagsField.Next(sizeof(uint));

    /// <summary>Bytes 80..127: reserved, zero.</summary>
    internal static readonly LayoutField FlagsReservedField = FilePagesField.Next(48);

    /// <summary>Bytes 128..383: the key block.</summary>
    public static readonly LayoutField KeyBlockField = FlagsReservedField.Next(256);

    /// <summary>Bytes 384..507: reserved, zero.</summary>
    internal static readonly LayoutField KeyBlockReservedField = KeyBlockField.Next(124);

    /// <summary>Bytes 508..511: CRC32 of bytes 0..507.</summary>
    internal static readonly LayoutField ChecksumField = KeyBlockReservedField.Next(sizeof(uint));

    internal const ulong Magic = 0x3152444842444353; // "SCDBHDR1" read as little-endian
    private const int EncryptedFlag = 1;

    public required int PageSize { get; init; }

    public required Guid DatabaseId { get; init; }

    public required long Sequence { get; init; }

    public required long CheckpointLsn { get; init; }

    public required DatabaseState State { get; init; }

    public bool Encrypted { get; init; }

    /// <summary>
    /// When the checkpoint that wrote this header left the file longer than <see cref="State"/>'s page count (a VACUUM
    /// shrank the database and the file is cut only after the header is durable): the file's page count then, which
    /// an open accepts as not out of date. 0 when the file was no longer than the state.
    /// </summary>
    public uint FilePages { get; init; }

    /// <summary>The encryption layer's block; 256 bytes, all zero when unencrypted.</summary>
    public byte[] KeyBlock { get; init; } = new byte[KeyBlockField.Size];

    /// <summary>Byte offset in the file of the slot written first for a header with <paramref name="sequence"/>.</summary>
    public static long SlotOffset(long sequence) => (sequence & 1) == 0 ? SlotAOffset : SlotBOffset;

    /// <summary>Byte offset of the slot written second (the mirror) for a header with <paramref name="sequence"/>.</summary>
    public static long MirrorSlotOffset(long sequence) => (sequence & 1) == 0 ? SlotBOffset : SlotAOffset;

    public void WriteTo(Span<byte> slot)
    {
        slot[..SlotSize].Clear();
        MagicField.WriteUInt64(slot, Magic);
        VersionField.WriteInt32(slot, FormatVersion);
        PageSizeField.WriteInt32(slot, PageSize);
        DatabaseId.TryWriteBytes(DatabaseIdField.Of(slot));
        SequenceField.WriteInt64(slot, Sequence);
        CheckpointLsnField.WriteInt64(slot, CheckpointLsn);
        State.WriteTo(StateField.Of(slot));
        FlagsField.WriteInt32(slot, Encrypted ? EncryptedFlag : 0);
        FilePagesField.WriteUInt32(slot, FilePages);
        KeyBlock.CopyTo(KeyBlockField.Of(slot));
        ChecksumField.WriteCrc32OfPreceding(slot);
    }

    /// <summary>True when the slot starts with the header magic (it may still be torn).</summary>
    public static bool HasMagic(ReadOnlySpan<byte> slot) => slot.Length >= MagicField.End && MagicField.ReadUInt64(slot) == Magic;

    /// <summary>Decodes a slot; null when it is blank, torn or not a SharpCoreDB header.</summary>
    public static DatabaseHeader? TryRead(ReadOnlySpan<byte> slot, out string? problem)
    {
        problem = null;
        if (slot.Length < SlotSize || !HasMagic(slot))
        {
            problem = "no SharpCoreDB header magic";
            return null;
        }

        if (!ChecksumField.HoldsCrc32OfPreceding(slot))
        {
            problem = "header checksum mismatch";
            return null;
        }

        int version = VersionField.ReadInt32(slot);
        if (version != FormatVersion)
        {
            problem = version < FormatVersion
                ? $"it has format version {version}, written by an earlier build of SharpCoreDB; this build reads format version "
                  + $"{FormatVersion}. Copy its data out with the build that wrote it"
                : $"it has format version {version}, written by a newer build of SharpCoreDB; this build reads format version {FormatVersion}";
            return null;
        }

        return new DatabaseHeader
        {
            PageSize = PageSizeField.ReadInt32(slot),
            DatabaseId = new Guid(DatabaseIdField.Of(slot)),
            Sequence = SequenceField.ReadInt64(slot),
            CheckpointLsn = CheckpointLsnField.ReadInt64(slot),
            State = DatabaseState.ReadFrom(StateField.Of(slot)),
            Encrypted = (FlagsField.ReadInt32(slot) & EncryptedFlag) != 0,
            FilePages = FilePagesField.ReadUInt32(slot),
            KeyBlock = KeyBlockField.Of(slot).ToArray(),
        };
    }
}
