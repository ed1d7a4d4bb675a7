// A compiled INSERT, UPDATE or DELETE. Execute first materializes the rows the
// statement reads (the VALUES/SELECT source, or the rows WHERE selects), then
// writes through a TableStore, so a statement never sees its own changes while
// it runs. RETURNING rows are collected as they are written.
//
// A prepared INSERT/UPDATE/DELETE runs many times (a batch of 1,000 single-row
// INSERTs), so the plan keeps what an execution needs and reuses it: the
// TableStore with its open trees (bound again when the transaction differs; a
// new one after a ROLLBACK TO in the same transaction), the buffers the input
// rows are copied into and the row being built. The plan belongs to one compiled
// statement, which is compiled again when the catalog changes, so a kept store
// never outlives the schema it was built for.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>What a DML plan does.</summary>
internal enum DmlKind
{
    Insert,
    Update,
    Delete,
}

/// <summary>An executable DML statement.</summary>
internal sealed partial class DmlPlan(QueryContext context, DmlKind kind, TableSchema table, ConflictResolution onConflict,
    RowWriteRules rules, (Evaluator[] Values, Frame Frame, IReadOnlyList<OutputColumn> Columns)? returning) : IWritePlan
{
    // Input row buffers kept between executions; a statement that read more rows gives the extra back to the GC.
    private const int KeptInputRows = 64;

    private readonly List<DbValue[]> _inputBuffers = [];
    private TableStore? _store;
    private ForeignKeyWork? _foreignKeys;
    private TriggerWork? _triggers;
    private ReplacedRowTriggers? _replaced;
    private DbValue[] _row = [];
    private DbValue[] _old = [];
    private bool[] _given = [];
    public PlanNode? Source { get; init; }

    public int[] Targets { get; init; } = [];

    public Evaluator?[] Defaults { get; init; } = [];

    public int[] AssignColumns { get; init; } = [];

    public Evaluator[] AssignValues { get; init; } = [];

    public Frame? OldRowFrame { get; init; }

    /// <summary>An INSERT's ON CONFLICT .. DO clauses, in order (empty without UPSERT).</summary>
    public UpsertAction[] Upserts { get; init; } = [];

    /// <summary>Builds the foreign key checks of the written table (null: it has no key at either end).</summary>
    public Func<ForeignKeyWork>? ForeignKeyFactory { get; init; }

    /// <summary>The foreign key checks, built on first need (a missing parent table is reported only where keys are enforced).</summary>
    public ForeignKeyWork? ForeignKeys => ForeignKeyFactory is null ? null : _foreignKeys ??= ForeignKeyFactory();

    /// <summary>Builds the triggers the statement fires (null: the table has none for it).</summary>
    public Func<TriggerWork>? TriggerFactory { get; init; }

    /// <summary>The triggers, compiled on first need.</summary>
    public TriggerWork? Triggers => TriggerFactory is null ? null : _triggers ??= TriggerFactory();

    /// <summary>An INSERT's or UPDATE's DELETE triggers, for the rows OR REPLACE deletes (null: the table has none).</summary>
    public Func<TriggerWork>? ReplaceTriggerFactory { get; init; }

    // The observer of replaced rows with recursive_triggers on: the DELETE triggers, then the foreign keys.
    private ReplacedRowTriggers? ReplacedRowTriggers => ReplaceTriggerFactory is null ? null : _replaced ??= new ReplacedRowTriggers(ReplaceTriggerFactory());

    public IReadOnlyList<OutputColumn> ReturningColumns => returning?.Columns ?? [];

    public TableSchema Table => table;

    /// <summary>The rowid of the last row inserted, or null.</summary>
    public long? LastInsertRowId { get; private set; }

    /// <summary>Runs the statement in <paramref name="tx"/>; RETURNING rows go to <paramref name="returned"/> (null without RETURNING).</summary>
    public int Execute(WriteTransaction tx, List<DbValue[]>? returned)
    {
        LastInsertRowId = null;
        TableStore store = Store(tx);
        int n = table.Columns.Count;
        if (_row.Length != n)
        {
            _row = new DbValue[n];
            _old = new DbValue[n];
            _given = new bool[n];
        }

        // The keys' and triggers' statements are compiled first (their errors, "no such table", come before any row).
        ForeignKeyState? state = context.ForeignKeys;
        ForeignKeyWork? keys = state is not null ? ForeignKeys : null;
        TriggerState? triggerState = context.Triggers;
        TriggerWork? triggers = triggerState is not null ? Triggers : null;
        ReplacedRowTriggers? replaced = triggerState is { Recursive: true } ? ReplacedRowTriggers : null;
        int rows = ReadInput();
        keys?.Begin(tx, state!, triggerState, context.Token);
        triggers?.Begin(tx, triggerState!, state, context.Token);
        if (replaced is not null)
        {
            replaced.Keys = keys;
            replaced.Work.Begin(tx, triggerState!, state, context.Token);
        }

        store.ReplacedRows = replaced is not null ? replaced : keys;
        try
        {
            int changed = kind switch
            {
                DmlKind.Insert => Insert(tx, store, rows, keys, triggers, returned),
                DmlKind.Update => Update(store, rows, keys, triggers, returned),
                _ => Delete(store, rows, keys, triggers, returned),
            };
            context.Counters?.Completed(changed, LastInsertRowId);
            return changed;
        }
        catch (SharpCoreDBException e) when (e is not StatementFailure && StatementFailure.IsConflict(e.ErrorCode)
            && StatementFailure.ScopeOf(onConflict) is { } undo)
        {
            // OR FAIL keeps the rows written before this one; OR ROLLBACK ends the transaction (the session does either).
            throw new StatementFailure(e.ErrorCode, e.Message, undo, e);
        }
        finally
        {
            store.ReplacedRows = null;
            keys?.End();
            triggers?.End();
            replaced?.Work.End();
            ReleaseInput(rows);
        }
    }

    // The store of the last execution when it is still valid for tx, else a store bound to tx.
    private TableStore Store(WriteTransaction tx)
    {
        TableStore? store = _store;
        if (store is null || (ReferenceEquals(store.Transaction, tx) && store.Generation != tx.Generation))
        {
            // First run, or pages went back to older images (ROLLBACK TO) under the kept store: start afresh.
            store = new TableStore(tx, table, rules);
            _store = store;
        }
        else if (!ReferenceEquals(store.Transaction, tx))
        {
            store.Bind(tx);
        }

        return store;
    }

    // Materializes the rows the statement reads into kept buffers; returns how many.
    private int ReadInput()
    {
        if (Source is null)
        {
            InputBuffer(0, 0);
            return 1;
        }

        int count = 0;
        Source.Open();
        try
        {
            int width = Source.ColumnCount;
            while (Source.Next())
            {
                // Array.Copy, not a Span<DbValue> copy: the framework's generic span code over DbValue is not in the
                // package's ReadyToRun images and was compiled by the JIT inside a fresh process's first INSERT.
                Array.Copy(Source.Output.Values, InputBuffer(count, width), width);
                count++;
            }
        }
        finally
        {
            Source.Close();
        }

        return count;
    }

    private DbValue[] InputBuffer(int index, int width)
    {
        if (index < _inputBuffers.Count)
        {
            if (_inputBuffers[index].Length != width)
            {
                _inputBuffers[index] = new DbValue[width];
            }

            return _inputBuffers[index];
        }

        var buffer = new DbValue[width];
        _inputBuffers.Add(buffer);
        return buffer;
    }

    // Drops the values (so kept buffers hold no strings or blobs) and all but a few buffers.
    private void ReleaseInput(int rows)
    {
        for (int i = 0; i < rows && i < _inputBuffers.Count; i++)
        {
            Array.Clear(_inputBuffers[i]);
        }

        if (_inputBuffers.Count > KeptInputRows)
        {
            _inputBuffers.RemoveRange(KeptInputRows, _inputBuffers.Count - KeptInputRows);
        }

        Array.Clear(_row);
        Array.Clear(_old);
    }

    private int Update(TableStore store, int rows, ForeignKeyWork? keys, TriggerWork? triggers, List<DbValue[]>? returned)
    {
        int n = table.Columns.Count;
        int count = 0;
        Frame frame = OldRowFrame!;
        DbValue[] old = _old;
        DbValue[] row = _row;
        for (int r = 0; r < rows; r++)
        {
            DbValue[] source = _inputBuffers[r];
            context.CheckCancelled();
            long rowId = source[0].AsInt64();
            source.AsSpan(1, n).CopyTo(old);

            // With OR REPLACE (or a foreign key action, or a trigger) an earlier row of this statement may have deleted
            // or changed this one: update the row as it is now (as SQLite does), or skip it when it is gone; the
            // rows read up front would otherwise leave index entries of the replaced row behind (found by the fuzzer).
            if ((onConflict == ConflictResolution.Replace || keys is not null || triggers is not null) && !store.TryRead(rowId, old))
            {
                continue;
            }

            old.CopyTo(frame.Values, 0);
            frame.Values[n] = DbValue.FromInt64(rowId);
            old.CopyTo(row, 0);
            for (int i = 0; i < AssignColumns.Length; i++)
            {
                row[AssignColumns[i]] = AssignValues[i].Evaluate();
            }

            if (UpdateFiring(store, keys, triggers, rowId, old, row, onConflict, AssignColumns, out long newRowId))
            {
                count++;
                Return(row, newRowId, returned);
            }
        }

        return count;
    }

    // Writes `row` over row `rowId` (whose values were `old`), moving it when its INTEGER PRIMARY KEY changed, with
    // every constraint and foreign key check; false when the row is skipped (OR IGNORE, or a cascade took it).
    private bool UpdateRow(TableStore store, ForeignKeyWork? keys, long rowId, DbValue[] old, DbValue[] row, ConflictResolution conflict, out long newRowId)
    {
        store.Prepare(row);
        newRowId = rowId;
        if (table.RowIdColumn >= 0)
        {
            newRowId = row[table.RowIdColumn].IsNull
                ? throw RowIdMismatch()
                : row[table.RowIdColumn].AsInt64();
        }

        store.Generate(row, newRowId);
        if (!store.Validate(row, newRowId, conflict) || !store.ResolveConflicts(row, newRowId, newRowId != rowId, conflict, movedFrom: rowId))
        {
            return false;
        }

        // A row OR REPLACE deleted may have cascaded to this very row: then it is gone, as in SQLite.
        if (keys is not null && conflict == ConflictResolution.Replace && !store.Tree.Contains(rowId))
        {
            return false;
        }

        keys?.BeforeUpdate(old, rowId, row, newRowId);
        if (newRowId != rowId)
        {
            store.Delete(rowId, old);
            store.Insert(row, newRowId);
        }
        else
        {
            store.Update(rowId, old, row);
        }

        keys?.AfterUpdate(old, rowId, row, newRowId);
        return true;
    }

    // SQLite refuses to set an INTEGER PRIMARY KEY to NULL in an UPDATE (an INSERT picks a new rowid).
    private static SharpCoreDBException RowIdMismatch() => new(SharpCoreDBErrorCode.TypeMismatch, "datatype mismatch");

    private int Delete(TableStore store, int rows, ForeignKeyWork? keys, TriggerWork? triggers, List<DbValue[]>? returned)
    {
        int count = 0;
        DbValue[] old = _old;
        for (int r = 0; r < rows; r++)
        {
            DbValue[] source = _inputBuffers[r];
            context.CheckCancelled();
            long rowId = source[0].AsInt64();
            source.AsSpan(1, old.Length).CopyTo(old);

            // An action or a trigger of an earlier row may have deleted or changed this one.
            if ((keys is not null || triggers is not null) && !store.TryRead(rowId, old))
            {
                continue;
            }

            DbValue[] fired = old;
            if (triggers is { HasBefore: true })
            {
                // OLD stays the row as the BEFORE triggers saw it; the delete takes the row as they left it, if any.
                fired = TriggerOld(old);
                if (!triggers.Before(fired, rowId, null, 0) || !store.TryRead(rowId, old))
                {
                    continue;
                }
            }

            keys?.BeforeDelete(old, rowId);
            store.Delete(rowId, old);
            keys?.AfterDelete(old, rowId);
            count++;
            Return(old, rowId, returned);
            triggers?.After(fired, rowId, null, 0);
        }

        return count;
    }

    private void Return(DbValue[] row, long rowId, List<DbValue[]>? returned)
    {
        if (returning is not { } r || returned is null)
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
}
