// Seals commit records before they reach the log, so the log file holds no
// plaintext; the log library itself never sees a key. A sealed record is
// (docs/encryption.md, "Log records"; the offsets are the fields below)
//   0  12  nonce (see NonceSequence)
//   12  n  ciphertext of the n-byte commit record
//   12+n 16 GCM tag
// under the log subkey, with the database id as additional authenticated data.
// Replay opens each record before applying it and stops with an authentication
// error naming the LSN if one was changed.
using System.Security.Cryptography;
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>AES-256-GCM for log records.</summary>
internal sealed class LogRecordCipher : IDisposable
{
    /// <summary>Bytes 0..11: the nonce.</summary>
    internal static readonly LayoutField NonceField = LayoutField.First(NonceSequence.NonceSize);

    /// <summary>Bytes 12..12+n-1: the ciphertext of an n-byte record.</summary>
    internal static readonly int CiphertextOffset = NonceField.End;

    /// <summary>The last 16 bytes: the GCM tag.</summary>
    internal const int TagSize = AesGcmPageCodec.TagSize; // [12+n .. 12+n+15]

    public static readonly int Overhead = NonceField.Size + TagSize;
    private readonly AesGcm _aes;
    private readonly byte[] _aad;
    private readonly NonceSequence _nonces;
    private byte[] _buffer = new byte[4096];

    public LogRecordCipher(byte[] logKey, Guid databaseId, NonceSequence nonces)
    {
        _aes = new AesGcm(logKey, TagSize);
        _aad = databaseId.ToByteArray();
        _nonces = nonces;
    }

    /// <summary>Seals <paramref name="record"/> into a buffer reused by the next call (callers hold the writer lock).</summary>
    public ReadOnlySpan<byte> Seal(ReadOnlySpan<byte> record)
    {
        int size = record.Length + Overhead;
        if (_buffer.Length < size)
        {
            _buffer = new byte[Math.Max(size, _buffer.Length * 2)];
        }

        var sealedRecord = _buffer.AsSpan(0, size);
        var nonce = NonceField.Of(sealedRecord);
        _nonces.Next(nonce);
        lock (_aes)
        {
            _aes.Encrypt(nonce, record, sealedRecord.Slice(CiphertextOffset, record.Length), sealedRecord[^TagSize..], _aad);
        }

        return sealedRecord;
    }

    /// <summary>Opens a sealed record; throws an authentication error naming <paramref name="lsn"/> if it was changed.</summary>
    public byte[] Open(long lsn, ReadOnlySpan<byte> sealedRecord)
    {
        if (sealedRecord.Length < Overhead)
        {
            throw Tampered(lsn, null);
        }

        byte[] plain = new byte[sealedRecord.Length - Overhead];
        try
        {
            lock (_aes)
            {
                _aes.Decrypt(NonceField.Of(sealedRecord), sealedRecord.Slice(CiphertextOffset, plain.Length), sealedRecord[^TagSize..], plain, _aad);
            }
        }
        catch (AuthenticationTagMismatchException e)
        {
            throw Tampered(lsn, e);
        }

        return plain;
    }

    public void Dispose()
    {
        lock (_aes)
        {
            _aes.Dispose();
        }
    }

    private static SharpCoreDBException Tampered(long lsn, Exception? inner) => new(
        SharpCoreDBErrorCode.AuthenticationFailed,
        $"The log record at LSN {lsn} failed authentication: the log was changed outside SharpCoreDB.",
        inner);
}
