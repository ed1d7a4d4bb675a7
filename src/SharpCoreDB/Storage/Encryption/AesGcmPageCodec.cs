// The page codec of encrypted databases. Everything before the trailer (the
// page header and body) is encrypted with AES-256-GCM under the page subkey; the
// trailer holds the 12-byte nonce and the 16-byte tag. The additional
// authenticated data is the page number and the database id, so a page copied to
// another position, or from another database, fails authentication even though
// it is a genuine ciphertext.
//
// Disk layout of an encrypted page of size P (docs/encryption.md, "Pages"):
//   0 .. P-29    ciphertext of the page's bytes 0 .. P-29
//   P-28 .. P-17 nonce (epoch, counter: see NonceSequence)
//   P-16 .. P-1  GCM tag
// Additional data: page number (uint32 LE, bytes 0..3), database id (bytes 4..19).
// The offsets below are relative to the trailer and to the additional data.
using System.Security.Cryptography;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>AES-256-GCM pages with the nonce and tag in the trailer.</summary>
internal sealed class AesGcmPageCodec : IPageCodec, IDisposable
{
    /// <summary>Trailer bytes 0..11: the nonce (see <see cref="NonceSequence"/>).</summary>
    internal static readonly LayoutField NonceField = LayoutField.First(NonceSequence.NonceSize);

    /// <summary>Trailer bytes 12..27: the GCM tag.</summary>
    public const int TagSize = 16;
    internal static readonly LayoutField TagField = NonceField.Next(TagSize);

    /// <summary>Additional data bytes 0..3: the page number (uint32 LE).</summary>
    internal static readonly LayoutField AadPageNumberField = LayoutField.First(sizeof(uint));

    /// <summary>Additional data bytes 4..19: the database id.</summary>
    internal static readonly LayoutField AadDatabaseIdField = AadPageNumberField.Next(16);

    internal static readonly int AadSize = AadDatabaseIdField.End;
    private readonly Guid _databaseId;
    private readonly NonceSequence _nonces;
    private readonly ThreadLocal<AesGcm> _aes;
    private readonly byte[] _key;

    public AesGcmPageCodec(int pageSize, byte[] pageKey, Guid databaseId, NonceSequence nonces)
    {
        Layout = PageLayout.Encrypted(pageSize);
        _databaseId = databaseId;
        _nonces = nonces;

        // AesGcm instances are not safe to share between threads; readers decode concurrently.
        _key = (byte[])pageKey.Clone();
        _aes = new ThreadLocal<AesGcm>(() => new AesGcm(_key, TagSize), trackAllValues: true);
    }

    public PageLayout Layout { get; }

    public void Encode(uint pageNumber, ReadOnlySpan<byte> plain, Span<byte> disk)
    {
        int end = Layout.TrailerOffset;
        var nonce = NonceField.Of(disk[end..]);
        _nonces.Next(nonce);
        Span<byte> aad = stackalloc byte[AadSize];
        WriteAad(aad, pageNumber);
        _aes.Value!.Encrypt(nonce, plain[..end], disk[..end], TagField.Of(disk[end..]), aad);
    }

    public void Decode(uint pageNumber, ReadOnlySpan<byte> disk, Span<byte> plain)
    {
        int end = Layout.TrailerOffset;
        Span<byte> aad = stackalloc byte[AadSize];
        WriteAad(aad, pageNumber);
        try
        {
            _aes.Value!.Decrypt(
                NonceField.Of(disk[end..]), disk[..end], TagField.Of(disk[end..]), plain[..end], aad);
        }
        catch (AuthenticationTagMismatchException e)
        {
            plain[..end].Clear();
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.AuthenticationFailed,
                $"Database page {pageNumber} failed authentication: it was changed, moved or copied from elsewhere.",
                e);
        }
    }

    public void Dispose()
    {
        foreach (var aes in _aes.Values)
        {
            aes.Dispose();
        }

        _aes.Dispose();
        CryptographicOperations.ZeroMemory(_key);
    }

    private void WriteAad(Span<byte> aad, uint pageNumber)
    {
        AadPageNumberField.WriteUInt32(aad, pageNumber);
        _databaseId.TryWriteBytes(AadDatabaseIdField.Of(aad));
    }
}
