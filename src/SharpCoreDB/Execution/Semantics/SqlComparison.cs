// The comparison operators with SQLite's type-affinity rules
// (docs/sql-semantics.md "Comparison"). Before comparing, each operand may be
// converted according to the affinities of both sides:
//   - both sides have an affinity (BLOB counts, NONE does not): if either is
//     numeric-like (INTEGER, REAL, NUMERIC, DECIMAL, BOOLEAN, DATETIME) that
//     affinity is applied to text operands, otherwise nothing is converted;
//   - only one side has an affinity: it is applied to the other operand.
// Numeric affinity turns a text that is a whole number into that number; TEXT
// affinity turns a number into text when the other operand is text. The
// operands are then compared in the DbValue total order (NULL aside): numbers
// by exact value, then date-times, then text (by code point, or by the
// comparison's collation: TextCollation), guids, blobs.

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Three-valued comparisons of SQL values.</summary>
internal static class SqlComparison
{
    private static readonly DbValue True = DbValue.FromInt64(1);
    private static readonly DbValue False = DbValue.FromInt64(0);

    /// <summary>Negative, zero or positive after applying affinities; null when either side is NULL.</summary>
    public static int? Compare(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null)
    {
        if (l.IsNull || r.IsNull)
        {
            return null;
        }

        return CompareNonNull(l, la, r, ra, collation ?? TextCollation.Binary);
    }

    public static DbValue Equal(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c == 0);

    public static DbValue NotEqual(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c != 0);

    public static DbValue Less(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c < 0);

    public static DbValue LessOrEqual(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c <= 0);

    public static DbValue Greater(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c > 0);

    public static DbValue GreaterOrEqual(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        Result(Compare(l, la, r, ra, collation), static c => c >= 0);

    /// <summary>`l IS r`: like =, but NULL IS NULL is true and NULL IS x is false; never NULL.</summary>
    public static DbValue Is(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        IsSame(l, la, r, ra, collation) ? True : False;

    /// <summary>`l IS NOT r`: the negation of IS; never NULL.</summary>
    public static DbValue IsNot(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation = null) =>
        IsSame(l, la, r, ra, collation) ? False : True;

    /// <summary>The affinity applied to both operands of a comparison of sides with affinities <paramref name="la"/> and <paramref name="ra"/>.</summary>
    public static SqlTypeAffinity ComparisonAffinity(SqlTypeAffinity la, SqlTypeAffinity ra)
    {
        if (la != SqlTypeAffinity.None && ra != SqlTypeAffinity.None)
        {
            if (IsSpecial(la))
            {
                return la;
            }

            if (IsSpecial(ra))
            {
                return ra;
            }

            return SqlAffinity.IsNumericClass(la) || SqlAffinity.IsNumericClass(ra) ? SqlTypeAffinity.Numeric : SqlTypeAffinity.None;
        }

        return la == SqlTypeAffinity.None ? ra : la;
    }

    private static bool IsSpecial(SqlTypeAffinity a) => a is SqlTypeAffinity.Decimal or SqlTypeAffinity.DateTime or SqlTypeAffinity.Boolean;

    private static bool IsSame(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation? collation)
    {
        if (l.IsNull || r.IsNull)
        {
            return l.IsNull && r.IsNull;
        }

        return CompareNonNull(l, la, r, ra, collation ?? TextCollation.Binary) == 0;
    }

    private static int CompareNonNull(in DbValue l, SqlTypeAffinity la, in DbValue r, SqlTypeAffinity ra, TextCollation collation)
    {
        SqlTypeAffinity affinity = ComparisonAffinity(la, ra);
        if (affinity == SqlTypeAffinity.None || affinity == SqlTypeAffinity.Blob
            || (l.Type != DbValueType.Text && r.Type != DbValueType.Text))
        {
            return collation.Compare(l, r);
        }

        if (affinity == SqlTypeAffinity.Text)
        {
            // Only a number (or other non-text value) compared with a text becomes text.
            DbValue a = l.Type is DbValueType.Text or DbValueType.Blob ? l : DbValue.FromText(SqlTextConversion.ToText(l)!);
            DbValue b = r.Type is DbValueType.Text or DbValueType.Blob ? r : DbValue.FromText(SqlTextConversion.ToText(r)!);
            return collation.Compare(a, b);
        }

        DbValue x = l.Type == DbValueType.Text ? ApplyNumeric(l, affinity) : l;
        DbValue y = r.Type == DbValueType.Text ? ApplyNumeric(r, affinity) : r;
        return collation.Compare(x, y);
    }

    private static DbValue ApplyNumeric(in DbValue text, SqlTypeAffinity affinity)
    {
        string s = text.AsText();
        switch (affinity)
        {
            case SqlTypeAffinity.DateTime:
                if (SqlDateTimeText.TryParse(s, out long ticks))
                {
                    return DbValue.FromDateTimeTicks(ticks);
                }

                break;
            case SqlTypeAffinity.Boolean:
                if (SqlAffinity.TryParseBoolean(s, out bool b))
                {
                    return DbValue.FromBoolean(b);
                }

                break;
            case SqlTypeAffinity.Decimal:
                if (SqlNumberParser.TryParseDecimalWhole(s, out decimal d))
                {
                    return DbValue.FromDecimal(d);
                }

                break;
        }

        return SqlNumberParser.TryParseWhole(s, out DbValue number) ? number : text;
    }

    private static DbValue Result(int? comparison, Func<int, bool> test) =>
        comparison is null ? DbValue.Null : test(comparison.Value) ? True : False;
}
