// The few numbers that describe the whole database rather than one page: how
// many pages it has, where the free list starts, where the catalog lives. They
// change with commits like pages do, so every commit record carries the new
// state and the header stores the state as of the last checkpoint.
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>Database-wide counters and roots, versioned with commits.</summary>
/// <param name="PageCount">Pages in the database, page 0 (the header) included.</param>
/// <param name="FreeListHead">The first free-list trunk page, or 0 when no page is free.</param>
/// <param name="FreePageCount">Pages on the free list, trunk pages included.</param>
/// <param name="CatalogRoot">Root page of the catalog B+tree, or 0 before it exists.</param>
/// <param name="SchemaVersion">Incremented by every schema change, so that cached plans can tell they are stale.</param>
internal readonly record struct DatabaseState(uint PageCount, uint FreeListHead, uint FreePageCount, uint CatalogRoot, uint SchemaVersion)
{
    /// <summary>Bytes of the encoded state: five uint32 LE and four reserved bytes.</summary>
    public const int EncodedSize = 24;

    /// <summary>The state of a database that has only its header page.</summary>
    public static DatabaseState Empty => new(1, 0, 0, 0, 0);

    /// <summary>Writes the state as five little-endian uint32 followed by four zero bytes.</summary>
    public void WriteTo(Span<byte> destination)
    {
        BinaryPrimitives.WriteUInt32LittleEndian(destination, PageCount);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[4..], FreeListHead);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[8..], FreePageCount);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[12..], CatalogRoot);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[16..], SchemaVersion);
        BinaryPrimitives.WriteUInt32LittleEndian(destination[20..], 0);
    }

    /// <summary>Reads a state written by <see cref="WriteTo"/>.</summary>
    public static DatabaseState ReadFrom(ReadOnlySpan<byte> source) => new(
        BinaryPrimitives.ReadUInt32LittleEndian(source),
        BinaryPrimitives.ReadUInt32LittleEndian(source[4..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[8..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[12..]),
        BinaryPrimitives.ReadUInt32LittleEndian(source[16..]));
}
