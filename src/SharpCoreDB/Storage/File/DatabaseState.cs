// The few numbers that describe the whole database rather than one page: how
// many pages it has, where the free list starts, where the catalog lives. They
// change with commits like pages do, so every commit record carries the new
// state and the header stores the state as of the last checkpoint (at header bytes
// 48..71: docs/file-format.md's header table lists these fields at those offsets).
using SharpCoreDB.Wal.Format;

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
    internal static readonly LayoutField PageCountField = LayoutField.First(sizeof(uint));

    /// <summary>Bytes 4..7: the first free-list trunk page.</summary>
    internal static readonly LayoutField FreeListHeadField = PageCountField.Next(sizeof(uint));

    /// <summary>Bytes 8..11: the free page count.</summary>
    internal static readonly LayoutField FreePageCountField = FreeListHeadField.Next(sizeof(uint));

    /// <summary>Bytes 12..15: the catalog root page.</summary>
    internal static readonly LayoutField CatalogRootField = FreePageCountField.Next(sizeof(uint));

    /// <summary>Bytes 16..19: the schema version.</summary>
    internal static readonly LayoutField SchemaVersionField = CatalogRootField.Next(sizeof(uint));

    /// <summary>Bytes 20..23: reserved, zero.</summary>
    internal static readonly LayoutField ReservedField = SchemaVersionField.Next(sizeof(uint));

    /// <summary>Bytes of the encoded state: five uint32 LE and four reserved bytes.</summary>
    public static readonly int EncodedSize = ReservedField.End;

    /// <summary>The state of a database that has only its header page.</summary>
    public static DatabaseState Empty => new(1, 0, 0, 0, 0);

    /// <summary>Writes the state as five little-endian uint32 followed by four zero bytes.</summary>
    public void WriteTo(Span<byte> destination)
    {
        PageCountField.WriteUInt32(destination, PageCount);
        FreeListHeadField.WriteUInt32(destination, FreeListHead);
        FreePageCountField.WriteUInt32(destination, FreePageCount);
        CatalogRootField.WriteUInt32(destination, CatalogRoot);
        SchemaVersionField.WriteUInt32(destination, SchemaVersion);
        ReservedField.WriteUInt32(destination, 0);
    }

    /// <summary>Reads a state written by <see cref="WriteTo"/>.</summary>
    public static DatabaseState ReadFrom(ReadOnlySpan<byte> source) => new(
        PageCountField.ReadUInt32(source),
        FreeListHeadField.ReadUInt32(source),
        FreePageCountField.ReadUInt32(source),
        CatalogRootField.ReadUInt32(source),
        SchemaVersionField.ReadUInt32(source));
}
