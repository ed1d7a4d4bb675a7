// Overflow chains hold values too large for their B+tree cell (docs/file-format.md,
// "Overflow pages", has the same table; the fields below are what the code reads and
// writes through). Each page of a chain has the body
//
//   0..3   u32 LE   the next page of the chain, 0 on the last page
//   4..    data     the next (body size - 4) bytes of the value (the last page: the rest)
//
// The cell keeps the value's length, so a reader knows how many pages to follow
// and a chain that ends early or runs on is reported as corrupt.
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Writes, reads and frees chains of overflow pages.</summary>
internal static class OverflowChain
{
    /// <summary>Body bytes 0..3: the next page of the chain (uint32 LE), 0 on the last.</summary>
    internal static readonly LayoutField NextField = LayoutField.First(sizeof(uint));

    /// <summary>Body bytes 4..: the next bytes of the value, up to the end of the body.</summary>
    internal static readonly int DataOffset = NextField.End;

    /// <summary>How many pages a value of <paramref name="length"/> bytes takes.</summary>
    public static int PageCount(int bodySize, long length) => (int)((length + bodySize - DataOffset - 1) / (bodySize - DataOffset));

    /// <summary>Stores <paramref name="value"/> in new pages; returns the first.</summary>
    public static uint Write(IPageAccess pages, ReadOnlySpan<byte> value)
    {
        int chunk = pages.Layout.BodySize - DataOffset;
        uint first = pages.Allocate(PageType.Overflow);
        Span<byte> body = pages.Write(first).Span;
        int position = 0;
        while (true)
        {
            int take = Math.Min(chunk, value.Length - position);
            value.Slice(position, take).CopyTo(body[DataOffset..]);
            position += take;
            if (position >= value.Length)
            {
                NextField.WriteUInt32(body, 0);
                return first;
            }

            uint next = pages.Allocate(PageType.Overflow);
            NextField.WriteUInt32(body, next);
            body = pages.Write(next).Span;
        }
    }

    /// <summary>Reads a whole value of destination.Length bytes starting at <paramref name="first"/>.</summary>
    public static void Read(IPageAccess pages, uint first, Span<byte> destination)
    {
        int chunk = pages.Layout.BodySize - DataOffset;
        uint page = first;
        int position = 0;
        while (true)
        {
            if (page == 0)
            {
                throw Corrupt(first, "ends before the value does");
            }

            ReadOnlySpan<byte> body = pages.Read(page).Span;
            int take = Math.Min(chunk, destination.Length - position);
            body.Slice(DataOffset, take).CopyTo(destination[position..]);
            position += take;
            uint next = NextPage(body);
            if (position >= destination.Length)
            {
                if (next != 0)
                {
                    throw Corrupt(first, "runs past the end of the value");
                }

                return;
            }

            page = next;
        }
    }

    /// <summary>The pages of the chain of a value of <paramref name="length"/> bytes, in order, passed to <paramref name="visit"/>.</summary>
    public static void Walk(IPageAccess pages, uint first, long length, Action<uint> visit)
    {
        int count = PageCount(pages.Layout.BodySize, length);
        uint page = first;
        for (int i = 0; i < count; i++)
        {
            if (page == 0)
            {
                throw Corrupt(first, "ends before the value does");
            }

            uint next = NextPage(pages.Read(page).Span);
            visit(page);
            if (i == count - 1 && next != 0)
            {
                throw Corrupt(first, "runs past the end of the value");
            }

            page = next;
        }
    }

    /// <summary>Returns every page of the chain to the free list.</summary>
    public static void Free(IPageAccess pages, uint first, long length)
    {
        int count = PageCount(pages.Layout.BodySize, length);
        uint page = first;
        for (int i = 0; i < count && page != 0; i++)
        {
            uint next = NextPage(pages.Read(page).Span);
            pages.Free(page);
            page = next;
        }
    }

    private static uint NextPage(ReadOnlySpan<byte> body) => NextField.ReadUInt32(body);

    private static SharpCoreDBException Corrupt(uint first, string what) =>
        new(SharpCoreDBErrorCode.Corrupt, $"The overflow chain starting at page {first} {what}.");
}
