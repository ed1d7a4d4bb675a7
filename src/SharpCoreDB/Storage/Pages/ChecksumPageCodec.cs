// The codec of unencrypted databases: the page goes to disk as it is, with a CRC32
// of the page number and everything before the trailer in the trailer (PageLayout:
// the last ChecksumTrailerSize bytes). A page that fails the check is reported as
// corrupt with its number, never handed to a B+tree.
using System.Buffers.Binary;
using System.IO.Hashing;

namespace SharpCoreDB.Storage.Pages;

/// <summary>Plain pages with a CRC32 trailer.</summary>
internal sealed class ChecksumPageCodec(int pageSize) : IPageCodec
{
    public PageLayout Layout { get; } = PageLayout.Plain(pageSize);

    public void Encode(uint pageNumber, ReadOnlySpan<byte> plain, Span<byte> disk)
    {
        int end = Layout.TrailerOffset;
        plain[..end].CopyTo(disk);
        BinaryPrimitives.WriteUInt32LittleEndian(disk[end..], Checksum(pageNumber, disk[..end]));
    }

    public void Decode(uint pageNumber, ReadOnlySpan<byte> disk, Span<byte> plain)
    {
        int end = Layout.TrailerOffset;
        uint stored = BinaryPrimitives.ReadUInt32LittleEndian(disk[end..]);
        if (stored != Checksum(pageNumber, disk[..end]))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.Corrupt,
                $"Database page {pageNumber} is corrupt: its checksum does not match its contents.");
        }

        disk.CopyTo(plain);
    }

    // The page number is mixed into the checksum so that a page written at the wrong
    // position (or two pages swapped) fails the check too.
    private static uint Checksum(uint pageNumber, ReadOnlySpan<byte> content)
    {
        var crc = new Crc32();
        Span<byte> number = stackalloc byte[sizeof(uint)];
        BinaryPrimitives.WriteUInt32LittleEndian(number, pageNumber);
        crc.Append(number);
        crc.Append(content);
        return crc.GetCurrentHashAsUInt32();
    }
}
