// SQLite's math functions (its math extension, built into the SQLite that
// Microsoft.Data.Sqlite ships): sqrt, pow/power, exp, ln, log, log2, log10, the
// trigonometric and hyperbolic functions and their inverses, degrees, radians, pi,
// mod, and ceil/ceiling, floor and trunc. As there: an argument must be a number, or
// text that reads as one (anything else gives NULL); the result is a real, except that
// ceil, floor and trunc keep an integer as it is; a result that is not a number (a
// domain error: sqrt(-1), acos(2), mod(x, 0)) is NULL, while an infinite one is kept
// (exp(1000)); logarithms of zero or of a negative number, and to a base of 1 or
// below, are NULL (log(B, X) reads X however it can, as SQLite's two-argument log does).
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of SQLite's math functions.</summary>
internal static class MathLibrary
{
    /// <summary>Registers every function of the library.</summary>
    public static void Register(ScalarFunctionAdder add)
    {
        void One(string name, Func<double, double> f) =>
            add(name, 1, 1, args => Number(args[0], out double x, out _) ? DbValue.FromDouble(f(x)) : DbValue.Null, true, SqlTypeAffinity.None);
        void Two(string name, Func<double, double, double> f) =>
            add(name, 2, 2, args => Number(args[0], out double x, out _) && Number(args[1], out double y, out _) ? DbValue.FromDouble(f(x, y)) : DbValue.Null,
                true, SqlTypeAffinity.None);

        // By family: roots and logarithms, trigonometric, hyperbolic, angle units.
        (string Name, Func<double, double> F)[] unary =
        [
            ("SQRT", Math.Sqrt), ("EXP", Math.Exp), ("LN", x => x > 0 ? Math.Log(x) : double.NaN),
            ("LOG2", x => x > 0 ? Math.Log2(x) : double.NaN), ("LOG10", x => x > 0 ? Math.Log10(x) : double.NaN),
            ("SIN", Math.Sin), ("COS", Math.Cos), ("TAN", Math.Tan), ("ASIN", Math.Asin), ("ACOS", Math.Acos), ("ATAN", Math.Atan),
            ("SINH", Math.Sinh), ("COSH", Math.Cosh), ("TANH", Math.Tanh), ("ASINH", Math.Asinh), ("ACOSH", Math.Acosh), ("ATANH", Math.Atanh),
            ("DEGREES", x => x * (180.0 / Math.PI)), ("RADIANS", x => x * (Math.PI / 180.0)),
        ];
        foreach ((string name, Func<double, double> f) in unary)
        {
            One(name, f);
        }

        Two("POW", Math.Pow);
        Two("POWER", Math.Pow);
        Two("ATAN2", Math.Atan2);
        Two("MOD", (x, y) => x % y); // C's fmod: the dividend's sign; NaN (so NULL) for a zero divisor
        add("LOG", 1, 1, args => Number(args[0], out double x, out _) && x > 0 ? DbValue.FromDouble(Math.Log10(x)) : DbValue.Null, true, SqlTypeAffinity.None);
        add("LOG", 2, 2, Log, true, SqlTypeAffinity.None);
        add("PI", 0, 0, _ => DbValue.FromDouble(Math.PI), true, SqlTypeAffinity.None);
        add("CEIL", 1, 1, args => Rounded(args[0], Math.Ceiling), true, SqlTypeAffinity.None);
        add("CEILING", 1, 1, args => Rounded(args[0], Math.Ceiling), true, SqlTypeAffinity.None);
        add("FLOOR", 1, 1, args => Rounded(args[0], Math.Floor), true, SqlTypeAffinity.None);
        add("TRUNC", 1, 1, args => Rounded(args[0], Math.Truncate), true, SqlTypeAffinity.None);
    }

    // LOG(B, X): the logarithm of X to base B.
    // log(B, X): B must be a number above 1 (its logarithm positive); X is read as SQLite's sqlite3_value_double reads
    // any value (text and blobs by their numeric prefix), and must be above 0.
    private static DbValue Log(ReadOnlySpan<DbValue> args)
    {
        double lnB = Number(args[0], out double b, out _) && b > 0 ? Math.Log(b) : 0;
        if (!(lnB > 0) || args[1].IsNull)
        {
            return DbValue.Null;
        }

        double x = SqlArithmetic.ToDouble(args[1].IsNumeric ? args[1] : SqlCast.Cast(args[1], SqlTypeAffinity.Real));
        return x > 0 ? DbValue.FromDouble(Math.Log(x) / lnB) : DbValue.Null;
    }

    // CEIL, FLOOR, TRUNC: an integer stays as it is; a real is rounded and stays a real.
    private static DbValue Rounded(in DbValue value, Func<double, double> round) =>
        !Number(value, out double x, out DbValue number) ? DbValue.Null
        : number.Type is DbValueType.Integer or DbValueType.Boolean ? DbValue.FromInt64(number.RawBits)
        : DbValue.FromDouble(round(x));

    // SQLite's sqlite3_value_numeric_type: a number, or text that reads wholly as one; a blob or other text is none.
    private static bool Number(in DbValue value, out double x, out DbValue number)
    {
        number = value;
        if (value.Type == DbValueType.Text && !SqlNumberParser.TryParseWhole(value.AsText().Trim(), out number))
        {
            x = 0;
            return false;
        }

        if (!number.IsNumeric)
        {
            x = 0;
            return false;
        }

        x = SqlArithmetic.ToDouble(number);
        return true;
    }
}
