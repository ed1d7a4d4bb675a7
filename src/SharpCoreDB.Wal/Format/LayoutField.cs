// One fixed-size field of an on-disk structure (an anchor slot, a segment or frame
// header, the database header, a B+tree node header, the key block, ...): where it
// starts and how many bytes it takes, declared once, and the little-endian reads and
// writes of it. Each structure declares its fields one after the other (First, Next),
// so the offsets follow from the sizes as in the documented tables, and the layout
// tests compare both with the docs. A read or write goes through a slice of exactly the
// field, so a value wider than its field throws instead of touching the next one; the
// reads and writes name their type, as BinaryPrimitives does, so that an int literal
// never picks a width by accident.
// It lives in the log's project because that is the lowest layer the log and the
// storage engine share.
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Wal.Format;

/// <summary>The bytes [<paramref name="Offset"/>, <paramref name="Offset"/> + <paramref name="Size"/>) of a structure.</summary>
internal readonly record struct LayoutField(int Offset, int Size)
{
    /// <summary>The first byte after the field.</summary>
    public int End => Offset + Size;

    /// <summary>A structure's first field.</summary>
    public static LayoutField First(int size) => new(0, size);

    /// <summary>The field that follows this one without a gap.</summary>
    public LayoutField Next(int size) => new(End, size);

    /// <summary>This field of a structure that is itself stored at <paramref name="outer"/>.</summary>
    public LayoutField Within(LayoutField outer) => new(outer.Offset + Offset, Size);

    /// <summary>The field's bytes in <paramref name="structure"/>.</summary>
    public Span<byte> Of(Span<byte> structure) => structure.Slice(Offset, Size);

    /// <summary>The field's bytes in <paramref name="structure"/>.</summary>
    public ReadOnlySpan<byte> Of(ReadOnlySpan<byte> structure) => structure.Slice(Offset, Size);

    /// <summary>The field's bytes in <paramref name="structure"/>, writable (an array would otherwise pick the read-only overload).</summary>
    public Span<byte> Of(byte[] structure) => structure.AsSpan(Offset, Size);

    public byte ReadByte(ReadOnlySpan<byte> structure) => Of(structure)[0];

    public ushort ReadUInt16(ReadOnlySpan<byte> structure) => BinaryPrimitives.ReadUInt16LittleEndian(Of(structure));

    public int ReadInt32(ReadOnlySpan<byte> structure) => BinaryPrimitives.ReadInt32LittleEndian(Of(structure));

    public uint ReadUInt32(ReadOnlySpan<byte> structure) => BinaryPrimitives.ReadUInt32LittleEndian(Of(structure));

    public long ReadInt64(ReadOnlySpan<byte> structure) => BinaryPrimitives.ReadInt64LittleEndian(Of(structure));

    public ulong ReadUInt64(ReadOnlySpan<byte> structure) => BinaryPrimitives.ReadUInt64LittleEndian(Of(structure));

    public void WriteByte(Span<byte> structure, byte value) => Of(structure)[0] = value;

    public void WriteUInt16(Span<byte> structure, ushort value) => BinaryPrimitives.WriteUInt16LittleEndian(Of(structure), value);

    public void WriteInt32(Span<byte> structure, int value) => BinaryPrimitives.WriteInt32LittleEndian(Of(structure), value);

    public void WriteUInt32(Span<byte> structure, uint value) => BinaryPrimitives.WriteUInt32LittleEndian(Of(structure), value);

    public void WriteInt64(Span<byte> structure, long value) => BinaryPrimitives.WriteInt64LittleEndian(Of(structure), value);

    public void WriteUInt64(Span<byte> structure, ulong value) => BinaryPrimitives.WriteUInt64LittleEndian(Of(structure), value);

    /// <summary>Writes, into this checksum field, the CRC32 of every byte of <paramref name="structure"/> before it.</summary>
    public void WriteCrc32OfPreceding(Span<byte> structure) => WriteUInt32(structure, Crc32.HashToUInt32(structure[..Offset]));

    /// <summary>True when this checksum field holds the CRC32 of every byte of <paramref name="structure"/> before it.</summary>
    public bool HoldsCrc32OfPreceding(ReadOnlySpan<byte> structure) => ReadUInt32(structure) == Crc32.HashToUInt32(structure[..Offset]);
}
