// The kind of a page, stored in byte 0 of every page so that the integrity check
// and recovery can tell what a page is without following pointers to it.
namespace SharpCoreDB.Storage.Pages;

/// <summary>What a page holds. Stored as one byte at offset 0 of the page.</summary>
internal enum PageType : byte
{
    /// <summary>Never written; a page of zeros reads as this.</summary>
    Unused = 0,

    /// <summary>Page 0: the database header.</summary>
    Header = 1,

    /// <summary>A page on the free list, waiting to be reused.</summary>
    Free = 2,

    /// <summary>A node (leaf or interior) of a table B+tree keyed by rowid.</summary>
    TableNode = 3,

    /// <summary>A node (leaf or interior) of an index B+tree keyed by (key columns, rowid).</summary>
    IndexNode = 4,

    /// <summary>A continuation page of a value too large for its B+tree cell.</summary>
    Overflow = 5,
}
