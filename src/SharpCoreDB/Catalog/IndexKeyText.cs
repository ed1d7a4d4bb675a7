// The text by which two expressions over one table's row are recognised as the same:
// an index on `lower(name)` serves `WHERE lower(p.name) = ?`, and a partial index
// `WHERE deleted = 0` serves a query whose WHERE has `t.deleted = 0`. Column
// references become the column's ordinal (so qualifiers, quoting and case do not
// matter, and a rowid alias is the rowid) and function names are folded to lower
// case; everything else must be written the same. SQLite compares expression trees
// the same way: it does no algebra, so `x + 1` and `1 + x` are different keys.
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Catalog;

/// <summary>Canonical text of an expression over one table's columns.</summary>
internal static class IndexKeyText
{
    /// <summary>
    /// The canonical text of <paramref name="expression"/>, or null when a column reference does not resolve to the
    /// table (<paramref name="ordinal"/> answers null) or the expression reads something other than the row.
    /// </summary>
    public static string? Of(Expression expression, TableSchema table, Func<ColumnReference, int?> ordinal)
    {
        bool resolved = true;
        Expression canonical = Canonical(expression);
        return resolved ? SqlText.Of(canonical) : null;

        Expression Canonical(Expression e)
        {
            switch (e)
            {
                case ColumnReference reference:
                    int? found = ordinal(reference);
                    resolved &= found is not null;
                    int column = found is { } o && o == table.RowIdColumn ? TableSchema.RowIdOrdinal : found ?? 0;
                    return new ColumnReference(null, null, "#" + column.ToString(System.Globalization.CultureInfo.InvariantCulture));
                case SubqueryExpression or ExistsExpression or InExpression { Subquery: not null } or ParameterExpression:
                    resolved = false;
                    return e;
                case FunctionCallExpression call:
                    return call with { Name = call.Name.ToLowerInvariant(), Arguments = [.. call.Arguments.Select(Canonical)] };
                default:
                    return ExpressionWalker.Rewrite(e, child => ReferenceEquals(child, e) ? null : Canonical(child));
            }
        }
    }

    /// <summary>The ordinal of <paramref name="reference"/> among <paramref name="table"/>'s columns (unqualified or qualified by its name; the rowid names count).</summary>
    public static int? OrdinalIn(TableSchema table, ColumnReference reference)
    {
        if (reference.Table is { } qualifier && !string.Equals(qualifier, table.Name, StringComparison.OrdinalIgnoreCase))
        {
            return null;
        }

        int column = table.FindColumn(reference.Column);
        return column >= 0 ? column : TableSchema.IsRowIdName(reference.Column) ? TableSchema.RowIdOrdinal : null;
    }
}
