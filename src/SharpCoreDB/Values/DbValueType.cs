// The storage classes a DbValue can hold. The numeric value of each member is
// part of nothing on disk (records and keys have their own codes), so members
// may be reordered freely; the comparison order lives in DbValue.Compare.
namespace SharpCoreDB.Values;

/// <summary>What kind of value a <see cref="DbValue"/> holds.</summary>
internal enum DbValueType : byte
{
    /// <summary>SQL NULL. Also what a double NaN becomes.</summary>
    Null = 0,

    /// <summary>A 64-bit signed integer.</summary>
    Integer = 1,

    /// <summary>A 64-bit IEEE 754 double, never NaN.</summary>
    Real = 2,

    /// <summary>A UTF-16 string, stored as UTF-8.</summary>
    Text = 3,

    /// <summary>A byte array.</summary>
    Blob = 4,

    /// <summary>True or false; compares as the integers 1 and 0.</summary>
    Boolean = 5,

    /// <summary>A UTC point in time, held as DateTime ticks.</summary>
    DateTime = 6,

    /// <summary>A System.Decimal.</summary>
    Decimal = 7,

    /// <summary>A 128-bit GUID.</summary>
    Guid = 8,
}
