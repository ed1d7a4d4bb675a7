// The general scalar functions: NULL handling (COALESCE, IFNULL, NULLIF, IIF),
// multi-argument MIN/MAX, TYPEOF, RANDOM, ABS and SIGN. Semantics follow SQLite;
// see docs/sql-semantics.md "Functions" for each and for what TYPEOF says of our
// extra value types.
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of the general scalar functions.</summary>
internal static class CoreFunctions
{
    private static readonly DbValue NullText = DbValue.FromText("null");
    private static readonly DbValue IntegerText = DbValue.FromText("integer");
    private static readonly DbValue RealText = DbValue.FromText("real");
    private static readonly DbValue TextText = DbValue.FromText("text");
    private static readonly DbValue BlobText = DbValue.FromText("blob");
    private static readonly DbValue BooleanText = DbValue.FromText("boolean");
    private static readonly DbValue DateTimeText = DbValue.FromText("datetime");
    private static readonly DbValue DecimalText = DbValue.FromText("decimal");
    private static readonly DbValue GuidText = DbValue.FromText("guid");

    /// <summary>The first non-NULL argument, or NULL.</summary>
    public static DbValue Coalesce(ReadOnlySpan<DbValue> args)
    {
        foreach (ref readonly DbValue a in args)
        {
            if (!a.IsNull)
            {
                return a;
            }
        }

        return DbValue.Null;
    }

    /// <summary>NULL when the two arguments are equal (by value, no affinity), else the first.</summary>
    public static DbValue NullIf(ReadOnlySpan<DbValue> args) =>
        !args[0].IsNull && !args[1].IsNull && DbValueOrder.Compare(args[0], args[1]) == 0 ? DbValue.Null : args[0];

    /// <summary>IIF(c, a [, b]): a when c is true, else b (NULL when omitted).</summary>
    public static DbValue Iif(ReadOnlySpan<DbValue> args) =>
        SqlTruth.IsTrue(args[0]) == true ? args[1] : args.Length > 2 ? args[2] : DbValue.Null;

    /// <summary>Scalar MIN: NULL if any argument is NULL, else the least in the value order.</summary>
    public static DbValue Min(ReadOnlySpan<DbValue> args) => Extreme(args, -1);

    /// <summary>Scalar MAX: NULL if any argument is NULL, else the greatest in the value order.</summary>
    public static DbValue Max(ReadOnlySpan<DbValue> args) => Extreme(args, 1);

    // Of values that compare equal (1 and 1.0, 0.0 and -0.0), SQLite's min takes the last and max the first.
    private static DbValue Extreme(ReadOnlySpan<DbValue> args, int direction)
    {
        DbValue best = args[0];
        for (int i = 0; i < args.Length; i++)
        {
            DbValue a = args[i];
            if (a.IsNull)
            {
                return DbValue.Null;
            }

            int c = DbValueOrder.Compare(a, best) * direction;
            if (c > 0 || (c == 0 && direction < 0 && i > 0))
            {
                best = a;
            }
        }

        return best;
    }

    /// <summary>SQLite's type names, plus 'boolean', 'datetime', 'decimal' and 'guid' for our extra types.</summary>
    public static DbValue TypeOf(ReadOnlySpan<DbValue> args) => args[0].Type switch
    {
        DbValueType.Null => NullText,
        DbValueType.Integer => IntegerText,
        DbValueType.Real => RealText,
        DbValueType.Text => TextText,
        DbValueType.Blob => BlobText,
        DbValueType.Boolean => BooleanText,
        DbValueType.DateTime => DateTimeText,
        DbValueType.Decimal => DecimalText,
        _ => GuidText,
    };

    /// <summary>A pseudo-random 64-bit signed integer.</summary>
    public static DbValue Random(ReadOnlySpan<DbValue> args) =>
        DbValue.FromInt64(System.Random.Shared.NextInt64(long.MinValue, long.MaxValue));

    /// <summary>Absolute value: integers stay integers (ABS of the least integer overflows), other values become reals.</summary>
    public static DbValue Abs(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull)
        {
            return x;
        }

        switch (x.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Boolean:
                long i = x.AsInt64();
                if (i == long.MinValue)
                {
                    throw SqlArithmetic.Overflow();
                }

                return DbValue.FromInt64(Math.Abs(i));
            case DbValueType.Decimal:
                return DbValue.FromDecimal(Math.Abs(x.AsDecimal()));
            case DbValueType.Real:
                return DbValue.FromDouble(AbsKeepingZero(x.AsDouble()));
            default:
                return DbValue.FromDouble(AbsKeepingZero(SqlArithmetic.ToDouble(SqlCast.Cast(x, Sql.Ast.SqlTypeAffinity.Real))));
        }
    }

    // SQLite negates only what is below zero, so abs(-0.0) is -0.0.
    private static double AbsKeepingZero(double d) => d < 0 ? -d : d;

    /// <summary>-1, 0 or 1 for numbers (and text that is a number as a whole); NULL otherwise.</summary>
    public static DbValue Sign(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.Type == DbValueType.Text)
        {
            if (!SqlNumberParser.TryParseWhole(x.AsText(), out x))
            {
                return DbValue.Null;
            }
        }

        if (!x.IsNumeric)
        {
            return DbValue.Null;
        }

        return DbValue.FromInt64(Math.Sign(DbValueOrder.Compare(x, DbValue.FromInt64(0))));
    }
}
