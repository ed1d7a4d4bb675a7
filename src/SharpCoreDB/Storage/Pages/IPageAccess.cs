// A transaction's view of the pages. The B+trees, overflow chains and catalog
// read and change pages only through this interface, so they neither know nor
// care whether the pages come from a file, from memory, or are encrypted.
//
// Lifetime: a body returned by Read or Write is valid until the transaction ends,
// and no longer: once no open transaction can read a committed image, the cache
// hands its array to a writer for a new private copy or a page read from the file
// (Cache/PageImagePool, Cache/ImageReclaimer), so a body read after its transaction
// ended may hold another page. Whatever outlives a
// statement's transaction must copy what it needs (values, keys) and must check
// IsOpen before touching a body it kept (a result that streams rows does, before
// each row). Within the transaction, a body returned by Read is unchanged (committed
// images are immutable; the writer's own pages change only through Write).
namespace SharpCoreDB.Storage.Pages;

/// <summary>Reads and changes the bodies of pages within one transaction.</summary>
internal interface IPageAccess
{
    /// <summary>The page size and how much of each page is body.</summary>
    PageLayout Layout { get; }

    /// <summary>False once the transaction has ended: bodies read from it may have been reused (see the top of this file).</summary>
    bool IsOpen => true;

    /// <summary>
    /// Changes whenever bodies handed out before may no longer be the pages' (a write transaction moved pages out of
    /// memory): whoever kept a body reads the page again through <see cref="Read"/> (BTree.Version includes it).
    /// </summary>
    long Epoch => 0;

    /// <summary>
    /// Counts the writes, allocations and frees made through this access, by any B+tree over it (a read-only snapshot
    /// never changes: 0). A cursor keeps a path across re-attaching only while it stands still (BTreeCursor.Attach).
    /// </summary>
    long WriteCount => 0;

    /// <summary>
    /// Says that no body this access handed out is being written to now (a B+tree calls it as each change begins),
    /// so a write transaction larger than memory may move pages out here.
    /// </summary>
    void SafePoint()
    {
    }

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
