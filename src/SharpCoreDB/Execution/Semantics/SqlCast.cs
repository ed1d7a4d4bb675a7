// CAST(x AS type) (docs/sql-semantics.md "CAST"). SQLite's rules for INTEGER,
// REAL, TEXT, BLOB and NUMERIC targets: text converts by its numeric prefix
// ('12abc' -> 12), reals truncate toward zero and saturate. The target type name
// picks the target by SQLite's affinity rules, so SIGNED/UNSIGNED/BIGINT cast to
// INTEGER and anything unknown to NUMERIC. Our BOOLEAN, DATETIME and DECIMAL
// targets convert what reads as such a value and raise TypeMismatch otherwise;
// DateTime and Guid values have no numeric reading and raise TypeMismatch when
// cast to a number.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Implements CAST.</summary>
internal static class SqlCast
{
    public static DbValue Cast(in DbValue value, TypeName type) => Cast(value, type.Affinity);

    public static DbValue Cast(in DbValue value, SqlTypeAffinity target)
    {
        if (value.IsNull)
        {
            return value;
        }

        switch (target)
        {
            case SqlTypeAffinity.Integer:
                return ToInteger(value);
            case SqlTypeAffinity.Real:
                return DbValue.FromDouble(ToReal(value));
            case SqlTypeAffinity.Text:
                return value.Type == DbValueType.Text ? value : DbValue.FromText(SqlTextConversion.ToText(value)!);
            case SqlTypeAffinity.Blob:
            case SqlTypeAffinity.None:
                return ToBlob(value);
            case SqlTypeAffinity.Numeric:
                return ToNumeric(value);
            case SqlTypeAffinity.Boolean:
                return ToBoolean(value);
            case SqlTypeAffinity.DateTime:
                return ToDateTime(value);
            default:
                return ToDecimal(value);
        }
    }

    /// <summary>The decimal a double holds, by its shortest round-trip text (0.1 becomes 0.1m, not 0.1000000000000000055...).</summary>
    public static bool TryRealToDecimal(double d, out decimal value)
    {
        Span<char> buffer = stackalloc char[40];
        d.TryFormat(buffer, out int written, "R", CultureInfo.InvariantCulture);
        return decimal.TryParse(buffer[..written], NumberStyles.Float, CultureInfo.InvariantCulture, out value);
    }

    private static DbValue ToInteger(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
                return value;
            case DbValueType.Text:
                return TextToInteger(value.AsText());
            case DbValueType.Blob:
                return TextToInteger(Encoding.UTF8.GetString(value.AsBlob()));
            default:
                return DbValue.FromInt64(SqlArithmetic.ToInteger(value));
        }
    }

    /// <summary>SQLite reads the integer prefix only: '12abc' is 12, '1e3' is 1, '2.5' is 2; out of range saturates.</summary>
    private static DbValue TextToInteger(string text) => DbValue.FromInt64(SqlNumberParser.ParseIntegerPrefix(text));

    private static double ToReal(in DbValue value) => value.Type switch
    {
        DbValueType.Text => SqlNumberParser.ParseRealPrefix(value.AsText()),
        DbValueType.Blob => SqlNumberParser.ParseRealPrefix(Encoding.UTF8.GetString(value.AsBlob())),
        _ => SqlArithmetic.ToDouble(SqlArithmetic.ToNumber(value)),
    };

    private static DbValue ToBlob(in DbValue value) => value.Type switch
    {
        DbValueType.Blob => value,
        DbValueType.Guid => DbValue.FromBlob(GuidBytes(value.AsGuid())),
        _ => DbValue.FromBlob(Encoding.UTF8.GetBytes(SqlTextConversion.ToText(value)!)),
    };

    private static byte[] GuidBytes(Guid guid)
    {
        byte[] bytes = new byte[16];
        guid.TryWriteBytes(bytes, bigEndian: true, out _);
        return bytes;
    }

    private static DbValue ToNumeric(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Decimal:
                return value;
            case DbValueType.Boolean:
                return DbValue.FromInt64(value.AsInt64());
            case DbValueType.Real:
                return value;
            case DbValueType.Text:
            case DbValueType.Blob:
                string text = value.Type == DbValueType.Text ? value.AsText() : Encoding.UTF8.GetString(value.AsBlob());
                DbValue n = SqlNumberParser.ParsePrefix(text);
                // A whole real becomes an integer within SQLite's sqlite3RealSameAsInt bounds, -2^51 to 2^51 (1e16 stays real).
                if (n.Type == DbValueType.Real && SqlAffinity.TryRealToInteger(n.AsDouble(), out long i) && i >= -2251799813685248L && i < 2251799813685248L)
                {
                    return DbValue.FromInt64(i);
                }

                return n;
            default:
                return SqlArithmetic.ToNumber(value);
        }
    }

    private static DbValue ToBoolean(in DbValue value)
    {
        if (value.Type == DbValueType.Text && SqlAffinity.TryParseBoolean(value.AsText(), out bool b))
        {
            return DbValue.FromBoolean(b);
        }

        if (value.Type is DbValueType.DateTime or DbValueType.Guid)
        {
            throw Mismatch(value, "BOOLEAN");
        }

        return DbValue.FromBoolean(SqlTruth.IsTrue(value) == true);
    }

    private static DbValue ToDateTime(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.DateTime:
                return value;
            case DbValueType.Text:
                if (SqlDateTimeText.TryParse(value.AsText(), out long ticks))
                {
                    return DbValue.FromDateTimeTicks(ticks);
                }

                break;
            case DbValueType.Integer:
            case DbValueType.Real:
            case DbValueType.Decimal:
                // A number is a Julian day number, as SQLite's date functions read it.
                if (JulianDay.TryToTicks(SqlArithmetic.ToDouble(value), out long fromJulian))
                {
                    return DbValue.FromDateTimeTicks(fromJulian);
                }

                break;
        }

        throw Mismatch(value, "DATETIME");
    }

    private static DbValue ToDecimal(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Decimal:
                return value;
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return DbValue.FromDecimal(value.AsInt64());
            case DbValueType.Real:
                if (TryRealToDecimal(value.AsDouble(), out decimal d))
                {
                    return DbValue.FromDecimal(d);
                }

                throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, "The real value is out of the DECIMAL range.");
            case DbValueType.Text:
            case DbValueType.Blob:
                string text = value.Type == DbValueType.Text ? value.AsText() : Encoding.UTF8.GetString(value.AsBlob());
                if (SqlNumberParser.TryParseDecimalPrefix(text, out decimal x))
                {
                    return DbValue.FromDecimal(x);
                }

                throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, "The number is out of the DECIMAL range.");
            default:
                throw Mismatch(value, "DECIMAL");
        }
    }

    private static SharpCoreDBException Mismatch(in DbValue value, string target) =>
        new(SharpCoreDBErrorCode.TypeMismatch, $"Cannot cast a {value.Type} value to {target}.");
}
