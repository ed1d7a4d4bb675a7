// Reads and writes the pager's 16-byte page header (see PageLayout for the map).
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Pages;

/// <summary>Accessors for the type and LSN fields of a whole page image.</summary>
internal static class PageHeader
{
    internal const int LsnOffset = 8;

    public static PageType GetType(ReadOnlySpan<byte> page) => (PageType)page[0];

    public static void SetType(Span<byte> page, PageType type) => page[0] = (byte)type;

    public static long GetLsn(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadInt64LittleEndian(page[LsnOffset..]);

    public static void SetLsn(Span<byte> page, long lsn) => BinaryPrimitives.WriteInt64LittleEndian(page[LsnOffset..], lsn);
}
