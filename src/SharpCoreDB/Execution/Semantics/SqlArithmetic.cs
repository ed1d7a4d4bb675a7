// The arithmetic, bitwise and concatenation operators of the SQL dialect,
// following SQLite (docs/sql-semantics.md "Arithmetic"): NULL in gives NULL out,
// text and blobs read as their numeric prefix, integer op integer stays a 64-bit
// integer, x / 0 and x % 0 give NULL; an integer +, -, *, / or unary - whose result
// does not fit in 64 bits is computed again in reals, as SQLite does
// (9223372036854775807 + 1 is 9.22337203685478e+18). Decimals compute exactly (their
// overflow is an error); a real operand makes the result real.
// Every operator works on values in place and allocates nothing except `||`.

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Evaluates the binary and unary value operators.</summary>
internal static class SqlArithmetic
{
    private enum Op : byte
    {
        Add,
        Subtract,
        Multiply,
        Divide,
        Remainder,
    }

    public static DbValue Add(in DbValue l, in DbValue r) => Binary(l, r, Op.Add);

    public static DbValue Subtract(in DbValue l, in DbValue r) => Binary(l, r, Op.Subtract);

    public static DbValue Multiply(in DbValue l, in DbValue r) => Binary(l, r, Op.Multiply);

    public static DbValue Divide(in DbValue l, in DbValue r) => Binary(l, r, Op.Divide);

    public static DbValue Remainder(in DbValue l, in DbValue r) => Binary(l, r, Op.Remainder);

    /// <summary>Unary minus; -(-9223372036854775808) is the real 9.223372036854775808e18, as in SQLite.</summary>
    public static DbValue Negate(in DbValue value)
    {
        if (value.IsNull)
        {
            return DbValue.Null;
        }

        DbValue n = ToNumber(value);
        switch (n.Type)
        {
            case DbValueType.Integer:
                long i = n.AsInt64();
                return i == long.MinValue ? DbValue.FromDouble(-(double)i) : DbValue.FromInt64(-i);
            case DbValueType.Decimal:
                return DbValue.FromDecimal(-n.AsDecimal());
            default:
                return DbValue.FromDouble(-n.AsDouble());
        }
    }

    /// <summary>Unary plus: SQLite returns the operand unchanged, text included.</summary>
    public static DbValue Plus(in DbValue value) => value;

    public static DbValue BitAnd(in DbValue l, in DbValue r) =>
        l.IsNull || r.IsNull ? DbValue.Null : DbValue.FromInt64(ToInteger(l) & ToInteger(r));

    public static DbValue BitOr(in DbValue l, in DbValue r) =>
        l.IsNull || r.IsNull ? DbValue.Null : DbValue.FromInt64(ToInteger(l) | ToInteger(r));

    public static DbValue BitNot(in DbValue value) =>
        value.IsNull ? DbValue.Null : DbValue.FromInt64(~ToInteger(value));

    /// <summary>l &lt;&lt; r; a negative shift shifts the other way, a shift of 64 or more gives 0 (or -1 shifting a negative right).</summary>
    public static DbValue ShiftLeft(in DbValue l, in DbValue r) =>
        l.IsNull || r.IsNull ? DbValue.Null : DbValue.FromInt64(Shift(ToInteger(l), ToInteger(r)));

    public static DbValue ShiftRight(in DbValue l, in DbValue r)
    {
        if (l.IsNull || r.IsNull)
        {
            return DbValue.Null;
        }

        long amount = ToInteger(r);
        return DbValue.FromInt64(Shift(ToInteger(l), amount == long.MinValue ? long.MaxValue : -amount));
    }

    /// <summary>The `||` operator: both operands as text; NULL if either is NULL.</summary>
    public static DbValue Concat(in DbValue l, in DbValue r)
    {
        if (l.IsNull || r.IsNull)
        {
            return DbValue.Null;
        }

        return DbValue.FromText(string.Concat(SqlTextConversion.ToText(l), SqlTextConversion.ToText(r)));
    }

    /// <summary>
    /// The number a value stands for in arithmetic: Integer, Real or Decimal. Booleans are 0/1, text and blobs
    /// their numeric prefix. DateTime and Guid have no numeric reading and raise TypeMismatch.
    /// </summary>
    public static DbValue ToNumber(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Real:
            case DbValueType.Decimal:
                return value;
            case DbValueType.Boolean:
                return DbValue.FromInt64(value.AsInt64());
            case DbValueType.Text:
                return SqlNumberParser.ParsePrefix(value.AsText());
            case DbValueType.Blob:
                return SqlNumberParser.ParsePrefix(System.Text.Encoding.UTF8.GetString(value.AsBlob()));
            case DbValueType.Null:
                return DbValue.Null;
            default:
                throw new SharpCoreDBException(SharpCoreDBErrorCode.TypeMismatch,
                    $"A {value.Type} value cannot be used in arithmetic; use the date/time functions (julianday, unixepoch, datetime with modifiers) instead.");
        }
    }

    /// <summary>The 64-bit integer a value stands for in bitwise operations (reals truncate and saturate).</summary>
    public static long ToInteger(in DbValue value)
    {
        // A text, or a blob read as its text, gives its integer prefix, as SQLite's sqlite3_value_int64 reads both.
        DbValue n = value.Type is DbValueType.Text or DbValueType.Blob
            ? DbValue.FromInt64(SqlNumberParser.ParseIntegerPrefix(SqlTextConversion.ToText(value)!))
            : ToNumber(value);
        return n.Type switch
        {
            DbValueType.Integer => n.AsInt64(),
            DbValueType.Decimal => DecimalToInt64(n.AsDecimal()),
            DbValueType.Null => 0,
            _ => DoubleToInt64(n.AsDouble()),
        };
    }

    /// <summary>SQLite's double to integer: truncation, saturating at the 64-bit limits.</summary>
    public static long DoubleToInt64(double d)
    {
        if (d <= -9223372036854775808.0)
        {
            return long.MinValue;
        }

        if (d >= 9223372036854775808.0)
        {
            return long.MaxValue;
        }

        return double.IsNaN(d) ? 0 : (long)d;
    }

    /// <summary>Truncation toward zero, saturating at the 64-bit limits.</summary>
    public static long DecimalToInt64(decimal x)
    {
        decimal t = decimal.Truncate(x);
        return t <= long.MinValue ? long.MinValue : t >= long.MaxValue ? long.MaxValue : (long)t;
    }

    /// <summary>A double for any number kind.</summary>
    public static double ToDouble(in DbValue number) => number.Type switch
    {
        DbValueType.Integer or DbValueType.Boolean => number.AsInt64(),
        DbValueType.Decimal => (double)number.AsDecimal(),
        DbValueType.Real => number.AsDouble(),
        _ => ToDouble(ToNumber(number)),
    };

    internal static SharpCoreDBException Overflow() => new(SharpCoreDBErrorCode.ArithmeticOverflow, "integer overflow");

    private static long Shift(long value, long amount)
    {
        if (amount >= 64)
        {
            return 0;
        }

        if (amount <= -64)
        {
            return value < 0 ? -1 : 0;
        }

        return amount >= 0 ? value << (int)amount : value >> (int)-amount;
    }

    private static DbValue Binary(in DbValue left, in DbValue right, Op op)
    {
        if (left.IsNull || right.IsNull)
        {
            return DbValue.Null;
        }

        DbValue l = ToNumber(left);
        DbValue r = ToNumber(right);
        if (l.Type == DbValueType.Integer && r.Type == DbValueType.Integer)
        {
            return Integers(l.AsInt64(), r.AsInt64(), op);
        }

        if (l.Type != DbValueType.Real && r.Type != DbValueType.Real)
        {
            // Decimal with decimal or integer: exact.
            return Decimals(ToDecimal(l), ToDecimal(r), op);
        }

        if (op == Op.Remainder)
        {
            // SQLite: both operands as 64-bit integers (text by its integer prefix), the remainder as a real.
            long ia = ToInteger(left);
            long ib = ToInteger(right);
            return ib == 0 ? DbValue.Null : DbValue.FromDouble(ib == -1 ? 0 : ia % ib);
        }

        return Reals(ToDouble(l), ToDouble(r), op);
    }

    private static decimal ToDecimal(in DbValue number) => number.Type == DbValueType.Decimal ? number.AsDecimal() : number.AsInt64();

    private static DbValue Integers(long a, long b, Op op)
    {
        long result;
        switch (op)
        {
            case Op.Add:
                result = a + b;
                if (((a ^ result) & (b ^ result)) < 0)
                {
                    return DbValue.FromDouble((double)a + b);
                }

                return DbValue.FromInt64(result);
            case Op.Subtract:
                result = a - b;
                if (((a ^ b) & (a ^ result)) < 0)
                {
                    return DbValue.FromDouble((double)a - b);
                }

                return DbValue.FromInt64(result);
            case Op.Multiply:
                long high = Math.BigMul(a, b, out long low);
                if ((high != 0 || low < 0) && (high != -1 || low >= 0))
                {
                    return DbValue.FromDouble((double)a * b);
                }

                return DbValue.FromInt64(low);
            case Op.Divide:
                if (b == 0)
                {
                    return DbValue.Null;
                }

                if (a == long.MinValue && b == -1)
                {
                    return DbValue.FromDouble(-(double)a);
                }

                return DbValue.FromInt64(a / b);
            default:
                if (b == 0)
                {
                    return DbValue.Null;
                }

                return DbValue.FromInt64(b == -1 ? 0 : a % b);
        }
    }

    /// <summary>+, -, * and / of reals (the remainder never gets here).</summary>
    private static DbValue Reals(double a, double b, Op op) => op switch
    {
        Op.Add => DbValue.FromDouble(a + b),
        Op.Subtract => DbValue.FromDouble(a - b),
        Op.Multiply => DbValue.FromDouble(a * b),
        _ => b == 0 ? DbValue.Null : DbValue.FromDouble(a / b),
    };

    private static DbValue Decimals(decimal a, decimal b, Op op)
    {
        try
        {
            return op switch
            {
                Op.Add => DbValue.FromDecimal(a + b),
                Op.Subtract => DbValue.FromDecimal(a - b),
                Op.Multiply => DbValue.FromDecimal(a * b),
                Op.Divide => b == 0 ? DbValue.Null : DbValue.FromDecimal(a / b),
                _ => b == 0 ? DbValue.Null : DbValue.FromDecimal(a % b),
            };
        }
        catch (OverflowException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, "decimal overflow");
        }
    }
}
