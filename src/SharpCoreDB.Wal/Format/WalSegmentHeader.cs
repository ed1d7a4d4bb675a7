// The first 32 bytes of every segment file. Frames start right after it.
// docs/wal.md ("Segment header") has the same table, and every field is a LayoutField
// below that the code reads and writes through.
//
//   offset  size  field
//   0       8     magic "SCDBWSEG" (ASCII)
//   8       8     segment sequence number, little-endian; segments are numbered 1, 2, 3, ...
//   16      8     base LSN, little-endian: the LSN of the last record before this segment,
//                 so the segment's first frame carries base LSN + 1
//   24      2     format version, little-endian, currently 2 (24-byte frame headers)
//   26      2     reserved, zero
//   28      4     CRC32 of bytes 0 .. 27, little-endian
//
// The base LSN is what keeps LSNs increasing after every record has been released:
// the newest segment is never deleted, so its header always remembers where to go on.
// A header with the right magic and CRC but another version is not damage: it was
// written by another build, and Read says so instead of calling it unusable.
namespace SharpCoreDB.Wal.Format;

/// <summary>What <see cref="WalSegmentHeader.Read"/> found.</summary>
internal enum WalSegmentHeaderStatus
{
    /// <summary>A header of this build's format.</summary>
    Valid,

    /// <summary>Short, wrong magic or wrong CRC: the bytes are damaged (or were never completely written).</summary>
    Damaged,

    /// <summary>An intact header of another format version.</summary>
    OtherVersion,
}

/// <summary>The header of a segment file.</summary>
internal readonly record struct WalSegmentHeader(long Sequence, long BaseLsn)
{
    /// <summary>Bytes 0..7: the magic.</summary>
    public static readonly LayoutField MagicField = LayoutField.First(8);

    /// <summary>Bytes 8..15: the sequence number.</summary>
    public static readonly LayoutField SequenceField = MagicField.Next(sizeof(long));

    /// <summary>Bytes 16..23: the base LSN.</summary>
    public static readonly LayoutField BaseLsnField = SequenceField.Next(sizeof(long));

    /// <summary>Bytes 24..25: the format version.</summary>
    public static readonly LayoutField VersionField = BaseLsnField.Next(sizeof(ushort));

    /// <summary>Bytes 26..27: reserved, zero.</summary>
    public static readonly LayoutField ReservedField = VersionField.Next(sizeof(ushort));

    /// <summary>Bytes 28..31: CRC32 of bytes 0..27.</summary>
    public static readonly LayoutField ChecksumField = ReservedField.Next(sizeof(uint));

    /// <summary>The header's size; the first frame starts at this offset.</summary>
    public static readonly int Size = ChecksumField.End;

    /// <summary>The format this build writes and reads: 24-byte frame headers with the durable LSN at copy.</summary>
    public const ushort Version = 2;

    private static ReadOnlySpan<byte> Magic => "SCDBWSEG"u8;

    public void Write(Span<byte> destination)
    {
        Span<byte> header = destination[..Size];
        Magic.CopyTo(MagicField.Of(header));
        SequenceField.WriteInt64(header, Sequence);
        BaseLsnField.WriteInt64(header, BaseLsn);
        VersionField.WriteUInt16(header, Version);
        ReservedField.WriteUInt16(header, 0);
        ChecksumField.WriteCrc32OfPreceding(header);
    }

    /// <summary>
    /// Parses a header. <paramref name="version"/> is the version field of an intact header (also when it
    /// is another version's), 0 for a damaged one.
    /// </summary>
    public static WalSegmentHeaderStatus Read(ReadOnlySpan<byte> source, out WalSegmentHeader header, out ushort version)
    {
        header = default;
        version = 0;
        if (source.Length < Size || !MagicField.Of(source).SequenceEqual(Magic) || !ChecksumField.HoldsCrc32OfPreceding(source))
        {
            return WalSegmentHeaderStatus.Damaged;
        }

        version = VersionField.ReadUInt16(source);
        if (version != Version)
        {
            return WalSegmentHeaderStatus.OtherVersion;
        }

        header = new WalSegmentHeader(SequenceField.ReadInt64(source), BaseLsnField.ReadInt64(source));
        return WalSegmentHeaderStatus.Valid;
    }
}
