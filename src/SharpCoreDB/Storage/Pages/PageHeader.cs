// Reads and writes the pager's 16-byte page header (see PageLayout for the map and
// its fields).
namespace SharpCoreDB.Storage.Pages;

/// <summary>Accessors for the type and LSN fields of a whole page image.</summary>
internal static class PageHeader
{
    public static PageType GetType(ReadOnlySpan<byte> page) => (PageType)PageLayout.TypeField.ReadByte(page);

    public static void SetType(Span<byte> page, PageType type) => PageLayout.TypeField.WriteByte(page, (byte)type);

    public static long GetLsn(ReadOnlySpan<byte> page) => PageLayout.LsnField.ReadInt64(page);

    public static void SetLsn(Span<byte> page, long lsn) => PageLayout.LsnField.WriteInt64(page, lsn);
}
