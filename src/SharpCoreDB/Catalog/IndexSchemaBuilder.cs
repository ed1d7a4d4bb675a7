// Turns a CREATE INDEX (a user's, or one the catalog derives for PRIMARY KEY and
// UNIQUE) into an IndexSchema: each key a column or an expression over the row, the
// collation and affinity each key's values carry, and a partial index's WHERE.
// Expressions follow SQLite's rules (RowExpressionRules): an index key may not use
// the "." operator or the rowid; a WHERE may name the table and the rowid.
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Catalog;

/// <summary>Builds index schemas from their SQL.</summary>
internal static class IndexSchemaBuilder
{
    private const string KeyPlace = "index expressions";
    private const string WherePlace = "partial index WHERE clauses";

    /// <summary>
    /// An IndexSchema for <paramref name="create"/> on <paramref name="table"/>. A CREATE INDEX being run passes its
    /// connection's <paramref name="registered"/> collations, which with the built-in ones are all it may name; an
    /// index read back from the file passes none and may name any.
    /// </summary>
    public static IndexSchema Build(CreateIndexStatement create, TableSchema table, uint root, long id, bool primaryKey,
        ApplicationCollations? registered = null)
    {
        int n = create.Columns.Count;
        int[] columns = new int[n];
        var collations = new TextCollation[n];
        var affinities = new SqlTypeAffinity[n];
        bool anyExpression = create.Columns.Any(c => c.Expression is not null);
        var expressions = anyExpression ? new Expression?[n] : [];
        var texts = anyExpression ? new string?[n] : [];
        for (int i = 0; i < n; i++)
        {
            IndexedColumn key = create.Columns[i];
            TextCollation? named = key.Collation is { } collation ? Collations.Check(collation, registered) : null;
            if (key.Expression is { } expression)
            {
                RowExpressionRules.Check(expression, KeyPlace, reference =>
                    reference.Table is not null ? $"the \".\" operator prohibited in {KeyPlace}"
                    : table.FindColumn(reference.Column) >= 0 ? null : $"no such column: {reference.Column}");
                columns[i] = IndexSchema.ExpressionColumn;
                expressions[i] = expression;
                texts[i] = IndexKeyText.Of(expression, table, r => IndexKeyText.OrdinalIn(table, r));
                collations[i] = named ?? ExplicitCollation(expression, registered) ?? ColumnCollation(expression, table) ?? TextCollation.Binary;
                affinities[i] = Affinity(expression, table);
                continue;
            }

            columns[i] = table.FindColumn(key.Name);
            if (columns[i] < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such column: {key.Name}");
            }

            collations[i] = named ?? table.Columns[columns[i]].Collating;
            affinities[i] = table.Columns[columns[i]].Affinity;
        }

        if (create.Where is { } where)
        {
            RowExpressionRules.Check(where, WherePlace, reference =>
                IndexKeyText.OrdinalIn(table, reference) is null ? $"no such column: {SqlText.Of(reference)}" : null);
        }

        return new IndexSchema(create.Name.Name, table.Name, columns, create.Unique, primaryKey, root, SqlText.Of(create), id)
        {
            Collations = collations,
            KeyAffinities = affinities,
            KeyExpressions = expressions,
            KeyTexts = texts,
            Where = create.Where,
        };
    }

    // SQLite's affinity of an expression: a column's, a CAST's type's, a COLLATE's operand's; none otherwise.
    private static SqlTypeAffinity Affinity(Expression expression, TableSchema table) => expression switch
    {
        ColumnReference reference when table.FindColumn(reference.Column) is int c and >= 0 => table.Columns[c].Affinity,
        CastExpression cast => cast.Type.Affinity,
        CollateExpression collate => Affinity(collate.Operand, table),
        _ => SqlTypeAffinity.None,
    };

    // A COLLATE written in the expression decides its collation: the left operand's before the right's.
    private static TextCollation? ExplicitCollation(Expression expression, ApplicationCollations? registered) => expression switch
    {
        CollateExpression collate => Collations.Check(collate.Collation, registered),
        CastExpression cast => ExplicitCollation(cast.Operand, registered),
        UnaryExpression unary => ExplicitCollation(unary.Operand, registered),
        BinaryExpression binary => ExplicitCollation(binary.Left, registered) ?? ExplicitCollation(binary.Right, registered),
        _ => null,
    };

    // Without one, a bare column (or a CAST of one) compares by the column's collation.
    private static TextCollation? ColumnCollation(Expression expression, TableSchema table) => expression switch
    {
        ColumnReference reference when table.FindColumn(reference.Column) is int c and >= 0 => table.Columns[c].Collating,
        CastExpression cast => ColumnCollation(cast.Operand, table),
        _ => null,
    };
}
