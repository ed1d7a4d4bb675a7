// The free list: pages that were freed and wait to be reused, so that a table
// filled and emptied again does not leave the file growing.
//
// It is a chain of trunk pages (PageType.Free) starting at DatabaseState.FreeListHead.
// Trunk body layout (little-endian; docs/file-format.md, "Free list", has the same
// table, and the fields below are what the code reads and writes through):
//   0  4  next trunk page, 0 at the end of the chain
//   4  4  number of entries
//   8  4n page numbers of free pages (not trunks themselves)
// Freeing a page adds it to the head trunk, or, when that is full, makes the freed
// page the new head trunk. Allocating takes the last entry of the head trunk, or
// the head trunk itself when it is empty. Trunk pages change through the same
// write transaction as everything else, so the free list is logged, recovered and
// rolled back like any other data.
using System.Buffers.Binary;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Transactions;

/// <summary>Called for each page on the free list; <paramref name="isTrunk"/> for the list's own trunk pages.</summary>
internal delegate void FreeListVisitor(uint page, bool isTrunk);

/// <summary>Pops and pushes free pages within a write transaction.</summary>
internal static class FreeList
{
    /// <summary>Body bytes 0..3: the next trunk page, 0 at the end of the chain.</summary>
    internal static readonly LayoutField NextField = LayoutField.First(sizeof(uint));

    /// <summary>Body bytes 4..7: the number of entries n.</summary>
    internal static readonly LayoutField CountField = NextField.Next(sizeof(uint));

    /// <summary>Body bytes 8..8+4n-1: the entries, a page number (uint32 LE) each.</summary>
    internal static readonly int EntriesOffset = CountField.End;
    internal const int EntrySize = sizeof(uint);

    /// <summary>Takes a free page, or 0 when the list is empty. Updates the transaction's state.</summary>
    public static uint Pop(WriteTransaction transaction)
    {
        var state = transaction.State;
        uint head = state.FreeListHead;
        if (head == 0)
        {
            return 0;
        }

        var body = transaction.Write(head).Span;
        int count = (int)CountField.ReadUInt32(body);
        if (count > Capacity(body.Length) || count < 0)
        {
            throw Corrupt(head, $"it claims {count} entries");
        }

        if (count > 0)
        {
            int at = EntriesOffset + ((count - 1) * EntrySize);
            uint page = BinaryPrimitives.ReadUInt32LittleEndian(body[at..]);
            BinaryPrimitives.WriteUInt32LittleEndian(body[at..], 0);
            CountField.WriteUInt32(body, (uint)(count - 1));
            if (page == 0 || page >= state.PageCount)
            {
                throw Corrupt(head, $"it lists page {page}, outside the database");
            }

            transaction.State = state with { FreePageCount = state.FreePageCount - 1 };
            return page;
        }

        uint next = NextField.ReadUInt32(body);
        transaction.State = state with { FreeListHead = next, FreePageCount = state.FreePageCount - 1 };
        return head;
    }

    /// <summary>Adds <paramref name="page"/> to the free list.</summary>
    public static void Push(WriteTransaction transaction, uint page)
    {
        var state = transaction.State;
        uint head = state.FreeListHead;
        if (head != 0)
        {
            var body = transaction.Write(head).Span;
            int count = (int)CountField.ReadUInt32(body);
            if (count < Capacity(body.Length))
            {
                BinaryPrimitives.WriteUInt32LittleEndian(body[(EntriesOffset + (count * EntrySize))..], page);
                CountField.WriteUInt32(body, (uint)(count + 1));
                transaction.State = state with { FreePageCount = state.FreePageCount + 1 };
                return;
            }
        }

        var trunk = transaction.Reinitialize(page, Pages.PageType.Free).Span;
        NextField.WriteUInt32(trunk, head);
        CountField.WriteUInt32(trunk, 0);
        transaction.State = state with { FreeListHead = page, FreePageCount = state.FreePageCount + 1 };
    }

    /// <summary>Calls <paramref name="visit"/> for every page on the list, trunks included (for the integrity check).</summary>
    public static void ForEach(Pages.IPageAccess pages, DatabaseState state, FreeListVisitor visit)
    {
        uint trunk = state.FreeListHead;
        int guard = 0;
        while (trunk != 0)
        {
            if (++guard > state.PageCount)
            {
                throw Corrupt(trunk, "the free list has a cycle");
            }

            visit(trunk, isTrunk: true);
            var body = pages.Read(trunk).Span;
            int count = (int)CountField.ReadUInt32(body);
            if (count < 0 || count > Capacity(body.Length))
            {
                throw Corrupt(trunk, $"it claims {count} entries");
            }

            for (int i = 0; i < count; i++)
            {
                visit(BinaryPrimitives.ReadUInt32LittleEndian(body[(EntriesOffset + (i * EntrySize))..]), isTrunk: false);
            }

            trunk = NextField.ReadUInt32(body);
        }
    }

    private static int Capacity(int bodySize) => (bodySize - EntriesOffset) / EntrySize;

    private static SharpCoreDBException Corrupt(uint trunk, string what) =>
        new(SharpCoreDBErrorCode.Corrupt, $"Free-list page {trunk} is corrupt: {what}.");
}
