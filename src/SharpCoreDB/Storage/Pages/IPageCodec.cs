// Turns a page as the engine sees it (plaintext, trailer unused) into the bytes
// that go to disk and back. The plain codec fills the trailer with a CRC32; the
// encryption layer provides a codec that seals the page with AES-256-GCM. The
// pager never looks inside; it only asks the codec to encode before a write and to
// decode (verify) after a read.
namespace SharpCoreDB.Storage.Pages;

/// <summary>Encodes pages for disk and verifies them on the way back.</summary>
internal interface IPageCodec
{
    /// <summary>The page size and trailer size this codec works with.</summary>
    PageLayout Layout { get; }

    /// <summary>Writes the disk form of <paramref name="plain"/> (a whole page) into <paramref name="disk"/>.</summary>
    void Encode(uint pageNumber, ReadOnlySpan<byte> plain, Span<byte> disk);

    /// <summary>
    /// Verifies <paramref name="disk"/> and writes its plaintext into <paramref name="plain"/>.
    /// Throws a <see cref="SharpCoreDBException"/> (Corrupt or AuthenticationFailed) naming the page on failure.
    /// </summary>
    void Decode(uint pageNumber, ReadOnlySpan<byte> disk, Span<byte> plain);
}
