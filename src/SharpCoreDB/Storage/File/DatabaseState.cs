// The few numbers that describe the whole database rather than one page: how
// many pages it has, where the free list starts, where the catalog lives. They
// change with commits like pages do, so every commit record carries the new
// state and the header stores the state as of the last checkpoint (at header bytes
// 48..71: docs/file-format.md's header table lists these fields at those offsets).
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.File;

/// <summary>Database-wide counters and roots, versioned with commits.</summary>
/// <param name="PageCount">Pages in the database, page 0 (the header) included.</param>
/// <param name="FreeListHead">The first free-list trunk page, or 0 when no page is free.</param>
/// <param name="FreePageCount">Pages on the free list, trunk pages included.</param>
/// <param name="CatalogRoot">Root page of the catalog B+tree, or 0 before it exists.</param>
/// <param name="SchemaVersion">Incremented by every schema change, so that cached plans can tell they are stale.</param>
internal readonly record struct DatabaseState(uint PageCount, uint FreeListHead, uint FreePageCount, uint CatalogRoot, uint SchemaVersion)
{
    /// <summary>Bytes 0..3: the page count (uint32 LE).</summary>
    internal const int PageCountOffset = 0; // [0-3]

    /// <summary>Bytes 4..7: the first free-list trunk page.</summary>
    internal const int FreeListHeadOffset = 4; // [4-7]

    /// <summary>Bytes 8..11: the free page count.</summary>
    internal const int FreePageCountOffset = 8; // [8-11]

    /// <summary>Bytes 12..15: the catalog root page.</summary>
    internal const int CatalogRootOffset = 12; // [12-15]

    /// <summary>Bytes 16..19: the schema version.</summary>
    internal const int SchemaVersionOffset = 16; // [16-19]

    /// <summary>Bytes 20..23: reserved, zero.</summary>
    internal const int ReservedOffset = 20; // [20-23]

    /// <summary>The size of every field above: a uint32 each.</summary>
    internal const int FieldSize = sizeof(uint);

    /// <summary>Bytes of the encoded state: five uint32 LE and four reserved bytes.</summary>
    public const int EncodedSize = ReservedOffset + FieldSize;

    /// <summary>The state of a database that has only its header page.</summary>
    public static DatabaseState Empty => new(1, 0, 0, 0, 0);

    /// <summary>Writes the state as five little-endian uint32 followed by four zero bytes.</summary>
    public void WriteTo(Span<byte> destination)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination[PageCountOffset..], PageCount);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[FreeListHeadOffset..], FreeListHead);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[FreePageCountOffset..], FreePageCount);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[CatalogRootOffset..], CatalogRoot);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[SchemaVersionOffset..], SchemaVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[ReservedOffset..], 0);
    }

    /// <summary>Reads a state written by <see cref="WriteTo"/>.</summary>
    public static DatabaseState ReadFrom(ReadOnlySpan<byte> source) => new(
        BinaryPrimitives.ReadUInt32LittleEndian(source[PageCountOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[FreeListHeadOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[FreePageCountOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[CatalogRootOffset..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[SchemaVersionOffset..]));
}
