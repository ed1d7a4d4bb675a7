// The keys of an open encrypted database and the operations that use them.
//
// Key hierarchy: password --PBKDF2-HMAC-SHA256(salt, iterations)--> key-encryption
// key --AES-256-GCM unwrap--> data key (random, 32 bytes) --HKDF-SHA256(salt =
// database id)--> page key, log key, header MAC key. Separate subkeys keep the
// page, log and header uses apart; binding the database id makes them differ
// between databases even under the same password and data key.
// Every key byte array is zeroed when the database closes.
using System.Security.Cryptography;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>Unlocked key material of one database.</summary>
internal sealed class DatabaseEncryption : IDisposable
{
    internal const int KeySize = 32;
    private readonly byte[] _dataKey;
    private readonly byte[] _pageKey;
    private readonly byte[] _logKey;
    private readonly byte[] _macKey;
    private readonly byte[] _spillKey;
    private readonly Guid _databaseId;
    private readonly List<IDisposable> _ciphers = [];

    private DatabaseEncryption(byte[] dataKey, Guid databaseId, uint epoch)
    {
        _dataKey = dataKey;
        _databaseId = databaseId;
        byte[] salt = databaseId.ToByteArray();
        _pageKey = HKDF.DeriveKey(HashAlgorithmName.SHA256, dataKey, KeySize, salt, "SharpCoreDB page key"u8.ToArray());
        _logKey = HKDF.DeriveKey(HashAlgorithmName.SHA256, dataKey, KeySize, salt, "SharpCoreDB log key"u8.ToArray());
        _macKey = HKDF.DeriveKey(HashAlgorithmName.SHA256, dataKey, KeySize, salt, "SharpCoreDB header key"u8.ToArray());
        _spillKey = HKDF.DeriveKey(HashAlgorithmName.SHA256, dataKey, KeySize, salt, "SharpCoreDB spill key"u8.ToArray());
        Nonces = new NonceSequence(epoch);
    }

    public NonceSequence Nonces { get; }

    /// <summary>
    /// A new AES-GCM cipher under the spill subkey (HKDF of the data key, info "SharpCoreDB spill key"), for the
    /// temporary files of sorts; nonces come from <see cref="Nonces"/>, so they never repeat under one key.
    /// </summary>
    public AesGcm CreateSpillCipher() => new(_spillKey, AesGcm.TagByteSizes.MaxSize);

    /// <summary>
    /// Makes a new random data key for a new database and returns it with the key block that wraps it.
    /// The epoch starts at 1; the returned header still needs <see cref="Seal"/>.
    /// </summary>
    public static DatabaseEncryption Create(EncryptionSettings settings, Guid databaseId, string path, out byte[] keyBlock)
    {
        settings.Validate();
        byte[] dataKey = RandomNumberGenerator.GetBytes(KeySize);
        keyBlock = new byte[KeyBlock.Size];
        Wrap(settings, dataKey, keyBlock, path);
        KeyBlock.EpochField.WriteUInt32(keyBlock, 1);
        return new DatabaseEncryption(dataKey, databaseId, 1);
    }

    /// <summary>
    /// Unwraps the data key of an existing database with <paramref name="settings"/> and checks the
    /// header's MAC. Starts a new nonce epoch: the caller must write a header carrying it
    /// (<see cref="WithSessionEpoch"/>) before encrypting anything.
    /// </summary>
    public static DatabaseEncryption Unlock(EncryptionSettings settings, DatabaseHeader header, string path)
    {
        settings.Validate();
        byte[] block = header.KeyBlock;
        byte[] dataKey = Unwrap(settings, block, path);
        uint epoch = KeyBlock.EpochField.ReadUInt32(block);
        if (epoch == uint.MaxValue)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"The nonce epochs of '{path}' are exhausted.");
        }

        var encryption = new DatabaseEncryption(dataKey, header.DatabaseId, epoch + 1);
        if (!encryption.HasValidMac(header))
        {
            encryption.Dispose();
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.AuthenticationFailed,
                $"The header of '{path}' failed authentication: it was changed outside SharpCoreDB.");
        }

        return encryption;
    }

    /// <summary>
    /// <paramref name="header"/> with this session's nonce epoch in its key block (to be sealed and
    /// written before the first encryption of the session).
    /// </summary>
    public DatabaseHeader WithSessionEpoch(DatabaseHeader header)
    {
        byte[] block = (byte[])header.KeyBlock.Clone();
        KeyBlock.EpochField.WriteUInt32(block, Nonces.Epoch);
        return header with { KeyBlock = block };
    }

    /// <summary>Returns <paramref name="header"/> with its MAC computed.</summary>
    public DatabaseHeader Seal(DatabaseHeader header)
    {
        byte[] block = (byte[])header.KeyBlock.Clone();
        Mac(header with { KeyBlock = block }, KeyBlock.MacField.Of(block));
        return header with { KeyBlock = block };
    }

    /// <summary>Returns a header whose key block wraps the same data key under <paramref name="newSecret"/>.</summary>
    public DatabaseHeader Rewrap(DatabaseHeader header, EncryptionSettings newSecret, string path)
    {
        newSecret.Validate();
        byte[] block = (byte[])header.KeyBlock.Clone();
        Wrap(newSecret, _dataKey, block, path);
        return Seal(header with { KeyBlock = block });
    }

    public IPageCodec CreatePageCodec(int pageSize)
    {
        var codec = new AesGcmPageCodec(pageSize, _pageKey, _databaseId, Nonces);
        _ciphers.Add(codec);
        return codec;
    }

    public LogRecordCipher CreateLogCipher()
    {
        var cipher = new LogRecordCipher(_logKey, _databaseId, Nonces);
        _ciphers.Add(cipher);
        return cipher;
    }

    public void Dispose()
    {
        foreach (var cipher in _ciphers)
        {
            cipher.Dispose();
        }

        CryptographicOperations.ZeroMemory(_dataKey);
        CryptographicOperations.ZeroMemory(_pageKey);
        CryptographicOperations.ZeroMemory(_logKey);
        CryptographicOperations.ZeroMemory(_macKey);
        CryptographicOperations.ZeroMemory(_spillKey);
    }

    private bool HasValidMac(DatabaseHeader header)
    {
        Span<byte> expected = stackalloc byte[KeyBlock.MacField.Size];
        Mac(header, expected);
        return CryptographicOperations.FixedTimeEquals(expected, KeyBlock.MacField.Of(header.KeyBlock));
    }

    // HMAC over the serialized slot (without its CRC) with the MAC field zeroed.
    private void Mac(DatabaseHeader header, Span<byte> mac)
    {
        Span<byte> slot = stackalloc byte[DatabaseHeader.SlotSize];
        header.WriteTo(slot);
        KeyBlock.MacField.Within(DatabaseHeader.KeyBlockField).Of(slot).Clear();
        HMACSHA256.HashData(_macKey, slot[..DatabaseHeader.ChecksumField.Offset], mac);
    }

    // The new key block's salt is random, so the key kept for the file's old one (if any) is replaced.
    private static void Wrap(EncryptionSettings settings, byte[] dataKey, byte[] block, string path)
    {
        block.AsSpan(..KeyBlock.EpochField.Offset).Clear();
        var salt = KeyBlock.SaltField.Of(block);
        RandomNumberGenerator.Fill(salt);
        KeyBlock.SourceField.WriteByte(block, settings.Password is null ? KeyBlock.RawKeySource : KeyBlock.PasswordSource);
        KeyBlock.IterationsField.WriteInt32(block, settings.Password is null ? 0 : settings.Iterations);
        byte[] kek = KeyEncryptionKey(settings, block);
        try
        {
            var nonce = KeyBlock.WrapNonceField.Of(block);
            RandomNumberGenerator.Fill(nonce);
            using var aes = new AesGcm(kek, KeyBlock.WrapTagField.Size);
            aes.Encrypt(nonce, dataKey, KeyBlock.WrappedKeyField.Of(block), KeyBlock.WrapTagField.Of(block));
            Remember(settings, block, path, kek);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(kek);
        }
    }

    private static byte[] Unwrap(EncryptionSettings settings, byte[] block, string path)
    {
        byte source = KeyBlock.SourceField.ReadByte(block);
        if ((source == KeyBlock.PasswordSource) != (settings.Password is not null))
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.WrongKey,
                source == KeyBlock.PasswordSource
                    ? $"'{path}' is encrypted with a password, not a raw key."
                    : $"'{path}' is encrypted with a raw key, not a password.");
        }

        settings = settings with { Iterations = KeyBlock.IterationsField.ReadInt32(block) };
        byte[] kek = new byte[KeySize];
        bool kept = settings is { Password: { } password, KeyCache: { } cache }
            && cache.TryGet(KeyBlock.SaltField.Of(block), settings.Iterations, password, kek);
        if (!kept)
        {
            kek = KeyEncryptionKey(settings, block);
        }

        byte[] dataKey = new byte[KeySize];
        try
        {
            using var aes = new AesGcm(kek, KeyBlock.WrapTagField.Size);
            aes.Decrypt(
                KeyBlock.WrapNonceField.Of(block),
                KeyBlock.WrappedKeyField.Of(block),
                KeyBlock.WrapTagField.Of(block),
                dataKey);

            // Only a key that unwrapped the data key is kept: a wrong password never enters the cache.
            if (!kept)
            {
                Remember(settings, block, path, kek);
            }

            return dataKey;
        }
        catch (AuthenticationTagMismatchException e)
        {
            CryptographicOperations.ZeroMemory(dataKey);
            throw new SharpCoreDBException(SharpCoreDBErrorCode.WrongKey, $"The password or key does not open '{path}'.", e);
        }
        finally
        {
            CryptographicOperations.ZeroMemory(kek);
        }
    }

    // A password-derived key goes to the settings' cache, if any, under the block's salt and iterations.
    private static void Remember(EncryptionSettings settings, byte[] block, string path, byte[] kek)
    {
        if (settings is { Password: { } password, KeyCache: { } cache })
        {
            cache.Put(path, KeyBlock.SaltField.Of(block), KeyBlock.IterationsField.ReadInt32(block), password, kek, settings.KeyCacheIdle);
        }
    }

    private static byte[] KeyEncryptionKey(EncryptionSettings settings, byte[] block)
    {
        if (settings.Key is not null)
        {
            return (byte[])settings.Key.Clone();
        }

        int iterations = settings.Iterations;
        if (iterations < 1)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, "The header's PBKDF2 iteration count is invalid.");
        }

        return Rfc2898DeriveBytes.Pbkdf2(
            settings.Password!, KeyBlock.SaltField.Of(block), iterations, HashAlgorithmName.SHA256, KeySize);
    }
}
