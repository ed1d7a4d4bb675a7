// When a value counts as true: WHERE, HAVING, CASE WHEN, AND/OR/NOT and CHECK all
// ask this. SQLite's rule: NULL is unknown, a number is true when nonzero, text and
// blobs by their numeric prefix ('1abc' is true, 'abc' false). Our DateTime and
// Guid values, which have no numeric reading, are always true (they are non-NULL).

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Three-valued truth of SQL values.</summary>
internal static class SqlTruth
{
    /// <summary>null for NULL, otherwise whether the value is true.</summary>
    public static bool? IsTrue(in DbValue value)
    {
        switch (value.Type)
        {
            case DbValueType.Null:
                return null;
            case DbValueType.Integer:
            case DbValueType.Boolean:
                return value.AsInt64() != 0;
            case DbValueType.Real:
                return value.AsDouble() != 0;
            case DbValueType.Decimal:
                return value.AsDecimal() != 0;
            case DbValueType.Text:
                return SqlNumberParser.ParseRealPrefix(value.AsText()) != 0;
            case DbValueType.Blob:
                return SqlNumberParser.ParseRealPrefix(System.Text.Encoding.UTF8.GetString(value.AsBlob())) != 0;
            default:
                return true;
        }
    }

    /// <summary>Three-valued AND: false wins over NULL.</summary>
    public static DbValue And(in DbValue l, in DbValue r)
    {
        bool? a = IsTrue(l);
        bool? b = IsTrue(r);
        if (a == false || b == false)
        {
            return DbValue.FromInt64(0);
        }

        return a == true && b == true ? DbValue.FromInt64(1) : DbValue.Null;
    }

    /// <summary>Three-valued OR: true wins over NULL.</summary>
    public static DbValue Or(in DbValue l, in DbValue r)
    {
        bool? a = IsTrue(l);
        bool? b = IsTrue(r);
        if (a == true || b == true)
        {
            return DbValue.FromInt64(1);
        }

        return a == false && b == false ? DbValue.FromInt64(0) : DbValue.Null;
    }

    /// <summary>Three-valued NOT.</summary>
    public static DbValue Not(in DbValue value)
    {
        bool? a = IsTrue(value);
        return a is null ? DbValue.Null : DbValue.FromInt64(a.Value ? 0 : 1);
    }
}
