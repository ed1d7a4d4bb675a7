// Turns a CREATE TABLE statement into a TableSchema: column affinities, the rowid
// alias (a column declared exactly INTEGER PRIMARY KEY, as in SQLite), NOT NULL,
// DEFAULT and CHECK constraints, generated columns (GeneratedColumns), and the list
// of unique keys (PRIMARY KEY other than the rowid, UNIQUE) that need an index each.

namespace SharpCoreDB.Catalog;

/// <summary>Reads table definitions.</summary>
internal static class TableSchemaBuilder
{
    /// <summary>
    /// The schema of <paramref name="definition"/> (without indexes) and the unique keys it declares. A CREATE TABLE being
    /// run passes its connection's <paramref name="registered"/> collations, which with the built-in ones are all it may
    /// name; a definition read back from the file passes none and may name any.
    /// </summary>
    public static TableSchema Build(CreateTableStatement definition, uint rootPage, long catalogId, out List<UniqueKey> uniqueKeys,
        ApplicationCollations? registered = null)
    {
        string tableName = definition.Name.Name;
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (ColumnDefinition column in definition.Columns)
        {
            if (!names.Add(column.Name))
            {
                throw Error($"duplicate column name: {column.Name}");
            }
        }

        int pkCount = 0;
        var pkColumns = new List<int>();
        var pkCollations = new List<string?>();
        bool autoIncrement = false;
        uniqueKeys = [];
        var checks = new List<CheckConstraint>();
        for (int i = 0; i < definition.Columns.Count; i++)
        {
            foreach (ColumnConstraint constraint in definition.Columns[i].Constraints)
            {
                switch (constraint)
                {
                    case PrimaryKeyColumnConstraint pk:
                        pkCount++;
                        pkColumns.Add(i);
                        pkCollations.Add(null);
                        autoIncrement |= pk.Autoincrement;
                        break;
                    case UniqueColumnConstraint:
                        uniqueKeys.Add(new UniqueKey([i], [null], IsPrimaryKey: false));
                        break;
                    case CheckColumnConstraint check:
                        checks.Add(new CheckConstraint(check.Name, check.Condition));
                        break;
                }
            }
        }

        foreach (TableConstraint constraint in definition.Constraints)
        {
            switch (constraint)
            {
                case PrimaryKeyTableConstraint pk:
                    pkCount++;
                    pkColumns.AddRange(Ordinals(definition, pk.Columns, registered));
                    pkCollations.AddRange(pk.Columns.Select(c => c.Collation));

                    break;
                case UniqueTableConstraint unique:
                    uniqueKeys.Add(new UniqueKey(Ordinals(definition, unique.Columns, registered), [.. unique.Columns.Select(c => c.Collation)], IsPrimaryKey: false));
                    break;
                case CheckTableConstraint check:
                    checks.Add(new CheckConstraint(check.Name, check.Condition));
                    break;
            }
        }

        if (pkCount > 1)
        {
            throw Error($"table \"{tableName}\" has more than one primary key");
        }

        int rowId = -1;
        if (pkColumns.Count == 1 && definition.Columns[pkColumns[0]].Type is { } type
            && string.Equals(type.Text.Trim(), "INTEGER", StringComparison.OrdinalIgnoreCase))
        {
            rowId = pkColumns[0];
        }
        else if (autoIncrement)
        {
            throw Error("AUTOINCREMENT is only allowed on an INTEGER PRIMARY KEY");
        }
        else if (pkColumns.Count > 0)
        {
            uniqueKeys.Insert(0, new UniqueKey([.. pkColumns], [.. pkCollations], IsPrimaryKey: true));
        }

        var columns = new List<ColumnSchema>(definition.Columns.Count);
        for (int i = 0; i < definition.Columns.Count; i++)
        {
            ColumnDefinition column = definition.Columns[i];
            bool notNull = false;
            bool unique = false;
            Expression? defaultValue = null;
            string? collation = null;
            foreach (ColumnConstraint constraint in column.Constraints)
            {
                switch (constraint)
                {
                    case NotNullColumnConstraint:
                        notNull = true;
                        break;
                    case UniqueColumnConstraint:
                        unique = true;
                        break;
                    case DefaultColumnConstraint def:
                        defaultValue = def.Value;
                        break;
                    case CollateColumnConstraint collate:
                        Collations.Check(collate.Collation, registered);
                        collation = collate.Collation;
                        break;
                }
            }

            bool isPk = pkColumns.Contains(i);
            unique |= isPk && pkColumns.Count == 1;
            columns.Add(new ColumnSchema(column.Name, i, column.Type?.Text, column.Type?.Affinity ?? SqlTypeAffinity.None,
                notNull, isPk, isPk && autoIncrement, unique, defaultValue, collation)
            {
                Generated = column.Constraints.OfType<GeneratedColumnConstraint>().FirstOrDefault()?.Expression,
            });
        }

        return new TableSchema(tableName, columns, rowId, autoIncrement, checks, definition, rootPage, catalogId, [])
        {
            GeneratedOrder = GeneratedColumns.Order(definition, pkColumns),
            ForeignKeys = ForeignKeySchema.Build(definition, name => names.Contains(name) ? Ordinal(definition, name) : -1),
        };
    }

    private static int[] Ordinals(CreateTableStatement definition, SqlList<IndexedColumn> columns, ApplicationCollations? registered)
    {
        int[] result = new int[columns.Count];
        for (int i = 0; i < result.Length; i++)
        {
            result[i] = Ordinal(definition, columns[i].Name);
            if (columns[i].Collation is { } collation)
            {
                Collations.Check(collation, registered);
            }
        }

        return result;
    }

    private static int Ordinal(CreateTableStatement definition, string name)
    {
        for (int i = 0; i < definition.Columns.Count; i++)
        {
            if (string.Equals(definition.Columns[i].Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        throw Error($"no such column: {name}");
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}

/// <summary>A PRIMARY KEY or UNIQUE constraint's columns, each with the COLLATE it names (null: the column's own).</summary>
internal sealed record UniqueKey(int[] Columns, string?[] Collations, bool IsPrimaryKey);
