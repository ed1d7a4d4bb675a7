// What the user gives to open or create an encrypted database: a password (run
// through PBKDF2) or a raw 256-bit key. Exactly one of the two.
namespace SharpCoreDB.Storage.Encryption;

/// <summary>The secret that opens an encrypted database.</summary>
internal sealed record EncryptionSettings
{
    /// <summary>The default PBKDF2-HMAC-SHA256 iteration count for new databases and password changes.</summary>
    public const int DefaultIterations = 600_000;

    /// <summary>A password; stretched with PBKDF2-HMAC-SHA256 and the database's salt.</summary>
    public string? Password { get; init; }

    /// <summary>A raw 32-byte key, used instead of a password by applications that manage their own keys.</summary>
    public byte[]? Key { get; init; }

    /// <summary>PBKDF2 iterations for a new database or a new password.</summary>
    public int Iterations { get; init; } = DefaultIterations;

    /// <summary>
    /// Where a key derived from <see cref="Password"/> is kept, so that opening the file again skips PBKDF2
    /// (<see cref="DerivedKeyCache"/>); null derives every time. The provider sets it when pooling is on.
    /// </summary>
    public DerivedKeyCache? KeyCache { get; init; }

    /// <summary>How long a key stays in <see cref="KeyCache"/> after its last use.</summary>
    public TimeSpan KeyCacheIdle { get; init; }

    public void Validate()
    {
        if ((Password is null) == (Key is null))
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "Give either a password or a 32-byte key, not both or neither.");
        }

        if (Key is not null && Key.Length != 32)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"An encryption key must be 32 bytes; this one has {Key.Length}.");
        }

        if (Password is not null && Password.Length == 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "The password cannot be empty.");
        }

        if (Iterations < 1)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "The PBKDF2 iteration count must be positive.");
        }
    }
}
