// The 256-byte key block inside each header slot (see DatabaseHeader). It holds
// what turns a password into the database's data key, the nonce epoch, and a MAC
// that authenticates the whole header.
//
// Layout (little-endian):
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

/// <summary>Field offsets of the key block.</summary>
internal static class KeyBlock
{
    public const byte PasswordSource = 1;
    public const byte RawKeySource = 2;
    public const int SourceOffset = 0;
    public const int IterationsOffset = 4;
    public const int SaltOffset = 8;
    public const int SaltSize = 16;
    public const int WrapNonceOffset = 24;
    public const int WrappedKeyOffset = 36;
    public const int WrapTagOffset = 68;
    public const int EpochOffset = 84;
    public const int MacOffset = 96;
    public const int MacSize = 32;

    public static uint GetEpoch(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadUInt32LittleEndian(block[EpochOffset..]);

    public static void SetEpoch(Span<byte> block, uint epoch) => BinaryPrimitives.WriteUInt32LittleEndian(block[EpochOffset..], epoch);

    public static int GetIterations(ReadOnlySpan<byte> block) => BinaryPrimitives.ReadInt32LittleEndian(block[IterationsOffset..]);
}
