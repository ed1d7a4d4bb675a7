// ALTER TABLE DROP COLUMN, with SQLite's rules and messages: a PRIMARY KEY or UNIQUE
// column cannot be dropped, nor the only column, nor one an index, a CHECK of the
// table (other than the column's own), a FOREIGN KEY list of the table, a view or a
// trigger names. The column's own constraints (its CHECK, its REFERENCES) go with
// it. Every row is rewritten without the column's value, so records stay positional;
// indexes keep their entries (their columns are found again by name).
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

internal static partial class TableAlterer
{
    private static void DropColumn(WriteTransaction tx, SchemaCatalog catalog, TableSchema table, string name)
    {
        int ordinal = table.FindColumn(name);
        if (ordinal < 0)
        {
            throw Error($"no such column: \"{name}\"");
        }

        ColumnSchema column = table.Columns[ordinal];
        if (column.IsPrimaryKey)
        {
            throw Error($"cannot drop PRIMARY KEY column: \"{column.Name}\"");
        }

        if (table.Indexes.Any(i => i.Sql is null && i.Columns.Contains(ordinal)))
        {
            throw Error($"cannot drop UNIQUE column: \"{column.Name}\"");
        }

        if (table.Columns.Count == 1)
        {
            throw Error($"cannot drop column \"{column.Name}\": no other columns exist");
        }

        RefuseUses(catalog, table, ordinal);
        CreateTableStatement definition = table.Definition with
        {
            Columns = [.. table.Definition.Columns.Where((_, i) => i != ordinal)],
        };
        RewriteRows(tx, table, table.Columns.Count - 1, (old, row) =>
        {
            old.AsSpan(0, ordinal).CopyTo(row);
            old.AsSpan(ordinal + 1).CopyTo(row.AsSpan(ordinal));
        });
        Rewrite(tx, table, definition, table.Name);
    }

    // The parts of the schema that would name a column that is gone, each with SQLite's message.
    private static void RefuseUses(SchemaCatalog catalog, TableSchema table, int ordinal)
    {
        string name = table.Columns[ordinal].Name;
        foreach (IndexSchema index in table.Indexes.Where(i => i.Sql is not null && (i.Columns.Contains(ordinal)
            || i.KeyExpressions.Any(e => e is not null && ExpressionWalker.NamesColumn(e, name)) || (i.Where is { } w && ExpressionWalker.NamesColumn(w, name)))))
        {
            throw Error($"error in index {index.Name} after drop column: no such column: {name}");
        }

        if (table.Columns.Where((_, i) => i != ordinal).All(c => c.Generated is not null))
        {
            throw Error($"error in table {table.Name} after drop column: must have at least one non-generated column");
        }

        bool inChecks = table.Definition.Constraints.OfType<CheckTableConstraint>().Any(c => ExpressionWalker.NamesColumn(c.Condition, name))
            || table.Definition.Columns.Where((_, i) => i != ordinal)
                .Any(c => c.Constraints.OfType<CheckColumnConstraint>().Any(k => ExpressionWalker.NamesColumn(k.Condition, name))
                    || c.Constraints.OfType<GeneratedColumnConstraint>().Any(g => ExpressionWalker.NamesColumn(g.Expression, name)));
        if (inChecks)
        {
            throw Error($"error in table {table.Name} after drop column: no such column: {name}");
        }

        if (table.Definition.Constraints.OfType<ForeignKeyTableConstraint>().Any(f => f.Columns.Any(c => Same(c, name))))
        {
            throw Error($"error in table {table.Name} after drop column: unknown column \"{name}\" in foreign key definition");
        }

        // Views and triggers keep their SQL as written: one that mentions the name is refused (it may mean the column).
        foreach (ViewSchema view in catalog.Views.OrderBy(v => v.CatalogId).Where(v => Mentions(v.Sql, name)))
        {
            throw Error($"error in view {view.Name} after drop column: it mentions {name}");
        }

        RefuseTriggerText(catalog, name, $"cannot drop column {name}");
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
