// Reads and writes the pager's 16-byte page header (see PageLayout for the map and
// the field offsets).
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Pages;

/// <summary>Accessors for the type and LSN fields of a whole page image.</summary>
internal static class PageHeader
{
    public static PageType GetType(ReadOnlySpan<byte> page) => (PageType)page[PageLayout.TypeOffset];

    public static void SetType(Span<byte> page, PageType type) => page[PageLayout.TypeOffset] = (byte)type;

    public static long GetLsn(ReadOnlySpan<byte> page) => BinaryPrimitives.ReadInt64LittleEndian(page[PageLayout.LsnOffset..]);

    public static void SetLsn(Span<byte> page, long lsn) => BinaryPrimitives.WriteInt64LittleEndian(page[PageLayout.LsnOffset..], lsn);
}
