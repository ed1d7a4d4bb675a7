// ALTER TABLE: ADD COLUMN (the stored CREATE statement changes; with a non-NULL
// DEFAULT, which must be constant as in SQLite, every existing row is rewritten
// with the default appended, so old rows read it like SQLite; without one, old
// records simply read the missing column as NULL), RENAME TO (the table's, its indexes' and its sequence's catalog
// records), RENAME COLUMN (the CREATE statement, its CHECK expressions included, and the indexes' SQL). Foreign keys
// follow both renames as in SQLite: the REFERENCES clauses of every table that names
// the renamed table or column, and the table's own FOREIGN KEY column lists, change too.
// Triggers on the table follow (ON and UPDATE OF); a rename whose old name a trigger's
// WHEN or body mentions is refused (those texts are kept as written). DROP COLUMN is in
// TableAlterer.DropColumn.cs.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>ALTER TABLE execution.</summary>
internal static partial class TableAlterer
{
    public static SchemaCatalog Alter(WriteTransaction tx, SchemaCatalog catalog, AlterTableStatement alter, DdlCompilers compilers)
    {
        TableSchema table = catalog.GetTable(alter.Table.Name);
        switch (alter)
        {
            case AddColumnStatement add:
                {
                    if (table.FindColumn(add.Column.Name) >= 0)
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"duplicate column name: {add.Column.Name}");
                    }

                    foreach (ColumnConstraint c in add.Column.Constraints)
                    {
                        if (c is PrimaryKeyColumnConstraint or UniqueColumnConstraint)
                        {
                            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "Cannot add a PRIMARY KEY or UNIQUE column");
                        }

                        if (c is NotNullColumnConstraint && !HasDefault(add.Column))
                        {
                            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "Cannot add a NOT NULL column with default value NULL");
                        }

                        if (c is CollateColumnConstraint collate)
                        {
                            Collations.Check(collate.Collation, compilers.Collations);
                        }
                    }

                    if (add.Column.Constraints.OfType<GeneratedColumnConstraint>().FirstOrDefault() is { } generated)
                    {
                        // SQLite computes a VIRTUAL column when it is read; here it is computed when a row is written, so
                        // the rows already there would have none: adding one is allowed while the table is empty.
                        if (generated.Stored)
                        {
                            throw Error("cannot add a STORED column");
                        }

                        if (TableTree.Open(tx, table.RootPage).MaxRowId() is not null)
                        {
                            throw Error("cannot add a generated column to a table that has rows (SharpCoreDB stores generated values when rows are written)");
                        }
                    }

                    DbValue fill = ConstantDefault(add.Column, compilers.EvaluateConstant);
                    var definition = table.Definition with { Columns = [.. table.Definition.Columns, add.Column] };
                    Rewrite(tx, table, definition, table.Name);
                    if (!fill.IsNull)
                    {
                        FillColumn(tx, table, table.Columns.Count, SqlAffinity.Apply(fill, add.Column.Type?.Affinity ?? SqlTypeAffinity.None));
                    }
                    break;
                }

            case RenameTableStatement rename:
                {
                    DdlExecutor.RefuseReserved(rename.NewName);
                    if (catalog.NameInUse(rename.NewName))
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"there is already another table or index with this name: {rename.NewName}");
                    }

                    RefuseTriggerText(catalog, table.Name, $"cannot rename table {table.Name}");
                    Rewrite(tx, table, References(table.Definition, table.Name, rename.NewName, null, null) with { Name = new QualifiedName(rename.NewName) }, rename.NewName);
                    RewriteChildren(tx, catalog, table, rename.NewName, null, null);
                    break;
                }

            case RenameColumnStatement renameColumn:
                {
                    int ordinal = table.FindColumn(renameColumn.OldName);
                    if (ordinal < 0)
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such column: \"{renameColumn.OldName}\"");
                    }

                    if (table.FindColumn(renameColumn.NewName) >= 0)
                    {
                        throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"duplicate column name: {renameColumn.NewName}");
                    }

                    RefuseTriggerText(catalog, renameColumn.OldName, $"cannot rename column {renameColumn.OldName}");
                    // CHECK expressions follow the new name too (SQLite rewrites every reference in the schema).
                    string from = renameColumn.OldName, to = renameColumn.NewName;
                    var columns = table.Definition.Columns.Select(c => c with
                    {
                        Constraints = [.. c.Constraints.Select(k => k switch
                        {
                            CheckColumnConstraint check => check with { Condition = ExpressionWalker.RenameColumn(check.Condition, from, to) },
                            GeneratedColumnConstraint generated => generated with { Expression = ExpressionWalker.RenameColumn(generated.Expression, from, to) },
                            _ => k,
                        })],
                    }).ToList();
                    columns[ordinal] = columns[ordinal] with { Name = renameColumn.NewName };
                    var constraints = new List<TableConstraint>();
                    foreach (TableConstraint c in table.Definition.Constraints)
                    {
                        constraints.Add(c switch
                        {
                            PrimaryKeyTableConstraint pk => pk with { Columns = Rename(pk.Columns, renameColumn.OldName, renameColumn.NewName) },
                            UniqueTableConstraint u => u with { Columns = Rename(u.Columns, renameColumn.OldName, renameColumn.NewName) },
                            ForeignKeyTableConstraint f => f with { Columns = [.. f.Columns.Select(n => Same(n, renameColumn.OldName) ? renameColumn.NewName : n)] },
                            CheckTableConstraint check => check with { Condition = ExpressionWalker.RenameColumn(check.Condition, from, to) },
                            _ => c,
                        });
                    }

                    CreateTableStatement renamed = table.Definition with { Columns = [.. columns], Constraints = [.. constraints] };
                    Rewrite(tx, table, References(renamed, table.Name, null, renameColumn.OldName, renameColumn.NewName), table.Name,
                        renameColumn.OldName, renameColumn.NewName);
                    RewriteChildren(tx, catalog, table, null, renameColumn.OldName, renameColumn.NewName);
                    break;
                }

            case DropColumnStatement drop:
                DropColumn(tx, catalog, table, drop.Column);
                break;
        }

        DdlExecutor.Bump(tx);
        return DdlExecutor.Reload(tx);
    }

    // The value of the new column's DEFAULT (NULL when none). Like SQLite, only a
    // constant default is allowed, since it is computed once for every existing row.
    private static DbValue ConstantDefault(ColumnDefinition column, ConstantEvaluator evaluateConstant)
    {
        foreach (ColumnConstraint c in column.Constraints)
        {
            if (c is DefaultColumnConstraint def)
            {
                if (!IsConstant(def.Value))
                {
                    throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "Cannot add a column with non-constant default");
                }

                return evaluateConstant(def.Value);
            }
        }

        return DbValue.Null;
    }

    private static bool IsConstant(Expression expression) => expression switch
    {
        CurrentTimeLiteral => false,
        LiteralExpression => true,
        UnaryExpression u => IsConstant(u.Operand),
        CastExpression cast => IsConstant(cast.Operand),
        BinaryExpression b => IsConstant(b.Left) && IsConstant(b.Right),
        _ => false,
    };

    // Rewrites every row of the table with `value` in the new last column `ordinal`.
    private static void FillColumn(WriteTransaction tx, TableSchema table, int ordinal, DbValue value) =>
        RewriteRows(tx, table, ordinal + 1, (old, row) =>
        {
            old.AsSpan(0, ordinal).CopyTo(row);
            row[ordinal] = value;
        });

    // Rewrites every row of the table: `change` turns the stored row (padded with NULL to the table's columns, for
    // records written before earlier ADD COLUMNs) into the new one, `width` values wide. Row ids are read first so
    // the tree is not modified under its cursor.
    private static void RewriteRows(WriteTransaction tx, TableSchema table, int width, Action<DbValue[], DbValue[]> change)
    {
        TableTree tree = TableTree.Open(tx, table.RootPage);
        var rowIds = new List<long>();
        BTreeCursor cursor = tree.Tree.OpenCursor();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            rowIds.Add(RowIdKey.Read(cursor.Key));
        }

        var old = new DbValue[table.Columns.Count];
        var values = new DbValue[width];
        foreach (long rowId in rowIds)
        {
            if (!tree.TryGet(rowId, out ReadOnlyMemory<byte> record))
            {
                continue;
            }

            var reader = new RecordReader(record.Span);
            Array.Fill(old, DbValue.Null);
            reader.ReadAll(old.AsSpan(0, Math.Min(reader.ColumnCount, old.Length)));
            change(old, values);
            byte[] buffer = new byte[RecordWriter.GetSize(values)];
            int size = RecordWriter.Write(values, buffer);
            tree.Insert(rowId, buffer.AsSpan(0, size), BTreeInsertMode.Replace);
        }
    }

    private static bool HasDefault(ColumnDefinition column)
    {
        foreach (ColumnConstraint c in column.Constraints)
        {
            if (c is DefaultColumnConstraint { Value: not NullLiteral })
            {
                return true;
            }
        }

        return false;
    }

    // The other tables whose foreign keys name `parent`: their REFERENCES follow its new name or column name.
    private static void RewriteChildren(WriteTransaction tx, SchemaCatalog catalog, TableSchema parent, string? newTable, string? oldColumn, string? newColumn)
    {
        foreach (TableSchema child in catalog.ReferencesTo(parent.Name).Select(k => catalog.GetTable(k.ChildTable)).Distinct())
        {
            if (!ReferenceEquals(child, parent))
            {
                Rewrite(tx, child, References(child.Definition, parent.Name, newTable, oldColumn, newColumn), child.Name);
            }
        }
    }

    // `definition` with each REFERENCES clause naming `parent` renamed: to `newTable`, and its column `oldColumn` to `newColumn`.
    private static CreateTableStatement References(CreateTableStatement definition, string parent, string? newTable, string? oldColumn, string? newColumn)
    {
        ForeignKeyClause Renamed(ForeignKeyClause clause) => !Same(clause.ParentTable, parent) ? clause : clause with
        {
            ParentTable = newTable ?? clause.ParentTable,
            ParentColumns = [.. clause.ParentColumns.Select(c => oldColumn is not null && Same(c, oldColumn) ? newColumn! : c)],
        };

        return definition with
        {
            Columns = [.. definition.Columns.Select(column => column with
            {
                Constraints = [.. column.Constraints.Select(c => c is ForeignKeyColumnConstraint f ? f with { References = Renamed(f.References) } : c)],
            })],
            Constraints = [.. definition.Constraints.Select(c => c is ForeignKeyTableConstraint f ? f with { References = Renamed(f.References) } : c)],
        };
    }

    private static bool Same(string a, string b) => string.Equals(a, b, StringComparison.OrdinalIgnoreCase);

    // Whether `text` holds `name` as a whole word (in any case).
    private static bool Mentions(string text, string name) =>
        System.Text.RegularExpressions.Regex.IsMatch(text, $@"(?<![\w$]){System.Text.RegularExpressions.Regex.Escape(name)}(?![\w$])",
            System.Text.RegularExpressions.RegexOptions.IgnoreCase | System.Text.RegularExpressions.RegexOptions.CultureInvariant);

    // A trigger's WHEN and body are kept as written and are not rewritten by a rename (SQLite rewrites them): a rename
    // that would leave a trigger naming the old name is refused, naming the trigger, rather than breaking it silently.
    private static void RefuseTriggerText(SchemaCatalog catalog, string oldName, string what)
    {
        foreach (TriggerSchema trigger in catalog.Triggers.OrderBy(t => t.CatalogId))
        {
            string text = trigger.Sql[trigger.Sql.IndexOf(" BEGIN ", StringComparison.Ordinal)..];
            if (trigger.Definition.WhenSql is { } when)
            {
                text = when + " " + text;
            }

            if (Mentions(text, oldName))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                    $"{what}: trigger {trigger.Name} refers to it in its body (drop the trigger first, and create it again after)");
            }
        }
    }

    private static SqlList<IndexedColumn> Rename(SqlList<IndexedColumn> columns, string from, string to)
    {
        var result = new List<IndexedColumn>();
        foreach (IndexedColumn c in columns)
        {
            if (c.Expression is { } expression)
            {
                Expression renamed = ExpressionWalker.RenameColumn(expression, from, to);
                result.Add(c with { Name = SqlText.Of(renamed), Expression = renamed });
            }
            else
            {
                result.Add(string.Equals(c.Name, from, StringComparison.OrdinalIgnoreCase) ? c with { Name = to } : c);
            }
        }

        return [.. result];
    }

    // Rewrites every catalog record of the table under its (possibly new) name and definition.
    private static void Rewrite(WriteTransaction tx, TableSchema table, CreateTableStatement definition, string newName,
        string? oldColumn = null, string? newColumn = null)
    {
        BTreeCursor cursor = TableTree.Open(tx, tx.State.CatalogRoot).Tree.OpenCursor();
        var updates = new List<(long Id, string Type, string Name, uint Root, DbValue Sql)>();
        for (bool ok = cursor.SeekFirst(); ok; ok = cursor.Next())
        {
            var reader = new RecordReader(cursor.Value);
            if (!string.Equals(reader.GetValue(2).AsText(), table.Name, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            long id = RowIdKey.Read(cursor.Key);
            string type = reader.GetValue(0).AsText();
            string name = reader.GetValue(1).AsText();
            uint root = (uint)reader.GetValue(3).AsInt64();
            DbValue sql = reader.GetValue(4);
            switch (type)
            {
                case CatalogStore.TableType:
                    updates.Add((id, type, newName, root, DbValue.FromText(SqlText.Of(definition))));
                    break;
                case CatalogStore.TriggerType:
                    // The trigger follows its table: ON names the new name, UPDATE OF the new column name.
                    var trigger = (CreateTriggerStatement)CatalogStore.ParseStored(sql.AsText());
                    trigger = trigger with
                    {
                        Table = new QualifiedName(newName),
                        UpdateColumns = [.. trigger.UpdateColumns.Select(c => oldColumn is not null && Same(c, oldColumn) ? newColumn! : c)],
                    };
                    updates.Add((id, type, name, root, DbValue.FromText(SqlText.Of(trigger))));
                    break;
                case CatalogStore.IndexType or CatalogStore.AutoIndexType:
                    var index = (CreateIndexStatement)CatalogStore.ParseStored(sql.AsText());
                    // A partial index's WHERE may name its table: it names the new name.
                    index = index with
                    {
                        Table = newName,
                        Where = index.Where is { } where
                            ? ExpressionWalker.Rewrite(where, e => e is ColumnReference { Table: { } t } c && Same(t, table.Name) ? c with { Table = newName } : null)
                            : null,
                    };
                    if (oldColumn is not null)
                    {
                        index = index with
                        {
                            Columns = Rename(index.Columns, oldColumn, newColumn!),
                            Where = index.Where is { } renamed ? ExpressionWalker.RenameColumn(renamed, oldColumn, newColumn!) : null,
                        };
                    }

                    updates.Add((id, type, name, root, DbValue.FromText(SqlText.Of(index))));
                    break;
                default:
                    updates.Add((id, type, type == CatalogStore.SequenceType ? newName : name, root, sql));
                    break;
            }
        }

        foreach (var u in updates)
        {
            CatalogStore.Write(tx, u.Id, u.Type, u.Name, newName, u.Root, u.Sql);
        }
    }
}
