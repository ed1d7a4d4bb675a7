// Generated columns (`[GENERATED ALWAYS] AS (expr) [STORED | VIRTUAL]`) as a table
// declares them: SQLite's rules, checked when the table is created, with its
// messages, and the order their values are computed in (a column that reads another
// generated column comes after it). Both kinds are computed when a row is written
// and stored with it (DmlPlan, TableStore.Generate); VIRTUAL differs from SQLite
// only in taking space in the file.
namespace SharpCoreDB.Catalog;

/// <summary>Checks generated columns and orders them.</summary>
internal static class GeneratedColumns
{
    /// <summary>The generated columns' ordinals in the order their values are computed (empty when there are none).</summary>
    public static int[] Order(CreateTableStatement definition, IReadOnlyCollection<int> primaryKey)
    {
        SqlList<ColumnDefinition> columns = definition.Columns;
        var expressions = new Expression?[columns.Count];
        for (int i = 0; i < columns.Count; i++)
        {
            if (columns[i].Constraints.OfType<GeneratedColumnConstraint>().FirstOrDefault() is not { } generated)
            {
                continue;
            }

            if (columns[i].Constraints.Any(c => c is DefaultColumnConstraint))
            {
                throw Error("cannot use DEFAULT on a generated column");
            }

            if (primaryKey.Contains(i))
            {
                throw Error("generated columns cannot be part of the PRIMARY KEY");
            }

            Check(generated.Expression, definition);
            expressions[i] = generated.Expression;
        }

        if (expressions.All(e => e is null))
        {
            return [];
        }

        if (expressions.All(e => e is not null))
        {
            throw Error("must have at least one non-generated column");
        }

        var order = new List<int>();
        var state = new int[columns.Count]; // 0 not visited, 1 being ordered, 2 ordered
        for (int i = 0; i < columns.Count; i++)
        {
            Visit(i, i, definition, expressions, state, order);
        }

        return [.. order];
    }

    // Depth-first: the generated columns an expression reads come before it; meeting a column being ordered is a loop,
    // reported (as SQLite does) on the column whose expression closed it.
    private static void Visit(int column, int reader, CreateTableStatement definition, Expression?[] expressions, int[] state, List<int> order)
    {
        if (expressions[column] is not { } expression || state[column] == 2)
        {
            return;
        }

        if (state[column] == 1)
        {
            throw Error($"generated column loop on \"{definition.Columns[reader].Name}\"");
        }

        state[column] = 1;
        for (int other = 0; other < expressions.Length; other++)
        {
            if (expressions[other] is not null && ExpressionWalker.NamesColumn(expression, definition.Columns[other].Name))
            {
                Visit(other, column, definition, expressions, state, order);
            }
        }

        state[column] = 2;
        order.Add(column);
    }

    private static void Check(Expression expression, CreateTableStatement definition) =>
        RowExpressionRules.Check(expression, "generated columns", reference =>
            reference.Table is not null ? "the \".\" operator prohibited in generated columns"
            : definition.Columns.Any(c => string.Equals(c.Name, reference.Column, StringComparison.OrdinalIgnoreCase)) ? null
            : $"no such column: {reference.Column}");

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
