// The 256-byte key block inside each header slot (see DatabaseHeader). It holds
// what turns a password into the database's data key, the nonce epoch, and a MAC
// that authenticates the whole header.
//
// Layout (little-endian; docs/encryption.md, "The header", has the same table, and
// the constants below are what the code reads and writes):
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
using System.Buffers.Binary;

namespace SharpCoreDB.Storage.Encryption;

/// <summary>Field offsets and sizes of the key block (offsets within the block, which starts at DatabaseHeader.KeyBlockOffset).</summary>
internal static class KeyBlock
{
    public const byte PasswordSource = 1;
    public const byte RawKeySource = 2;

    /// <summary>Byte 0: the key source, <see cref="PasswordSource"/> or <see cref="RawKeySource"/>.</summary>
    public const int SourceOffset = 0; // [0]
    public const int SourceSize = 1;

    /// <summary>Bytes 1..3: reserved, zero.</summary>
    public const int SourceReservedOffset = 1; // [1-3]
    public const int SourceReservedSize = 3;

    /// <summary>Bytes 4..7: the PBKDF2 iteration count (int32 LE; 0 for a raw key).</summary>
    public const int IterationsOffset = 4; // [4-7]
    public const int IterationsSize = sizeof(int);

    /// <summary>Bytes 8..23: the PBKDF2 salt.</summary>
    public const int SaltOffset = 8; // [8-23]
    public const int SaltSize = 16;

    /// <summary>Bytes 24..35: the nonce of the key wrap.</summary>
    public const int WrapNonceOffset = 24; // [24-35]
    public const int WrapNonceSize = 12;

    /// <summary>Bytes 36..67: the data key, encrypted under the key-encryption key.</summary>
    public const int WrappedKeyOffset = 36; // [36-67]
    public const int WrappedKeySize = DatabaseEncryption.KeySize;

    /// <summary>Bytes 68..83: the GCM tag of the key wrap.</summary>
    public const int WrapTagOffset = 68; // [68-83]
    public const int WrapTagSize = 16;

    /// <summary>Bytes 84..87: the nonce epoch (uint32 LE).</summary>
    public const int EpochOffset = 84; // [84-87]
    public const int EpochSize = sizeof(uint);

    /// <summary>Bytes 88..95: reserved, zero.</summary>
    public const int EpochReservedOffset = 88; // [88-95]
    public const int EpochReservedSize = 8;

    /// <summary>Bytes 96..127: HMAC-SHA256 of the header slot.</summary>
    public const int MacOffset = 96; // [96-127]
    public const int MacSize = 32;

    /// <summary>Bytes 128..255: reserved, zero.</summary>
    public const int TailReservedOffset = 128; // [128-255]
    public const int TailReservedSize = 128;

    /// <summary>The whole block.</summary>
    public const int Size = TailReservedOffset + TailReservedSize;

    public static uint GetEpoch(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadUInt32LittleEndian(block[EpochOffset..]);

    public static void SetEpoch(Span<byte> block, uint epoch) => BinaryPrimitives.WriteUInt32LittleEndian(block[EpochOffset..], epoch);

    public static int GetIterations(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadInt32LittleEndian(block[IterationsOffset..]);

    public static void SetIterations(Span<byte> block, int iterations) =>
        BinaryPrimitives.WriteInt32LittleEndian(block[IterationsOffset..], iterations);
}
