// The slotted layout of a B+tree node inside a page body (docs/file-format.md,
// "B+tree pages", has the same table; every field is a LayoutField below, and the
// code reads and writes through them):
//
//   0      1 byte   kind: 1 = leaf, 2 = interior
//   1      1 byte   the tree's PageType (3 table, 4 index), so Open needs only the root
//   2..3   u16      cell count
//   4..5   u16      content start: cells occupy [content start, body size)
//   6..7   u16      garbage: bytes of removed cells still inside the content area
//   8..11  u32      interior: the rightmost child page; leaf: 0
//   12..15          reserved, zero
//   16..   u16[]    the slot array: offsets of the cells, in key order
//   ...             free space, then cells growing down from the end of the body
//
// Leaf cell:     varint key length, varint (value length << 1 | overflow), key,
//                then the value, or (overflow = 1) the u32 first overflow page.
// Interior cell: u32 child page, varint key length, key. Every key in that child
//                is below the cell's key; every key in the next child (or the
//                rightmost child) is at or above it.
//
// All integers are little-endian. Every method here works on one body span and
// allocates nothing (Compact rents a scratch buffer).
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Wal.Buffers;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.BTree;

/// <summary>Reads and edits the slotted node format in a page body.</summary>
internal static class BTreeNode
{
    public const byte LeafKind = 1;
    public const byte InteriorKind = 2;

    /// <summary>Byte 0: the kind, <see cref="LeafKind"/> or <see cref="InteriorKind"/>.</summary>
    internal static readonly LayoutField KindField = LayoutField.First(1);

    /// <summary>Byte 1: the tree's page type (3 table, 4 index).</summary>
    internal static readonly LayoutField TreeTypeField = KindField.Next(1);

    /// <summary>Bytes 2..3: the cell count (u16).</summary>
    internal static readonly LayoutField CountField = TreeTypeField.Next(sizeof(ushort));

    /// <summary>Bytes 4..5: the content start (u16): cells occupy [content start, body size).</summary>
    internal static readonly LayoutField ContentStartField = CountField.Next(sizeof(ushort));

    /// <summary>Bytes 6..7: garbage (u16): bytes of removed cells inside the content area.</summary>
    internal static readonly LayoutField GarbageField = ContentStartField.Next(sizeof(ushort));

    /// <summary>Bytes 8..11: interior, the rightmost child page (u32); leaf, 0.</summary>
    internal static readonly LayoutField RightChildField = GarbageField.Next(sizeof(uint));

    /// <summary>Bytes 12..15: reserved, zero.</summary>
    internal static readonly LayoutField ReservedField = RightChildField.Next(4);

    /// <summary>The node header; the slot array starts right after it.</summary>
    public static readonly int HeaderSize = ReservedField.End;

    /// <summary>One slot of the slot array: a cell's offset in the body (u16).</summary>
    internal const int SlotSize = sizeof(ushort);

    /// <summary>Interior cell bytes 0..3: the child page (u32).</summary>
    internal static readonly LayoutField InteriorChildField = LayoutField.First(sizeof(uint));

    /// <summary>Interior cell bytes 4..: the key length (varint), then the key.</summary>
    internal static readonly int InteriorKeyLengthOffset = InteriorChildField.End;

    /// <summary>The local part of a leaf cell whose value overflows: its first overflow page (u32).</summary>
    internal const int OverflowPointerSize = sizeof(uint);

    public static byte Kind(ReadOnlySpan<byte> body) => KindField.ReadByte(body);

    public static bool IsLeaf(ReadOnlySpan<byte> body) => Kind(body) == LeafKind;

    public static byte TreeType(ReadOnlySpan<byte> body) => TreeTypeField.ReadByte(body);

    public static int Count(ReadOnlySpan<byte> body) => CountField.ReadUInt16(body);

    public static int ContentStart(ReadOnlySpan<byte> body) => ContentStartField.ReadUInt16(body);

    public static int Garbage(ReadOnlySpan<byte> body) => GarbageField.ReadUInt16(body);

    public static uint RightChild(ReadOnlySpan<byte> body) => RightChildField.ReadUInt32(body);

    public static void SetRightChild(Span<byte> body, uint page) => RightChildField.WriteUInt32(body, page);

    public static int SlotOffset(ReadOnlySpan<byte> body, int slot) =>
        BinaryPrimitives.ReadUInt16LittleEndian(body[SlotAt(slot)..]);

    /// <summary>Where slot <paramref name="slot"/> sits in the body (also the end of the slot array for slot = count).</summary>
    public static int SlotAt(int slot) => HeaderSize + (SlotSize * slot);

    /// <summary>
    /// The node header and slot array: putting them back undoes adding a cell into the free run or
    /// removing any cell but the last, since neither moves nor overwrites a cell (IPageAccess.WriteHead).
    /// </summary>
    public static int HeadLength(ReadOnlySpan<byte> body) => SlotAt(Count(body));

    /// <summary>True when a cell of <paramref name="cellLength"/> bytes and its slot fit between the slot array and the cells, so that adding it moves no cell.</summary>
    public static bool FitsInFreeRun(ReadOnlySpan<byte> body, int cellLength) => ContentStart(body) - HeadLength(body) >= cellLength + SlotSize;

    /// <summary>Bytes the node uses: slots plus live cells (the header is not counted).</summary>
    public static int UsedBytes(ReadOnlySpan<byte> body) =>
        (SlotSize * Count(body)) + body.Length - ContentStart(body) - Garbage(body);

    /// <summary>Starts an empty node.</summary>
    public static void Format(Span<byte> body, byte kind, byte treeType)
    {
        body[..HeaderSize].Clear();
        KindField.WriteByte(body, kind);
        TreeTypeField.WriteByte(body, treeType);
        SetCount(body, 0);
        SetContentStart(body, body.Length);
    }

    /// <summary>The length of the cell at <paramref name="offset"/>.</summary>
    public static int CellLength(ReadOnlySpan<byte> body, int offset, bool leaf)
    {
        if (leaf)
        {
            int n1 = Varint.Read(body[offset..], out ulong keyLength);
            int n2 = Varint.Read(body[(offset + n1)..], out ulong tag);
            long local = (tag & 1) != 0 ? OverflowPointerSize : (long)(tag >> 1);
            return n1 + n2 + (int)keyLength + (int)local;
        }

        int n = Varint.Read(body[(offset + InteriorKeyLengthOffset)..], out ulong length);
        return InteriorKeyLengthOffset + n + (int)length;
    }

    /// <summary>The cell in <paramref name="slot"/>, whole.</summary>
    public static ReadOnlySpan<byte> Cell(ReadOnlySpan<byte> body, int slot, bool leaf)
    {
        int offset = SlotOffset(body, slot);
        return body.Slice(offset, CellLength(body, offset, leaf));
    }

    /// <summary>The key of the cell in <paramref name="slot"/>.</summary>
    public static ReadOnlySpan<byte> Key(ReadOnlySpan<byte> body, int slot, bool leaf) =>
        CellKey(body[SlotOffset(body, slot)..], leaf);

    /// <summary>The key of a cell given from its first byte.</summary>
    public static ReadOnlySpan<byte> CellKey(ReadOnlySpan<byte> cell, bool leaf)
    {
        if (leaf)
        {
            int n1 = Varint.Read(cell, out ulong keyLength);
            int n2 = Varint.Read(cell[n1..], out _);
            return cell.Slice(n1 + n2, (int)keyLength);
        }

        int n = Varint.Read(cell[InteriorKeyLengthOffset..], out ulong length);
        return cell.Slice(InteriorKeyLengthOffset + n, (int)length);
    }

    /// <summary>
    /// A leaf cell's value: <paramref name="localOffset"/> is where its local bytes start in the body and
    /// <paramref name="valueLength"/> its full length; when <paramref name="overflow"/> the local bytes
    /// are the 4-byte first overflow page.
    /// </summary>
    public static void LeafValue(ReadOnlySpan<byte> body, int slot, out int localOffset, out int valueLength, out bool overflow)
    {
        int offset = SlotOffset(body, slot);
        int n1 = Varint.Read(body[offset..], out ulong keyLength);
        int n2 = Varint.Read(body[(offset + n1)..], out ulong tag);
        overflow = (tag & 1) != 0;
        valueLength = (int)(tag >> 1);
        localOffset = offset + n1 + n2 + (int)keyLength;
    }

    /// <summary>The child page at child index <paramref name="index"/> (0..count; count is the rightmost).</summary>
    public static uint ChildAt(ReadOnlySpan<byte> body, int index) =>
        index == Count(body) ? RightChild(body) : CellChild(body[SlotOffset(body, index)..]);

    /// <summary>The child page of an interior cell given from its first byte.</summary>
    public static uint CellChild(ReadOnlySpan<byte> cell) => InteriorChildField.ReadUInt32(cell);

    public static void SetChildAt(Span<byte> body, int index, uint page)
    {
        if (index == Count(body))
        {
            SetRightChild(body, page);
        }
        else
        {
            InteriorChildField.WriteUInt32(body[SlotOffset(body, index)..], page);
        }
    }

    /// <summary>The first slot whose key is &gt;= <paramref name="key"/> (Count if none); <paramref name="exact"/> if equal.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int LowerBound(ReadOnlySpan<byte> body, ReadOnlySpan<byte> key, bool leaf, out bool exact) =>
        LowerBound(body, key, leaf, default(MemcmpOrder), out exact);

    /// <summary>
    /// <see cref="LowerBound(ReadOnlySpan{byte}, ReadOnlySpan{byte}, bool, out bool)"/> in the order of <paramref name="order"/>
    /// instead of memcmp: the first slot whose key is not below <paramref name="key"/> placed by <paramref name="placement"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static int LowerBound(ReadOnlySpan<byte> body, ReadOnlySpan<byte> key, bool leaf, CollatedKeyOrder order, PrefixPlacement placement, out bool exact) =>
        LowerBound(body, key, leaf, new CollatedOrder(order, placement), out exact);

    // The binary search of both, compiled once per order: a struct type argument, so that memcmp's copy calls
    // SequenceCompareTo directly, as it did before a collated order existed.
    private static int LowerBound<TOrder>(ReadOnlySpan<byte> body, ReadOnlySpan<byte> key, bool leaf, TOrder order, out bool exact)
        where TOrder : struct, IStoredKeyOrder
    {
        int low = 0;
        int high = Count(body);
        while (low < high)
        {
            int mid = (low + high) >>> 1;
            int c = order.Compare(Key(body, mid, leaf), key);
            if (c < 0)
            {
                low = mid + 1;
            }
            else if (c > 0)
            {
                high = mid;
            }
            else
            {
                exact = true;
                return mid;
            }
        }

        exact = false;
        return low;
    }

    /// <summary>Inserts <paramref name="cell"/> at <paramref name="slot"/>; false (and no change) when it does not fit.</summary>
    public static bool TryInsertCell(Span<byte> body, int slot, ReadOnlySpan<byte> cell)
    {
        int count = Count(body);
        int need = cell.Length + SlotSize;
        if (HeaderSize + UsedBytes(body) + need > body.Length)
        {
            return false;
        }

        if (ContentStart(body) - SlotAt(count) < need)
        {
            Compact(body);
        }

        int offset = ContentStart(body) - cell.Length;
        cell.CopyTo(body[offset..]);
        SetContentStart(body, offset);
        int slotsAt = SlotAt(slot);
        body[slotsAt..SlotAt(count)].CopyTo(body[(slotsAt + SlotSize)..]);
        BinaryPrimitives.WriteUInt16LittleEndian(body[slotsAt..], (ushort)offset);
        SetCount(body, count + 1);
        return true;
    }

    /// <summary>Appends a cell after the last slot of a node being rebuilt (the caller knows it fits).</summary>
    public static void AppendCell(Span<byte> body, ReadOnlySpan<byte> cell)
    {
        int count = Count(body);
        int offset = ContentStart(body) - cell.Length;
        cell.CopyTo(body[offset..]);
        SetContentStart(body, offset);
        BinaryPrimitives.WriteUInt16LittleEndian(body[SlotAt(count)..], (ushort)offset);
        SetCount(body, count + 1);
    }

    /// <summary>Removes the cell in <paramref name="slot"/>; its bytes become garbage until the next compaction.</summary>
    public static void RemoveCell(Span<byte> body, int slot, bool leaf)
    {
        int count = Count(body);
        int length = CellLength(body, SlotOffset(body, slot), leaf);
        int slotsAt = SlotAt(slot);
        body[(slotsAt + SlotSize)..SlotAt(count)].CopyTo(body[slotsAt..]);
        SetCount(body, count - 1);
        if (count == 1)
        {
            SetContentStart(body, body.Length);
            SetGarbage(body, 0);
        }
        else
        {
            SetGarbage(body, Garbage(body) + length);
        }
    }

    /// <summary>Moves every cell to the end of the body so that the free space is one run.</summary>
    public static void Compact(Span<byte> body)
    {
        bool leaf = IsLeaf(body);
        int count = Count(body);
        byte[] scratch = BufferPool.Rent(body.Length);
        try
        {
            body.CopyTo(scratch);
            int end = body.Length;
            for (int i = 0; i < count; i++)
            {
                ReadOnlySpan<byte> cell = Cell(scratch.AsSpan(0, body.Length), i, leaf);
                end -= cell.Length;
                cell.CopyTo(body[end..]);
                BinaryPrimitives.WriteUInt16LittleEndian(body[SlotAt(i)..], (ushort)end);
            }

            SetContentStart(body, end);
            SetGarbage(body, 0);
        }
        finally
        {
            BufferPool.Return(scratch);
        }
    }

    /// <summary>Writes a leaf cell; returns its length.</summary>
    public static int WriteLeafCell(Span<byte> destination, ReadOnlySpan<byte> key, int valueLength, bool overflow, ReadOnlySpan<byte> local)
    {
        int n = Varint.Write(destination, (ulong)key.Length);
        n += Varint.Write(destination[n..], ((ulong)valueLength << 1) | (overflow ? 1UL : 0UL));
        key.CopyTo(destination[n..]);
        n += key.Length;
        local.CopyTo(destination[n..]);
        return n + local.Length;
    }

    /// <summary>Writes an interior cell; returns its length.</summary>
    public static int WriteInteriorCell(Span<byte> destination, uint child, ReadOnlySpan<byte> key)
    {
        InteriorChildField.WriteUInt32(destination, child);
        int n = InteriorKeyLengthOffset + Varint.Write(destination[InteriorKeyLengthOffset..], (ulong)key.Length);
        key.CopyTo(destination[n..]);
        return n + key.Length;
    }

    private static void SetCount(Span<byte> body, int count) => CountField.WriteUInt16(body, (ushort)count);

    private static void SetContentStart(Span<byte> body, int offset) => ContentStartField.WriteUInt16(body, (ushort)offset);

    private static void SetGarbage(Span<byte> body, int bytes) => GarbageField.WriteUInt16(body, (ushort)bytes);

    /// <summary>How <see cref="LowerBound{TOrder}"/> compares a stored key with the key searched for.</summary>
    private interface IStoredKeyOrder
    {
        int Compare(ReadOnlySpan<byte> stored, ReadOnlySpan<byte> key);
    }

    private readonly struct MemcmpOrder : IStoredKeyOrder
    {
        public int Compare(ReadOnlySpan<byte> stored, ReadOnlySpan<byte> key) => stored.SequenceCompareTo(key);
    }

    private readonly struct CollatedOrder(CollatedKeyOrder order, PrefixPlacement placement) : IStoredKeyOrder
    {
        public int Compare(ReadOnlySpan<byte> stored, ReadOnlySpan<byte> key) => order.Compare(stored, key, placement);
    }
}
