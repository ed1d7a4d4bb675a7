// ROUND, as SQLite does it: the result is always a real; the digit count is
// clamped to 0..30; with no digits a number rounds half away from zero through a
// 64-bit integer, otherwise the double's exact decimal expansion is rounded half
// away from zero (so ROUND(2.675, 2) is 2.67: 2.675 is really 2.67499999...).
// A DECIMAL argument rounds exactly and stays DECIMAL (our extension).
using System.Globalization;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of the numeric scalar functions.</summary>
internal static class MathFunctions
{
    private static readonly string[] FixedFormats = BuildFixedFormats();

    private static string[] BuildFixedFormats()
    {
        string[] formats = new string[31];
        for (int i = 0; i < formats.Length; i++)
        {
            formats[i] = "F" + i.ToString(CultureInfo.InvariantCulture);
        }

        return formats;
    }

    public static DbValue Round(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull || (args.Length > 1 && args[1].IsNull))
        {
            return DbValue.Null;
        }

        int digits = 0;
        if (args.Length > 1)
        {
            digits = (int)Math.Clamp(SqlArithmetic.ToInteger(args[1]), 0, 30);
        }

        if (x.Type == DbValueType.Decimal)
        {
            return DbValue.FromDecimal(Math.Round(x.AsDecimal(), Math.Min(digits, 28), MidpointRounding.AwayFromZero));
        }

        double r = x.Type == DbValueType.Real ? x.AsDouble() : SqlArithmetic.ToDouble(SqlCast.Cast(x, Sql.Ast.SqlTypeAffinity.Real));

        // SQLite's rounding does not see the sign of a zero: round(-0.0) is 0.0 (while round(-0.001, 2) stays -0.0).
        return DbValue.FromDouble(r == 0 ? 0.0 : RoundDouble(r, digits));
    }

    /// <summary>SQLite's rounding of a double to <paramref name="digits"/> decimal places.</summary>
    public static double RoundDouble(double r, int digits)
    {
        if (double.IsInfinity(r))
        {
            return r;
        }

        if (digits == 0)
        {
            if (r > -4503599627370496.0 && r < 4503599627370496.0)
            {
                return (double)(long)(r + (r < 0 ? -0.5 : 0.5));
            }

            return r;
        }

        // Rounds the double's exact decimal expansion half away from zero, as SQLite does (ROUND(2.675, 2) = 2.67).
        Span<char> buffer = stackalloc char[400];
        if (!r.TryFormat(buffer, out int written, FixedFormats[digits], CultureInfo.InvariantCulture))
        {
            return r;
        }

        return double.Parse(buffer[..written], NumberStyles.Float, CultureInfo.InvariantCulture);
    }
}
