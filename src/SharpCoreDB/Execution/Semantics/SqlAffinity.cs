// Type affinity: the conversion a value undergoes when it is stored into a column
// of a declared type (docs/sql-semantics.md "Type affinity"). SQLite's rules for
// NONE/BLOB, TEXT, NUMERIC, INTEGER and REAL; our extra BOOLEAN, DATETIME and
// DECIMAL affinities convert what reads unambiguously as such a value and, like
// SQLite, keep anything else as it is rather than failing.

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Applies column affinities to values.</summary>
internal static class SqlAffinity
{
    /// <summary>The value as a column of affinity <paramref name="affinity"/> stores it.</summary>
    public static DbValue Apply(in DbValue value, SqlTypeAffinity affinity)
    {
        if (value.IsNull)
        {
            return value;
        }

        switch (affinity)
        {
            case SqlTypeAffinity.Text:
                return value.Type is DbValueType.Text or DbValueType.Blob ? value : DbValue.FromText(SqlTextConversion.ToText(value)!);
            case SqlTypeAffinity.Numeric:
                return ToNumeric(value, keepDecimal: true);
            case SqlTypeAffinity.Integer:
                return ToNumeric(value, keepDecimal: false);
            case SqlTypeAffinity.Real:
                return ToReal(value);
            case SqlTypeAffinity.Boolean:
                return ToBoolean(value);
            case SqlTypeAffinity.DateTime:
                return value.Type == DbValueType.Text && SqlDateTimeText.TryParse(value.AsText(), out long ticks)
                    ? DbValue.FromDateTimeTicks(ticks)
                    : value;
            case SqlTypeAffinity.Decimal:
                return ToDecimal(value);
            default:
                return value;
        }
    }

    /// <summary>True for the affinities SQLite calls numeric (and our numeric-like extras).</summary>
    public static bool IsNumericClass(SqlTypeAffinity affinity) => affinity is SqlTypeAffinity.Integer or SqlTypeAffinity.Real
        or SqlTypeAffinity.Numeric or SqlTypeAffinity.Decimal or SqlTypeAffinity.Boolean or SqlTypeAffinity.DateTime;

    /// <summary>A real that holds a whole number in the 64-bit range becomes an integer (SQLite's integer affinity).</summary>
    public static bool TryRealToInteger(double d, out long integer)
    {
        integer = 0;
        if (d >= -9223372036854775808.0 && d < 9223372036854775808.0 && Math.Truncate(d) == d)
        {
            integer = (long)d;
            return true;
        }

        return false;
    }

    private static DbValue ToNumeric(in DbValue value, bool keepDecimal)
    {
        switch (value.Type)
        {
            case DbValueType.Text:
                if (SqlNumberParser.TryParseWhole(value.AsText(), out DbValue number))
                {
                    return number.Type == DbValueType.Real && TryRealToInteger(number.AsDouble(), out long whole)
                        ? DbValue.FromInt64(whole)
                        : number;
                }

                return value;
            case DbValueType.Real:
                return TryRealToInteger(value.AsDouble(), out long i) ? DbValue.FromInt64(i) : value;
            case DbValueType.Boolean:
                return DbValue.FromInt64(value.AsInt64());
            case DbValueType.Decimal:
                if (keepDecimal)
                {
                    return value;
                }

                decimal x = value.AsDecimal();
                return decimal.Truncate(x) == x && x >= long.MinValue && x <= long.MaxValue
                    ? DbValue.FromInt64((long)x)
                    : DbValue.FromDouble((double)x);
            default:
                return value;
        }
    }

    private static DbValue ToReal(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Text:
                return SqlNumberParser.TryParseWhole(value.AsText(), out DbValue number)
                    ? DbValue.FromDouble(SqlArithmetic.ToDouble(number))
                    : value;
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return DbValue.FromDouble(value.AsInt64());
            case DbValueType.Decimal:
                return DbValue.FromDouble((double)value.AsDecimal());
            default:
                return value;
        }
    }

    private static DbValue ToBoolean(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Real:
            case DbValueType.Decimal:
                int sign = DbValueOrder.Compare(value, DbValue.FromInt64(0));
                if (sign == 0)
                {
                    return DbValue.FromBoolean(false);
                }

                return DbValueOrder.Compare(value, DbValue.FromInt64(1)) == 0 ? DbValue.FromBoolean(true) : value;
            case DbValueType.Text:
                return TryParseBoolean(value.AsText(), out bool b) ? DbValue.FromBoolean(b) : value;
            default:
                return value;
        }
    }

    /// <summary>'true'/'false' (any case) and the numbers 1/0, white space around allowed.</summary>
    public static bool TryParseBoolean(ReadOnlySpan<char> text, out bool value)
    {
        ReadOnlySpan<char> t = text.Trim(" \t\n\v\f\r");
        if (t.Equals("true", StringComparison.OrdinalIgnoreCase))
        {
            value = true;
            return true;
        }

        if (t.Equals("false", StringComparison.OrdinalIgnoreCase))
        {
            value = false;
            return true;
        }

        if (SqlNumberParser.TryParseWhole(t, out DbValue number))
        {
            if (DbValueOrder.Compare(number, DbValue.FromInt64(0)) == 0)
            {
                value = false;
                return true;
            }

            if (DbValueOrder.Compare(number, DbValue.FromInt64(1)) == 0)
            {
                value = true;
                return true;
            }
        }

        value = false;
        return false;
    }

    private static DbValue ToDecimal(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return DbValue.FromDecimal(value.AsInt64());
            case DbValueType.Real:
                return SqlCast.TryRealToDecimal(value.AsDouble(), out decimal d) ? DbValue.FromDecimal(d) : value;
            case DbValueType.Text:
                return SqlNumberParser.TryParseDecimalWhole(value.AsText(), out decimal x) ? DbValue.FromDecimal(x) : value;
            default:
                return value;
        }
    }
}
