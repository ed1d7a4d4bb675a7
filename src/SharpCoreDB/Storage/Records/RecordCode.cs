// The per-column type codes of a record header (docs/file-format.md, "Records").
// Codes 0..14 are fixed-size types; codes 20 and above carry a length: even codes
// are blobs of (code - 20) / 2 bytes, odd codes text of (code - 21) / 2 UTF-8 bytes.
namespace SharpCoreDB.Storage.Records;

/// <summary>Record header type codes and the payload size each implies.</summary>
internal static class RecordCode
{
    public const ulong Null = 0;
    public const ulong IntZero = 1;
    public const ulong IntOne = 2;
    public const ulong Int8 = 3;
    public const ulong Int16 = 4;
    public const ulong Int24 = 5;
    public const ulong Int32 = 6;
    public const ulong Int48 = 7;
    public const ulong Int64 = 8;
    public const ulong Real = 9;
    public const ulong False = 10;
    public const ulong True = 11;
    public const ulong DateTime = 12;
    public const ulong Decimal = 13;
    public const ulong Guid = 14;
    public const ulong FirstVariable = 20;

    /// <summary>The code of a blob of <paramref name="length"/> bytes.</summary>
    public static ulong Blob(int length) => FirstVariable + ((ulong)length << 1);

    /// <summary>The code of a text of <paramref name="utf8Length"/> UTF-8 bytes.</summary>
    public static ulong Text(int utf8Length) => FirstVariable + 1 + ((ulong)utf8Length << 1);

    /// <summary>The payload size of <paramref name="code"/>, or -1 for a reserved code.</summary>
    public static long PayloadSize(ulong code) =>
        code >= FirstVariable ? (long)((code - FirstVariable) >> 1) : FixedSizes[(int)code];

    // The payload size of each code below FirstVariable (-1: reserved). Every record read
    // looks up each column's code here, so it is a table rather than a switch.
    private static ReadOnlySpan<sbyte> FixedSizes =>
    [
        0, // Null
        0, // IntZero
        0, // IntOne
        1, // Int8
        2, // Int16
        3, // Int24
        4, // Int32
        6, // Int48
        8, // Int64
        8, // Real
        0, // False
        0, // True
        8, // DateTime
        16, // Decimal
        16, // Guid
        -1, -1, -1, -1, -1, // 15..19: reserved
    ];

    /// <summary>The smallest integer code that holds <paramref name="value"/>.</summary>
    public static ulong ForInteger(long value) => value switch
    {
        0 => IntZero,
        1 => IntOne,
        >= sbyte.MinValue and <= sbyte.MaxValue => Int8,
        >= short.MinValue and <= short.MaxValue => Int16,
        >= -(1L << 23) and < 1L << 23 => Int24,
        >= int.MinValue and <= int.MaxValue => Int32,
        >= -(1L << 47) and < 1L << 47 => Int48,
        _ => Int64,
    };
}
