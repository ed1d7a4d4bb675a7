// Seeded random SQL literals for the differential tests: each operand is the
// literal's SQL text and the DbValue it denotes. The pool leans on the cases
// where SQL engines disagree: integer extremes, reals that round, text with
// numeric prefixes or white space, blobs, NULL.
using System.Globalization;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

/// <summary>A literal: how SQL writes it and the value it stands for.</summary>
internal readonly record struct Operand(string Sql, DbValue Value);

/// <summary>Draws literal operands from a seeded random source.</summary>
internal sealed class OperandGenerator(int seed)
{
    private static readonly long[] Integers =
    [
        0, 1, -1, 2, 3, -3, 7, -7, 10, 100, 255, 1000, 65536, 4294967296, -4294967296,
        long.MaxValue, long.MinValue, long.MaxValue - 1, long.MinValue + 1, 3037000499, 3037000500, -3037000500,
    ];

    private static readonly double[] Reals =
    [
        0.0, 1.5, -1.5, 2.5, -2.5, 0.1, 0.2, 0.5, 3.14159, 2.675, -2.675, 1e-5, 1e15, 1e16, 1.0e20, 1e308,
        123456789.123, 9.999, 0.05, 7.0, -7.0, 0.3333333333333333, 100.0, 9.2233720368547758e18,
    ];

    private static readonly string[] Texts =
    [
        "12abc", "", " 5", "5", "abc", "1.5", "1e3", "-7", "0x10", "Hello World", "AbC", "%", "_a%", " 5 ",
        "9223372036854775808", "  -3.5e2xyz", "2024-02-29 13:45:30", "2024-01-31", "10", "2.0", "a'b", "ß", "x y z",
        "+4", ".5", "5.", "1e", "-", "00012", "1.5e+2abc", "hello", "HELLO", "abcabc", "b",
    ];

    private static readonly string[] Blobs = ["", "41", "3132", "00FF", "616263", "2035"];

    private readonly Random _random = new(seed);

    public Random Random => _random;

    public Operand Next()
    {
        int kind = _random.Next(100);
        if (kind < 30)
        {
            long i = _random.Next(4) == 0 ? _random.NextInt64(-1000, 1000) : Integers[_random.Next(Integers.Length)];
            return Integer(i);
        }

        if (kind < 52)
        {
            double d = _random.Next(4) == 0 ? Math.Round((_random.NextDouble() - 0.5) * 2000, _random.Next(4)) : Reals[_random.Next(Reals.Length)];
            return Real(d);
        }

        if (kind < 85)
        {
            return Text(Texts[_random.Next(Texts.Length)]);
        }

        if (kind < 93)
        {
            string hex = Blobs[_random.Next(Blobs.Length)];
            return new Operand("X'" + hex + "'", DbValue.FromBlob(Convert.FromHexString(hex)));
        }

        return new Operand("NULL", DbValue.Null);
    }

    public static Operand Integer(long i) =>
        new(i == long.MinValue ? "(-9223372036854775807 - 1)" : i.ToString(CultureInfo.InvariantCulture), DbValue.FromInt64(i));

    public static Operand Real(double d)
    {
        string sql = d.ToString("R", CultureInfo.InvariantCulture);
        if (!sql.Contains('.', StringComparison.Ordinal) && !sql.Contains('E', StringComparison.Ordinal))
        {
            sql += ".0";
        }

        return new Operand(d < 0 ? "(" + sql + ")" : sql, DbValue.FromDouble(d));
    }

    public static Operand Text(string s) => new("'" + s.Replace("'", "''", StringComparison.Ordinal) + "'", DbValue.FromText(s));
}
