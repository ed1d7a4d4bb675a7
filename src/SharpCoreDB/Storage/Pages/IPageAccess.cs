// A transaction's view of the pages. The B+trees, overflow chains and catalog
// read and change pages only through this interface, so they neither know nor
// care whether the pages come from a file, from memory, or are encrypted.
//
// Lifetime: a body returned by Read stays valid and unchanged for as long as the
// caller holds it (page images are immutable once committed; the cache drops its
// reference on eviction but never reuses the array). A body returned by Write is
// the transaction's private copy; it is valid until the transaction ends.
namespace SharpCoreDB.Storage.Pages;

/// <summary>Reads and changes the bodies of pages within one transaction.</summary>
internal interface IPageAccess
{
    /// <summary>The page size and how much of each page is body.</summary>
    PageLayout Layout { get; }

    /// <summary>The body of <paramref name="pageNumber"/> as this transaction sees it.</summary>
    ReadOnlyMemory<byte> Read(uint pageNumber);

    /// <summary>
    /// The body of <paramref name="pageNumber"/>, writable; the first call in a transaction
    /// makes the transaction's private copy. Throws in a read-only transaction.
    /// </summary>
    Memory<byte> Write(uint pageNumber);

    /// <summary>
    /// As <see cref="Write"/>, for a change that putting back the body's first <paramref name="headLength"/>
    /// bytes undoes, whatever else it writes past them (a cell added to a B+tree node's free space: the
    /// node header and slot array change, and bytes of free space that the old header does not count).
    /// A write transaction's savepoints then keep only that head, not a copy of the whole page.
    /// </summary>
    Memory<byte> WriteHead(uint pageNumber, int headLength) => Write(pageNumber);

    /// <summary>Allocates a page (reusing a freed one when there is one), with a zeroed body, already writable.</summary>
    uint Allocate(PageType type);

    /// <summary>Returns a page to the free list; its contents are gone once the transaction commits.</summary>
    void Free(uint pageNumber);
}
