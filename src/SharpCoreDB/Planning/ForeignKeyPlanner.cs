// Compiles the foreign key work of a DML plan: for each key the written table
// declares, a parent lookup; for each key declared against it, a children query
// and the statement's action. They are written as SQL over the tables' own names
// (`SELECT 1 FROM main.p WHERE "id" = ?1 LIMIT 1`) and planned like any query,
// so a key is found through the index on its columns when one exists.
//
// The parent key is resolved as SQLite does: no columns written means the
// parent's PRIMARY KEY; written columns must be the INTEGER PRIMARY KEY or carry a
// UNIQUE index with the columns' own collations. Otherwise the statement fails
// with "foreign key mismatch"; a parent table that does not exist is "no such
// table". Both are found only when a statement needs the key, as in SQLite.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>Builds the ForeignKeyWork of INSERT, UPDATE and DELETE plans.</summary>
internal static class ForeignKeyPlanner
{
    /// <summary>
    /// A factory of the work for a statement of <paramref name="kind"/> on <paramref name="table"/>, or null when
    /// no key names the table at either end. <paramref name="assigned"/> lists the columns an UPDATE sets.
    /// </summary>
    public static Func<ForeignKeyWork>? Factory(PlanningContext planning, TableSchema table, DmlKind kind, int[] assigned, bool singleRowInsert)
    {
        IReadOnlyList<ForeignKeySchema> references = planning.Catalog.ReferencesTo(table.Name);
        if (table.ForeignKeys.Count == 0 && references.Count == 0)
        {
            return null;
        }

        SchemaCatalog catalog = planning.Catalog;
        QueryContext outer = planning.Query;
        UserFunctions functions = planning.Functions;
        return () => Build(catalog, outer, functions, table, kind, assigned, singleRowInsert, references);
    }

    // Every key at either end is checked: a key an UPDATE leaves alone still sees the rows OR REPLACE deletes.
    // Such a key reports a missing parent or a key mismatch only when the statement changes it, as in SQLite.
    private static ForeignKeyWork Build(SchemaCatalog catalog, QueryContext outer, UserFunctions functions, TableSchema table, DmlKind kind, int[] assigned,
        bool singleRowInsert, IReadOnlyList<ForeignKeySchema> references)
    {
        // An UPDATE that assigns no key column at either end checks nothing; one that does also checks the table's
        // keys on itself, whose parent rows it may move (SQLite's rule).
        bool touchesKeys = kind == DmlKind.Update && (table.ForeignKeys.Any(k => k.ChildColumns.Any(assigned.Contains))
            || references.Any(k => Resolve(table, k, mayFail: true) is { } columns && columns.Any(assigned.Contains)));
        var children = new List<ChildKeyCheck>();
        foreach (ForeignKeySchema key in table.ForeignKeys)
        {
            bool affected = kind != DmlKind.Update || key.ChildColumns.Any(assigned.Contains) || (key.IsSelfReference && touchesKeys);
            TableSchema? parent = catalog.FindTable(key.ParentTable);
            if (parent is null && affected)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: main.{key.ParentTable}");
            }

            if (parent is null || Resolve(parent, key, mayFail: !affected) is not { } parentColumns)
            {
                continue;
            }

            string sql = $"SELECT 1 FROM main.{SqlText.Name(parent.Name)} WHERE {Match(parent, parentColumns, null, null, key.IsSelfReference)} LIMIT 1";
            children.Add(new ChildKeyCheck
            {
                Key = key,
                Columns = key.ChildColumns,
                ParentExists = Query(catalog, outer, functions, sql),
                ParentRowIdRoot = parentColumns is [int only] && only == parent.RowIdColumn ? parent.RootPage : null,
                SelfParentColumns = key.IsSelfReference ? parentColumns : null,
                ParentAffinities = [.. parentColumns.Select(c => parent.Columns[c].Affinity)],
                ParentCollations = [.. parentColumns.Select(c => functions.Collations.Resolve(parent.Columns[c].Collating))],
                Affected = affected,
            });
        }

        var parents = new List<ParentKeyCheck>();
        foreach (ForeignKeySchema key in references)
        {
            // SQLite does no parent-side work for a one-row INSERT (it cannot fix an immediate violation), nor for
            // an UPDATE of other columns, so neither reports a mismatched key.
            bool quiet = (kind == DmlKind.Insert && singleRowInsert && !key.IsDeferred) || (kind == DmlKind.Update && !NamesAssigned(table, key, assigned));
            if (Resolve(table, key, quiet) is not { } parentColumns)
            {
                continue;
            }

            bool affected = kind != DmlKind.Update || parentColumns.Any(assigned.Contains);

            TableSchema child = catalog.GetTable(key.ChildTable);
            string where = Match(child, key.ChildColumns, table, parentColumns, excludeRow: false);
            string counting = $"SELECT 1 FROM main.{SqlText.Name(child.Name)} WHERE {Match(child, key.ChildColumns, table, parentColumns, key.IsSelfReference)}";
            string? onDelete = ActionSql(child, key, key.OnDelete, DmlKind.Delete, where);
            string? onUpdate = ActionSql(child, key, key.OnUpdate, DmlKind.Update, where);
            parents.Add(new ParentKeyCheck
            {
                Key = key,
                Columns = parentColumns,
                Affinities = [.. parentColumns.Select(c => table.Columns[c].Affinity)],
                Collations = [.. parentColumns.Select(c => functions.Collations.Resolve(table.Columns[c].Collating))],
                Children = Query(catalog, outer, functions, counting),
                OnDeleteFactory = onDelete is null ? null : () => Action(catalog, outer, functions, onDelete),
                OnUpdateFactory = onUpdate is null ? null : () => Action(catalog, outer, functions, onUpdate),
                Affected = affected,
            });
        }

        return new ForeignKeyWork([.. children], [.. parents]) { SingleRowInsert = kind == DmlKind.Insert && singleRowInsert };
    }

    // Whether an UPDATE assigns a column the key names in the parent (its PRIMARY KEY when it names none), by name:
    // a key that does not resolve has no ordinals to compare, and SQLite decides this by name too.
    private static bool NamesAssigned(TableSchema parent, ForeignKeySchema key, int[] assigned) =>
        assigned.Any(c => key.ParentColumns.Length == 0
            ? parent.Columns[c].IsPrimaryKey
            : key.ParentColumns.Contains(parent.Columns[c].Name, StringComparer.OrdinalIgnoreCase));

    private static int[]? Resolve(TableSchema parent, ForeignKeySchema key, bool mayFail)
    {
        try
        {
            return ParentKey(parent, key);
        }
        catch (SharpCoreDBException) when (mayFail)
        {
            return null;
        }
    }

    /// <summary>The parent key's columns in <paramref name="parent"/>, paired with the key's child columns.</summary>
    public static int[] ParentKey(TableSchema parent, ForeignKeySchema key)
    {
        int n = key.ChildColumns.Length;
        if (key.ParentColumns.Length == 0)
        {
            if (parent.RowIdColumn >= 0 && n == 1)
            {
                return [parent.RowIdColumn];
            }

            IndexSchema? primary = parent.Indexes.FirstOrDefault(i => i.IsPrimaryKey);
            return primary is not null && primary.Columns.Length == n ? primary.Columns : throw Mismatch(key);
        }

        var columns = new int[n];
        for (int i = 0; i < n; i++)
        {
            columns[i] = parent.FindColumn(key.ParentColumns[i]);
            if (columns[i] < 0)
            {
                throw Mismatch(key);
            }
        }

        if (n == 1 && columns[0] == parent.RowIdColumn)
        {
            return columns;
        }

        foreach (IndexSchema index in parent.Indexes)
        {
            // As in SQLite, a partial unique index or one on expressions is no parent key.
            if (index.IsUnique && index.IsPlain && index.Columns.Length == n && index.Columns.All(columns.Contains)
                && index.Columns.Select((c, i) => index.Collations[i].SameAs(parent.Columns[c].Collating)).All(same => same))
            {
                return columns;
            }
        }

        throw Mismatch(key);
    }

    // `c1 = ?1 AND c2 = ?2 [AND _rowid_ IS NOT ?3]`: the key columns of `table` against the arguments; when the other
    // end is the parent, each comparison takes the parent column's collation (SQLite compares under the parent's).
    private static string Match(TableSchema table, int[] columns, TableSchema? parent, int[]? parentColumns, bool excludeRow)
    {
        var terms = new List<string>();
        for (int i = 0; i < columns.Length; i++)
        {
            string term = $"{SqlText.Name(table.Columns[columns[i]].Name)} = ?{i + 1}";
            if (parent is not null && parent.Columns[parentColumns![i]].Collating.Name != table.Columns[columns[i]].Collating.Name)
            {
                term += " COLLATE " + parent.Columns[parentColumns[i]].Collating.Name;
            }

            terms.Add(term);
        }

        if (excludeRow)
        {
            terms.Add($"_rowid_ IS NOT ?{columns.Length + 1}");
        }

        return string.Join(" AND ", terms);
    }

    // The action as SQL: arguments 1..n are the old parent key, n+1..2n the new one (ON UPDATE CASCADE).
    private static string? ActionSql(TableSchema child, ForeignKeySchema key, ForeignKeyAction action, DmlKind kind, string where)
    {
        string name = "main." + SqlText.Name(child.Name);
        if (action == ForeignKeyAction.Cascade && kind == DmlKind.Delete)
        {
            return $"DELETE FROM {name} WHERE {where}";
        }

        if (action is not (ForeignKeyAction.Cascade or ForeignKeyAction.SetNull or ForeignKeyAction.SetDefault))
        {
            return null;
        }

        var sets = new List<string>();
        for (int i = 0; i < key.ChildColumns.Length; i++)
        {
            ColumnSchema column = child.Columns[key.ChildColumns[i]];
            string value = action switch
            {
                ForeignKeyAction.Cascade => $"?{key.ChildColumns.Length + i + 1}",
                ForeignKeyAction.SetDefault when column.Default is { } def => "(" + SqlText.Of(def) + ")",
                _ => "NULL",
            };
            sets.Add($"{SqlText.Name(column.Name)} = {value}");
        }

        return $"UPDATE {name} SET {string.Join(", ", sets)} WHERE {where}";
    }

    private static KeyQuery Query(SchemaCatalog catalog, QueryContext outer, UserFunctions functions, string sql)
    {
        (QueryContext context, PlanningContext planning) = Planning(catalog, outer, functions);
        SelectPlan plan = planning.Selects.Plan((SelectStatement)SqlParser.ParseStatement(sql), null);
        return new KeyQuery(context, plan.Root, Arguments(planning));
    }

    private static KeyAction Action(SchemaCatalog catalog, QueryContext outer, UserFunctions functions, string sql)
    {
        (QueryContext context, PlanningContext planning) = Planning(catalog, outer, functions);
        var dml = new DmlPlanner(planning);
        DmlPlan plan = SqlParser.ParseStatement(sql) switch
        {
            DeleteStatement delete => dml.PlanDelete(delete),
            UpdateStatement update => dml.PlanUpdate(update),
            var other => throw new InvalidOperationException("Unexpected action statement " + other.GetType().Name),
        };
        return new KeyAction(context, plan, Arguments(planning));
    }

    // Sub-statements plan with the default row estimates: the compiling statement's page access may be gone by the
    // time an action is first compiled, and they read one table each. They call and compare with the connection's
    // application functions and collations, as the statement does.
    private static (QueryContext, PlanningContext) Planning(SchemaCatalog catalog, QueryContext outer, UserFunctions functions)
    {
        var context = new QueryContext(outer.Storage) { SpillThresholdRows = outer.SpillThresholdRows };
        return (context, new PlanningContext(catalog, context) { Functions = functions });
    }

    private static int[] Arguments(PlanningContext planning) => [.. planning.Parameters.Select(p => p.Ordinal - 1)];

    private static SharpCoreDBException Mismatch(ForeignKeySchema key) =>
        new(SharpCoreDBErrorCode.SemanticError, $"foreign key mismatch - \"{key.ChildTable}\" referencing \"{key.ParentTable}\"");
}
