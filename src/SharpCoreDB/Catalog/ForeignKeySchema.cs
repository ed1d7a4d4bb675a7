// A foreign key as the engine enforces it: which columns of the child table
// (the table that declares it) must match which key of the parent table, and
// what a parent change does to the children. Read from the CREATE TABLE text
// like every other constraint, so it needs no catalog records of its own.
//
// The parent is named, not resolved: SQLite lets a table refer to a parent that
// does not exist yet (or any more), and reports a missing parent or a parent key
// that is not PRIMARY KEY/UNIQUE only when a statement needs it. The ids follow
// SQLite's PRAGMA foreign_key_list: the last declared key is id 0.
namespace SharpCoreDB.Catalog;

/// <summary>One FOREIGN KEY constraint of a child table; <c>ParentColumns</c> as written, empty for the parent's PRIMARY KEY.</summary>
internal sealed record ForeignKeySchema(
    int Id,
    string? Name,
    string ChildTable,
    int[] ChildColumns,
    string[] ChildColumnNames,
    string ParentTable,
    string[] ParentColumns,
    ForeignKeyAction OnDelete,
    ForeignKeyAction OnUpdate,
    bool IsDeferred,
    string? Match)
{
    /// <summary>True when the parent is the child table itself (a tree of rows).</summary>
    public bool IsSelfReference => string.Equals(ChildTable, ParentTable, StringComparison.OrdinalIgnoreCase);

    /// <summary>The foreign keys <paramref name="definition"/> declares, in SQLite's id order.</summary>
    public static IReadOnlyList<ForeignKeySchema> Build(CreateTableStatement definition, Func<string, int> ordinal)
    {
        var declared = new List<(string? Name, int[] Columns, ForeignKeyClause References)>();
        for (int i = 0; i < definition.Columns.Count; i++)
        {
            foreach (ColumnConstraint constraint in definition.Columns[i].Constraints)
            {
                if (constraint is ForeignKeyColumnConstraint column)
                {
                    if (column.References.ParentColumns.Count > 1)
                    {
                        throw Error($"foreign key on {definition.Columns[i].Name} should reference only one column of table {column.References.ParentTable}");
                    }

                    declared.Add((column.Name, [i], column.References));
                }
            }
        }

        foreach (TableConstraint constraint in definition.Constraints)
        {
            if (constraint is not ForeignKeyTableConstraint table)
            {
                continue;
            }

            if (table.References.ParentColumns.Count > 0 && table.References.ParentColumns.Count != table.Columns.Count)
            {
                throw Error("number of columns in foreign key does not match the number of columns in the referenced table");
            }

            var columns = new int[table.Columns.Count];
            for (int c = 0; c < columns.Length; c++)
            {
                columns[c] = ordinal(table.Columns[c]);
                if (columns[c] < 0)
                {
                    throw Error($"unknown column \"{table.Columns[c]}\" in foreign key definition");
                }
            }

            declared.Add((table.Name, columns, table.References));
        }

        var keys = new ForeignKeySchema[declared.Count];
        for (int i = 0; i < keys.Length; i++)
        {
            (string? name, int[] columns, ForeignKeyClause references) = declared[i];
            int id = keys.Length - 1 - i;
            keys[id] = new ForeignKeySchema(id, name, definition.Name.Name, columns,
                Array.ConvertAll(columns, c => definition.Columns[c].Name), references.ParentTable, [.. references.ParentColumns],
                references.OnDelete ?? ForeignKeyAction.NoAction, references.OnUpdate ?? ForeignKeyAction.NoAction, references.IsDeferred, references.Match);
        }

        return keys;
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
