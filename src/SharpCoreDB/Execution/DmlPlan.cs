// A compiled INSERT, UPDATE or DELETE. Execute first materializes the rows the
// statement reads (the VALUES/SELECT source, or the rows WHERE selects), then
// writes through a TableStore, so a statement never sees its own changes while
// it runs. RETURNING rows are collected as they are written.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Values;

namespace SharpCoreDB.Execution;

/// <summary>What a DML plan does.</summary>
internal enum DmlKind
{
    Insert,
    Update,
    Delete,
}

/// <summary>An executable DML statement.</summary>
internal sealed class DmlPlan(QueryContext context, DmlKind kind, TableSchema table, ConflictResolution onConflict,
    (Evaluator[] Checks, Frame Frame) checks, (Evaluator[] Values, Frame Frame, IReadOnlyList<OutputColumn> Columns)? returning)
{
    public PlanNode? Source { get; init; }

    public int[] Targets { get; init; } = [];

    public Evaluator?[] Defaults { get; init; } = [];

    public int[] AssignColumns { get; init; } = [];

    public Evaluator[] AssignValues { get; init; } = [];

    public Frame? OldRowFrame { get; init; }

    public IReadOnlyList<OutputColumn> ReturningColumns => returning?.Columns ?? [];

    public TableSchema Table => table;

    /// <summary>The rowid of the last row inserted, or null.</summary>
    public long? LastInsertRowId { get; private set; }

    public int Execute(WriteTransaction tx, List<DbValue[]> returned)
    {
        LastInsertRowId = null;
        var store = new TableStore(tx, table, checks.Frame, checks.Checks);
        var input = new List<DbValue[]>();
        if (Source is not null)
        {
            Source.Open();
            int width = Source.ColumnCount;
            while (Source.Next())
            {
                input.Add(Source.Output.Values.AsSpan(0, width).ToArray());
            }

            Source.Close();
        }
        else
        {
            input.Add([]);
        }

        return kind switch
        {
            DmlKind.Insert => Insert(tx, store, input, returned),
            DmlKind.Update => Update(store, input, returned),
            _ => Delete(store, input, returned),
        };
    }

    private int Insert(WriteTransaction tx, TableStore store, List<DbValue[]> input, List<DbValue[]> returned)
    {
        int n = table.Columns.Count;
        int count = 0;
        long sequence = table.AutoIncrement ? CatalogStore.ReadSequence(tx, tx.State, table.Name, out _) : 0;
        long startSequence = sequence;
        foreach (DbValue[] source in input)
        {
            context.CheckCancelled();
            var row = new DbValue[n];
            var given = new bool[n];
            long? explicitRowId = null;
            for (int i = 0; i < Targets.Length; i++)
            {
                if (Targets[i] == -2)
                {
                    explicitRowId = SqlIntegerOrNull(source[i]);
                    continue;
                }

                row[Targets[i]] = source[i];
                given[Targets[i]] = true;
            }

            for (int i = 0; i < n; i++)
            {
                if (!given[i] && Defaults[i] is { } def)
                {
                    row[i] = def.Evaluate();
                }
            }

            store.Prepare(row);
            long rowId;
            bool explicitKey = false;
            if (table.RowIdColumn >= 0 && !row[table.RowIdColumn].IsNull)
            {
                rowId = row[table.RowIdColumn].AsInt64();
                explicitKey = true;
            }
            else if (explicitRowId is long id)
            {
                rowId = id;
                explicitKey = true;
            }
            else
            {
                rowId = store.Tree.NextRowId();
                if (table.AutoIncrement && rowId <= sequence)
                {
                    // An AUTOINCREMENT table never reuses a rowid; once the sequence has reached
                    // the largest one there is none left (SQLite reports SQLITE_FULL here).
                    rowId = sequence == long.MaxValue
                        ? throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, $"The AUTOINCREMENT table {table.Name} has used the largest rowid.")
                        : sequence + 1;
                }
            }

            if (table.RowIdColumn >= 0)
            {
                row[table.RowIdColumn] = DbValue.FromInt64(rowId);
            }

            if (!store.Validate(row, rowId, onConflict) || !store.ResolveConflicts(row, rowId, explicitKey, onConflict))
            {
                continue;
            }

            store.Write(row, rowId, false);
            sequence = Math.Max(sequence, rowId);
            LastInsertRowId = rowId;
            count++;
            Return(row, rowId, returned);
        }

        if (table.AutoIncrement && sequence != startSequence)
        {
            CatalogStore.ReadSequence(tx, tx.State, table.Name, out long recordId);
            if (recordId == 0)
            {
                recordId = NextCatalogId(tx);
            }

            CatalogStore.Write(tx, recordId, CatalogStore.SequenceType, table.Name, table.Name, 0, DbValue.FromInt64(sequence));
        }

        return count;
    }

    private int Update(TableStore store, List<DbValue[]> input, List<DbValue[]> returned)
    {
        int n = table.Columns.Count;
        int count = 0;
        Frame frame = OldRowFrame!;
        foreach (DbValue[] source in input)
        {
            context.CheckCancelled();
            long rowId = source[0].AsInt64();
            DbValue[] old = source[1..];

            // With OR REPLACE an earlier row of this statement may have deleted or replaced this one:
            // update the row as it is now (as SQLite does), or skip it when it is gone; the rows read
            // up front would otherwise leave index entries of the replaced row behind (found by the fuzzer).
            if (onConflict == ConflictResolution.Replace && !store.TryRead(rowId, old))
            {
                continue;
            }

            old.CopyTo(frame.Values, 0);
            frame.Values[n] = DbValue.FromInt64(rowId);
            var row = (DbValue[])old.Clone();
            for (int i = 0; i < AssignColumns.Length; i++)
            {
                row[AssignColumns[i]] = AssignValues[i].Evaluate();
            }

            store.Prepare(row);
            long newRowId = rowId;
            if (table.RowIdColumn >= 0)
            {
                if (row[table.RowIdColumn].IsNull)
                {
                    row[table.RowIdColumn] = DbValue.FromInt64(rowId);
                }

                newRowId = row[table.RowIdColumn].AsInt64();
            }

            if (!store.Validate(row, newRowId, onConflict) || !store.ResolveConflicts(row, newRowId, newRowId != rowId, onConflict))
            {
                continue;
            }

            if (newRowId != rowId)
            {
                store.Delete(rowId, old);
                store.Write(row, newRowId, false);
            }
            else
            {
                store.DeleteIndexEntries(rowId, old);
                store.Write(row, rowId, true);
            }

            count++;
            Return(row, newRowId, returned);
        }

        return count;
    }

    private int Delete(TableStore store, List<DbValue[]> input, List<DbValue[]> returned)
    {
        int count = 0;
        foreach (DbValue[] source in input)
        {
            context.CheckCancelled();
            long rowId = source[0].AsInt64();
            DbValue[] old = source[1..];
            store.Delete(rowId, old);
            count++;
            Return(old, rowId, returned);
        }

        return count;
    }

    private void Return(DbValue[] row, long rowId, List<DbValue[]> returned)
    {
        if (returning is not { } r)
        {
            return;
        }

        row.CopyTo(r.Frame.Values, 0);
        r.Frame.Values[row.Length] = DbValue.FromInt64(rowId);
        var values = new DbValue[r.Values.Length];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = r.Values[i].Evaluate();
        }

        returned.Add(values);
    }

    private static long? SqlIntegerOrNull(DbValue value)
    {
        DbValue id = Semantics.SqlAffinity.Apply(value, SqlTypeAffinity.Integer);
        return id.Type == DbValueType.Integer ? id.AsInt64() : null;
    }

    private static long NextCatalogId(WriteTransaction tx)
    {
        var tree = Storage.BTree.TableTree.Open(tx, tx.State.CatalogRoot);
        return tree.NextRowId();
    }
}
