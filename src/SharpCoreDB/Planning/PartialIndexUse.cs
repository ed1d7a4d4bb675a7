// Which partial indexes a query may read a table through: those whose WHERE the
// query's own conditions imply, by SQLite's documented rule (sqlite.org/partialindex.html).
// The query's conditions on the table are AND-ed terms W, the index's WHERE is AND-ed
// terms, each of which must be implied: a term is implied when it is one of W's terms
// (compared as IndexKeyText: same columns, same text), when it is OR-ed terms one of
// which is one of W's, or when it is `z IS NOT NULL` and a term of W compares z with
// =, <>, <, <=, >, >=, BETWEEN or IN (none of which is true for a NULL z). No algebra:
// `x > 5` does not imply `x > 0`. A LEFT JOIN's right table counts only its ON terms,
// since its WHERE terms are checked after the join has NULL-filled a missing match.
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Planning;

/// <summary>Decides which partial indexes of a relation a query may use.</summary>
internal static class PartialIndexUse
{
    /// <summary>The partial indexes of <paramref name="relation"/>'s table that <paramref name="terms"/> imply.</summary>
    public static HashSet<IndexSchema> Implied(Relation relation, IEnumerable<Expression> terms, Func<ColumnReference, int?> ordinal)
    {
        TableSchema table = relation.Table!;
        var usable = new HashSet<IndexSchema>();
        if (!table.Indexes.Any(i => i.IsPartial))
        {
            return usable;
        }

        var texts = new HashSet<string>(StringComparer.Ordinal);
        var notNull = new HashSet<int>();
        foreach (Expression term in terms)
        {
            if (IndexKeyText.Of(term, table, ordinal) is { } text)
            {
                texts.Add(text);
            }

            foreach (Expression operand in Compared(term))
            {
                if (operand is ColumnReference reference && ordinal(reference) is int column)
                {
                    notNull.Add(column == table.RowIdColumn ? TableSchema.RowIdOrdinal : column);
                }
            }
        }

        foreach (IndexSchema index in table.Indexes.Where(i => i.IsPartial))
        {
            var required = new List<Expression>();
            RowValues.Conjuncts(index.Where, required);
            Func<ColumnReference, int?> own = r => IndexKeyText.OrdinalIn(table, r);
            if (required.All(term => Implies(term, table, own, texts, notNull)))
            {
                usable.Add(index);
            }
        }

        return usable;
    }

    private static bool Implies(Expression term, TableSchema table, Func<ColumnReference, int?> own, HashSet<string> texts, HashSet<int> notNull)
    {
        if (IndexKeyText.Of(term, table, own) is { } text && texts.Contains(text))
        {
            return true;
        }

        if (term is BinaryExpression { Operator: BinaryOperator.Or } or)
        {
            return Implies(or.Left, table, own, texts, notNull) || Implies(or.Right, table, own, texts, notNull);
        }

        return term is IsExpression { Negated: true, Right: NullLiteral, Left: ColumnReference reference }
            && own(reference) is int column
            && notNull.Contains(column == table.RowIdColumn ? TableSchema.RowIdOrdinal : column);
    }

    // The operands a term is false or NULL for when they are NULL: both sides of a comparison other than IS, the
    // operand of BETWEEN and of IN.
    private static IEnumerable<Expression> Compared(Expression term) => term switch
    {
        BinaryExpression
        {
            Operator: BinaryOperator.Equal or BinaryOperator.NotEqual or BinaryOperator.Less or BinaryOperator.LessOrEqual
            or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual,
        } b => [b.Left, b.Right],
        BetweenExpression between => [between.Operand],
        InExpression { Negated: false } inExpression => [inExpression.Operand],
        _ => [],
    };
}
