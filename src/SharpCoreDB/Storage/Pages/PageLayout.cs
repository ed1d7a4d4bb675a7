// Where the pager's bytes end and a page's owner's bytes begin. Every page of size P
// with a trailer of T bytes is (docs/file-format.md, "Every other page"):
//
//   offset 0               : PageType (1 byte)
//   offset 1..7            : reserved, zero
//   offset 8..15           : LSN of the commit that last changed the page (int64 LE)
//   offset 16..P-T-1       : the body, owned by the B+tree, overflow chain or free list
//   offset P-T..P-1        : the trailer: CRC32 of the page number and bytes 0..P-T-1 (T = 4),
//                            or, with encryption, the 12-byte nonce and 16-byte GCM tag (T = 28)
//
// The body's owner never sees the header or trailer; the pager fills them in when
// the page goes to disk and checks them when it comes back. Each field is a
// LayoutField below, and PageHeader and the codecs read and write through them, so that this map, the code and the documented table cannot drift apart
// (LayoutDocumentationTests compares them).
//
// Which page sizes exist is decided here once (IsValidPageSize): the options of a
// new file, the connection string and the header of a file being opened are all
// checked against it.
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Pages;

/// <summary>The byte ranges of a page of a given size, with or without encryption.</summary>
internal readonly record struct PageLayout(int PageSize, int TrailerSize)
{
    /// <summary>Byte 0: the page type (<see cref="PageType"/>).</summary>
    public static readonly LayoutField TypeField = LayoutField.First(1);

    /// <summary>Bytes 1..7: reserved, zero.</summary>
    public static readonly LayoutField ReservedField = TypeField.Next(7);

    /// <summary>Bytes 8..15: the LSN of the commit that last changed the page (int64 LE).</summary>
    public static readonly LayoutField LsnField = ReservedField.Next(sizeof(long));

    /// <summary>Bytes before the body: type, reserved, LSN.</summary>
    public static readonly int HeaderSize = LsnField.End;

    /// <summary>The trailer of an unencrypted page: a CRC32.</summary>
    public const int ChecksumTrailerSize = 4;

    /// <summary>The trailer of an encrypted page: a 12-byte nonce and a 16-byte tag (see AesGcmPageCodec).</summary>
    public const int EncryptedTrailerSize = 28;

    /// <summary>The smallest page size allowed at creation.</summary>
    public const int MinPageSize = 4096;

    /// <summary>The largest page size allowed at creation.</summary>
    public const int MaxPageSize = 65536;

    /// <summary>What <see cref="IsValidPageSize"/> accepts, in words, for error messages.</summary>
    public static readonly string PageSizeRule = $"a power of two from {MinPageSize} to {MaxPageSize}";

    /// <summary>True for a power of two from <see cref="MinPageSize"/> to <see cref="MaxPageSize"/>.</summary>
    public static bool IsValidPageSize(long size) => size is >= MinPageSize and <= MaxPageSize && (size & (size - 1)) == 0;

    /// <summary>Offset of the body within the page.</summary>
    public int BodyOffset => HeaderSize;

    /// <summary>Bytes available to the body's owner.</summary>
    public int BodySize => PageSize - HeaderSize - TrailerSize;

    /// <summary>Offset of the trailer within the page: everything before it is the page's content.</summary>
    public int TrailerOffset => PageSize - TrailerSize;

    /// <summary>The layout of an unencrypted database.</summary>
    public static PageLayout Plain(int pageSize) => new(pageSize, ChecksumTrailerSize);

    /// <summary>The layout of an encrypted database.</summary>
    public static PageLayout Encrypted(int pageSize) => new(pageSize, EncryptedTrailerSize);
}
