// The layout tables of docs/encryption.md against the constants the encryption code
// reads and writes through: the key block in the header, an encrypted page's trailer
// and additional data, a sealed log record, and the nonce. As in
// LayoutDocumentationTests, a row that differs between the doc and the code fails.
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Tests.Support;
using static SharpCoreDB.Tests.Support.ExpectedField;

namespace SharpCoreDB.Tests.Storage;

public sealed class EncryptionLayoutDocumentationTests
{
    private const string Doc = "encryption.md";

    [Fact]
    public void KeyBlockMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "The header", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(KeyBlock.SourceOffset, KeyBlock.SourceSize, $"key source: {KeyBlock.PasswordSource} = password (PBKDF2-HMAC-SHA256), {KeyBlock.RawKeySource} = raw {DatabaseEncryption.KeySize}-byte key"),
            At(KeyBlock.SourceReservedOffset, KeyBlock.SourceReservedSize, "reserved, zero"),
            At(KeyBlock.IterationsOffset, KeyBlock.IterationsSize, "PBKDF2 iteration count"),
            At(KeyBlock.SaltOffset, KeyBlock.SaltSize, "PBKDF2 salt"),
            At(KeyBlock.WrapNonceOffset, KeyBlock.WrapNonceSize, "nonce of the key wrap"),
            At(KeyBlock.WrappedKeyOffset, KeyBlock.WrappedKeySize, "the data key, encrypted"),
            At(KeyBlock.WrapTagOffset, KeyBlock.WrapTagSize, "GCM tag of the key wrap"),
            At(KeyBlock.EpochOffset, KeyBlock.EpochSize, "nonce epoch"),
            At(KeyBlock.EpochReservedOffset, KeyBlock.EpochReservedSize, "reserved, zero"),
            At(KeyBlock.MacOffset, KeyBlock.MacSize, "HMAC-SHA256 of the header slot"),
            At(KeyBlock.TailReservedOffset, KeyBlock.TailReservedSize, "reserved, zero"));
        Assert.Equal(KeyBlock.Size, LayoutTables.AssertContiguous(rows));
        Assert.Equal(DatabaseHeader.KeyBlockSize, KeyBlock.Size);
    }

    [Fact]
    public void EncryptedPageTrailerMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Pages", index: 0);
        const int trailer = PageLayout.EncryptedTrailerSize;

        LayoutTables.AssertMatches(
            rows,
            new("0", $"P-{trailer}", $"ciphertext of the page's bytes 0..P-{trailer + 1}"),
            new($"P-{trailer - AesGcmPageCodec.NonceOffset}", Number(AesGcmPageCodec.NonceSize), "nonce"),
            new($"P-{trailer - AesGcmPageCodec.TagOffset}", Number(AesGcmPageCodec.TagSize), "GCM tag"));
        Assert.Equal(AesGcmPageCodec.NonceOffset + AesGcmPageCodec.NonceSize, AesGcmPageCodec.TagOffset);
        Assert.Equal(trailer, AesGcmPageCodec.TagOffset + AesGcmPageCodec.TagSize);
    }

    [Fact]
    public void EncryptedPageAdditionalDataMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Pages", index: 1);

        LayoutTables.AssertMatches(
            rows,
            At(AesGcmPageCodec.AadPageNumberOffset, AesGcmPageCodec.AadPageNumberSize, "page number"),
            At(AesGcmPageCodec.AadDatabaseIdOffset, AesGcmPageCodec.AadDatabaseIdSize, "database id"));
        Assert.Equal(AesGcmPageCodec.AadSize, LayoutTables.AssertContiguous(rows));
    }

    [Fact]
    public void SealedLogRecordMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Log records", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(LogRecordCipher.NonceOffset, LogRecordCipher.NonceSize, "nonce"),
            new(Number(LogRecordCipher.CiphertextOffset), "n", "ciphertext of the n-byte commit record"),
            new($"{LogRecordCipher.CiphertextOffset}+n", Number(LogRecordCipher.TagSize), "GCM tag"));
        Assert.Equal(LogRecordCipher.NonceOffset + LogRecordCipher.NonceSize, LogRecordCipher.CiphertextOffset);
        Assert.Equal(LogRecordCipher.NonceSize + LogRecordCipher.TagSize, LogRecordCipher.Overhead);
    }

    [Fact]
    public void NonceMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Why no (key, nonce) pair repeats", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(NonceSequence.EpochOffset, NonceSequence.EpochSize, "epoch"),
            At(NonceSequence.CounterOffset, NonceSequence.CounterSize, "counter"));
        Assert.Equal(NonceSequence.NonceSize, LayoutTables.AssertContiguous(rows));
    }
}
