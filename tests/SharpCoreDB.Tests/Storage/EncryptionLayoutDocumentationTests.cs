// The layout tables of docs/encryption.md against the fields the encryption code
// reads and writes through: the key block in the header, an encrypted page's trailer
// and additional data, a sealed log record, and the nonce. As in
// LayoutDocumentationTests, a row that differs between the doc and the code fails.
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using static SharpCoreDB.TestSupport.ExpectedField;

namespace SharpCoreDB.Tests.Storage;

public sealed class EncryptionLayoutDocumentationTests
{
    private const string Doc = "encryption.md";

    [Fact]
    public void KeyBlockMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "The header",
            index: 0,
            KeyBlock.Size,
            At(KeyBlock.SourceField, $"key source: {KeyBlock.PasswordSource} = password (PBKDF2-HMAC-SHA256), {KeyBlock.RawKeySource} = raw {DatabaseEncryption.KeySize}-byte key"),
            At(KeyBlock.SourceReservedField, "reserved, zero"),
            At(KeyBlock.IterationsField, "PBKDF2 iteration count"),
            At(KeyBlock.SaltField, "PBKDF2 salt"),
            At(KeyBlock.WrapNonceField, "nonce of the key wrap"),
            At(KeyBlock.WrappedKeyField, "the data key, encrypted"),
            At(KeyBlock.WrapTagField, "GCM tag of the key wrap"),
            At(KeyBlock.EpochField, "nonce epoch"),
            At(KeyBlock.EpochReservedField, "reserved, zero"),
            At(KeyBlock.MacField, "HMAC-SHA256 of the header slot"),
            At(KeyBlock.TailReservedField, "reserved, zero"));
        Assert.Equal(DatabaseHeader.KeyBlockField.Size, KeyBlock.Size);
    }

    [Fact]
    public void EncryptedPageTrailerMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Pages", index: 0);
        const int trailer = PageLayout.EncryptedTrailerSize;

        LayoutTables.AssertMatches(
            rows,
            new("0", $"P-{trailer}", $"ciphertext of the page's bytes 0..P-{trailer + 1}"),
            new($"P-{trailer - AesGcmPageCodec.NonceField.Offset}", Number(AesGcmPageCodec.NonceField.Size), "nonce"),
            new($"P-{trailer - AesGcmPageCodec.TagField.Offset}", Number(AesGcmPageCodec.TagField.Size), "GCM tag"));
        Assert.Equal(AesGcmPageCodec.NonceField.End, AesGcmPageCodec.TagField.Offset);
        Assert.Equal(trailer, AesGcmPageCodec.TagField.End);
    }

    [Fact]
    public void EncryptedPageAdditionalDataMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Pages",
            index: 1,
            AesGcmPageCodec.AadSize,
            At(AesGcmPageCodec.AadPageNumberField, "page number"),
            At(AesGcmPageCodec.AadDatabaseIdField, "database id"));
    }

    [Fact]
    public void SealedLogRecordMatchesTheDoc()
    {
        var rows = LayoutTables.Read(Doc, "Log records", index: 0);

        LayoutTables.AssertMatches(
            rows,
            At(LogRecordCipher.NonceField, "nonce"),
            new(Number(LogRecordCipher.CiphertextOffset), "n", "ciphertext of the n-byte commit record"),
            new($"{LogRecordCipher.CiphertextOffset}+n", Number(LogRecordCipher.TagSize), "GCM tag"));
        Assert.Equal(LogRecordCipher.NonceField.End, LogRecordCipher.CiphertextOffset);
        Assert.Equal(LogRecordCipher.NonceField.Size + LogRecordCipher.TagSize, LogRecordCipher.Overhead);
    }

    [Fact]
    public void NonceMatchesTheDoc()
    {
        LayoutTables.AssertStructure(
            Doc,
            "Why no (key, nonce) pair repeats",
            index: 0,
            NonceSequence.NonceSize,
            At(NonceSequence.EpochField, "epoch"),
            At(NonceSequence.CounterField, "counter"));
    }
}
