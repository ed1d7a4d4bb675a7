// The 256-byte key block inside each header slot (see DatabaseHeader). It holds
// what turns a password into the database's data key, the nonce epoch, and a MAC
// that authenticates the whole header.
//
// Layout (little-endian; docs/encryption.md, "The header", has the same table, and
// the fields below are what the code reads and writes through):
//   0   1  key source: 1 = password (PBKDF2-HMAC-SHA256), 2 = raw 32-byte key
//   1   3  reserved, zero
//   4   4  PBKDF2 iteration count (0 for a raw key)
//   8  16  PBKDF2 salt, random per database and per password change
//   24 12  nonce of the key wrap
//   36 32  the data key, encrypted with AES-256-GCM under the key-encryption key
//          (the PBKDF2 output, or the raw key)
//   68 16  tag of the key wrap
//   84  4  nonce epoch (see NonceSequence)
//   88  8  reserved, zero
//   96 32  HMAC-SHA256 of the header slot's bytes 0..507 with this field zeroed,
//          under the header subkey: any change to the header is detected
//   128..255 reserved, zero
// The data key is random and never changes, so a password change rewrites only
// this block (a new salt and a new wrap) and no page.
using SharpCoreDB.Wal.Format;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>The fields of the key block (offsets within the block, which is DatabaseHeader.KeyBlockField).</summary>
internal static class KeyBlock
{
    public const byte PasswordSource = 1;
    public const byte RawKeySource = 2;

    /// <summary>Byte 0: the key source, <see cref="PasswordSource"/> or <see cref="RawKeySource"/>.</summary>
    public static readonly LayoutField SourceField = LayoutField.First(1);

    /// <summary>Bytes 1..3: reserved, zero.</summary>
    public static readonly LayoutField SourceReservedField = SourceField.Next(3);

    /// <summary>Bytes 4..7: the PBKDF2 iteration count (int32 LE; 0 for a raw key).</summary>
    public static readonly LayoutField IterationsField = SourceReservedField.Next(sizeof(int));

    /// <summary>Bytes 8..23: the PBKDF2 salt.</summary>
    public static readonly LayoutField SaltField = IterationsField.Next(16);

    /// <summary>Bytes 24..35: the nonce of the key wrap.</summary>
    public static readonly LayoutField WrapNonceField = SaltField.Next(12);

    /// <summary>Bytes 36..67: the data key, encrypted under the key-encryption key.</summary>
    public static readonly LayoutField WrappedKeyField = WrapNonceField.Next(DatabaseEncryption.KeySize);

    /// <summary>Bytes 68..83: the GCM tag of the key wrap.</summary>
    public static readonly LayoutField WrapTagField = WrappedKeyField.Next(16);

    /// <summary>Bytes 84..87: the nonce epoch (uint32 LE).</summary>
    public static readonly LayoutField EpochField = WrapTagField.Next(sizeof(uint));

    /// <summary>Bytes 88..95: reserved, zero.</summary>
    public static readonly LayoutField EpochReservedField = EpochField.Next(8);

    /// <summary>Bytes 96..127: HMAC-SHA256 of the header slot.</summary>
    public static readonly LayoutField MacField = EpochReservedField.Next(32);

    /// <summary>Bytes 128..255: reserved, zero.</summary>
    public static readonly LayoutField TailReservedField = MacField.Next(128);

    /// <summary>The whole block.</summary>
    public static readonly int Size = TailReservedField.End;
}
