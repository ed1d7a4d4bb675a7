// Foreign key enforcement for one DML plan, row by row, in SQLite's order:
//
//   INSERT  before the write   child keys: parent missing ─► counter + 1
//                              parent keys: counter > 0 ─► counter − children of the new key
//   DELETE  before the write   child keys: counter > 0 and parent missing ─► counter − 1
//                              parent keys: counter + children of the old key
//           after the write    RESTRICT with children ─► error; CASCADE / SET NULL / SET DEFAULT run
//   UPDATE  before the write   the DELETE steps for the old row, then the INSERT steps for the new
//                              one, for the keys whose columns the statement assigns
//           after the write    the DELETE actions' counterparts, when the parent key really changed
//
// An action is an ordinary DELETE or UPDATE of the children, so it enforces the
// children's own keys and cascades further; the counters it touches are the same
// ones, and a CASCADE that removes every child brings the counter back to zero.
// Lookups of a table in itself leave out the row being changed, which SQLite's
// order (checks run while the row is out of the table) does by construction.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>The foreign key checks and actions of one DML plan.</summary>
internal sealed class ForeignKeyWork(ChildKeyCheck[] children, ParentKeyCheck[] parents) : IReplacedRowObserver
{
    /// <summary>
    /// A one-row INSERT without OR REPLACE: as in SQLite, an immediate key is checked at once, so a missing parent
    /// fails the statement even when the new row also adopts orphans that would balance the count.
    /// </summary>
    public bool SingleRowInsert { get; init; }

    private readonly DbValue[] _arguments = new DbValue[(Widest(children, parents) * 2) + 1];
    private WriteTransaction? _tx;
    private ForeignKeyState? _state;
    private Triggers.TriggerState? _triggers;
    private CancellationToken _token;

    /// <summary>Binds the work to one execution (<paramref name="triggers"/>: the actions fire the children's triggers).</summary>
    public void Begin(WriteTransaction tx, ForeignKeyState state, Triggers.TriggerState? triggers, CancellationToken token)
    {
        _tx = tx;
        _state = state;
        _triggers = triggers;
        _token = token;
        foreach (ChildKeyCheck check in children)
        {
            if (check.ParentRowIdRoot is uint root)
            {
                if (check.ParentTree is { } tree)
                {
                    tree.Rebind(tx);
                }
                else
                {
                    check.ParentTree = TableTree.Open(tx, root);
                }
            }
        }
    }

    public void End()
    {
        _tx = null;
        _state = null;
        _triggers = null;
        Array.Clear(_arguments);
    }

    public void BeforeInsert(DbValue[] row, long rowId)
    {
        foreach (ChildKeyCheck check in children)
        {
            AddIfOrphan(check, row, rowId, excludeRowId: null);
            if (SingleRowInsert && !IsDeferred(check.Key) && State.Statement.Of(check.Key) > 0)
            {
                throw ForeignKeyState.Violation(check.Key);
            }
        }

        foreach (ParentKeyCheck check in parents)
        {
            SubtractAdopted(check, row, rowId, excludeRowId: null);
        }
    }

    private bool IsDeferred(ForeignKeySchema key) => key.IsDeferred || State.DeferAll;

    public void BeforeDelete(DbValue[] old, long rowId)
    {
        foreach (ChildKeyCheck check in children)
        {
            SubtractIfOrphan(check, old, rowId);
        }

        foreach (ParentKeyCheck check in parents)
        {
            AddOrphaned(check, old, rowId);
        }
    }

    public void AfterDelete(DbValue[] old, long rowId)
    {
        foreach (ParentKeyCheck check in parents)
        {
            RunAction(check, check.Key.OnDelete, old, rowId, row: null, rowId);
        }
    }

    public void BeforeUpdate(DbValue[] old, long oldRowId, DbValue[] row, long rowId)
    {
        foreach (ChildKeyCheck check in children)
        {
            if (check.Affected)
            {
                SubtractIfOrphan(check, old, oldRowId);
                AddIfOrphan(check, row, rowId, excludeRowId: check.Key.IsSelfReference ? oldRowId : null);
            }
        }

        foreach (ParentKeyCheck check in parents)
        {
            if (check.Affected)
            {
                AddOrphaned(check, old, oldRowId);
                SubtractAdopted(check, row, rowId, excludeRowId: oldRowId);
            }
        }
    }

    public void AfterUpdate(DbValue[] old, long oldRowId, DbValue[] row, long rowId)
    {
        foreach (ParentKeyCheck check in parents)
        {
            if (check.Affected && KeyChanged(check, old, oldRowId, row, rowId))
            {
                RunAction(check, check.Key.OnUpdate, old, oldRowId, row, rowId);
            }
        }
    }

    /// <summary>EXPLAIN lines: each key checked, with the plan of its lookup.</summary>
    public void Explain(List<string> lines, int depth)
    {
        string indent = new(' ', depth * 2);
        foreach (ChildKeyCheck check in children)
        {
            lines.Add($"{indent}FOREIGN KEY {ForeignKeyState.Describe(check.Key)}: PARENT LOOKUP");
            check.ParentExists.Root.Explain(lines, depth + 1);
        }

        foreach (ParentKeyCheck check in parents)
        {
            lines.Add($"{indent}FOREIGN KEY {ForeignKeyState.Describe(check.Key)}: CHILD ROWS");
            check.Children.Root.Explain(lines, depth + 1);
        }
    }

    // I.1: a new child row whose parent is missing is a violation.
    private void AddIfOrphan(ChildKeyCheck check, DbValue[] row, long rowId, long? excludeRowId)
    {
        int n = LoadKey(check.Columns, row, rowId);
        if (n < 0 || IsOwnParent(check, row, rowId))
        {
            return;
        }

        if (ParentMissing(check, n, excludeRowId))
        {
            State.CountersOf(check.Key).Add(check.Key, 1);
        }
    }

    // D.1: removing a child row that had no parent removes a violation.
    private void SubtractIfOrphan(ChildKeyCheck check, DbValue[] row, long rowId)
    {
        if (State.Outstanding(check.Key) <= 0)
        {
            return;
        }

        int n = LoadKey(check.Columns, row, rowId);
        if (n >= 0 && ParentMissing(check, n, excludeRowId: null))
        {
            State.Resolve(check.Key, 1);
        }
    }

    // D.2: the children of a parent row that goes away are violations (until an action or a new parent fixes them).
    private void AddOrphaned(ParentKeyCheck check, DbValue[] row, long rowId)
    {
        check.Pending = 0;
        int n = LoadKey(check.Columns, row, rowId);
        if (n < 0)
        {
            return;
        }

        long found = CountChildren(check, n, check.Key.IsSelfReference ? rowId : null);
        check.Pending = found;
        if (found > 0)
        {
            State.CountersOf(check.Key).Add(check.Key, found);
        }
    }

    // I.2: a new parent row adopts the orphans that refer to its key.
    private void SubtractAdopted(ParentKeyCheck check, DbValue[] row, long rowId, long? excludeRowId)
    {
        if (State.Outstanding(check.Key) <= 0)
        {
            return;
        }

        int n = LoadKey(check.Columns, row, rowId);
        if (n >= 0)
        {
            long found = CountChildren(check, n, check.Key.IsSelfReference ? excludeRowId : null);
            if (found > 0)
            {
                State.Resolve(check.Key, found);
            }
        }
    }

    private void RunAction(ParentKeyCheck check, ForeignKeyAction action, DbValue[] old, long oldRowId, DbValue[]? row, long rowId)
    {
        // No other row referred to the old key: nothing to do, unless the changed row may refer to itself.
        bool none = check.Pending == 0 && !check.Key.IsSelfReference;
        check.Pending = 0;
        int width = check.Columns.Length;
        if (none || LoadKey(check.Columns, old, oldRowId) < 0)
        {
            return;
        }

        if (action == ForeignKeyAction.Restrict && !State.DeferAll)
        {
            // Checked after the write, as SQLite's RESTRICT trigger: children still naming the old key fail at once.
            if (CountChildren(check, width, excludeRowId: null) > 0)
            {
                throw ForeignKeyState.Violation(check.Key);
            }

            return;
        }

        if (check.Action(update: row is not null) is not { } statement)
        {
            return;
        }

        if (row is not null)
        {
            for (int i = 0; i < width; i++)
            {
                _arguments[width + i] = Value(row, rowId, check.Columns[i]);
            }
        }

        statement.Run(_tx!, _arguments.AsSpan(0, width * 2), State, _triggers, _token);
    }

    private bool ParentMissing(ChildKeyCheck check, int n, long? excludeRowId)
    {
        if (check.ParentTree is { } parent)
        {
            DbValue key = SqlAffinity.Apply(_arguments[0], SqlTypeAffinity.Integer);
            return key.Type != DbValueType.Integer || key.AsInt64() == excludeRowId || !parent.Contains(key.AsInt64());
        }

        _arguments[n] = excludeRowId is long id ? DbValue.FromInt64(id) : DbValue.Null;
        return check.ParentExists.Count(_tx!, _arguments.AsSpan(0, n + 1), _token) == 0;
    }

    private long CountChildren(ParentKeyCheck check, int n, long? excludeRowId)
    {
        _arguments[n] = excludeRowId is long id ? DbValue.FromInt64(id) : DbValue.Null;
        return check.Children.Count(_tx!, _arguments.AsSpan(0, n + 1), _token);
    }

    // A row of a self-referencing table whose child key equals its own parent key is its own parent.
    private static bool IsOwnParent(ChildKeyCheck check, DbValue[] row, long rowId)
    {
        if (check.SelfParentColumns is not { } parentColumns)
        {
            return false;
        }

        for (int i = 0; i < parentColumns.Length; i++)
        {
            DbValue parent = Value(row, rowId, parentColumns[i]);
            DbValue child = SqlAffinity.Apply(row[check.Columns[i]], check.ParentAffinities[i]);
            if (parent.IsNull || SqlComparison.Compare(child, SqlTypeAffinity.None, parent, SqlTypeAffinity.None, check.ParentCollations[i]) != 0)
            {
                return false;
            }
        }

        return true;
    }

    // The parent key as SQLite's action trigger compares it: old.k IS new.k under the column's collation.
    private static bool KeyChanged(ParentKeyCheck check, DbValue[] old, long oldRowId, DbValue[] row, long rowId)
    {
        for (int i = 0; i < check.Columns.Length; i++)
        {
            DbValue before = Value(old, oldRowId, check.Columns[i]);
            DbValue after = Value(row, rowId, check.Columns[i]);
            if (!SqlTruth.IsTrue(SqlComparison.Is(before, check.Affinities[i], after, check.Affinities[i], check.Collations[i])).GetValueOrDefault())
            {
                return true;
            }
        }

        return false;
    }

    // Copies a key into the arguments; -1 when a column is NULL (such a key refers to nothing).
    private int LoadKey(int[] columns, DbValue[] row, long rowId)
    {
        for (int i = 0; i < columns.Length; i++)
        {
            DbValue value = Value(row, rowId, columns[i]);
            if (value.IsNull)
            {
                return -1;
            }

            _arguments[i] = value;
        }

        return columns.Length;
    }

    private static DbValue Value(DbValue[] row, long rowId, int column) =>
        column == TableSchema.RowIdOrdinal ? DbValue.FromInt64(rowId) : row[column];

    private ForeignKeyState State => _state ?? throw new InvalidOperationException("Foreign key work used outside an execution.");

    void IReplacedRowObserver.BeforeDelete(long rowId, DbValue[] row) => BeforeDelete(row, rowId);

    void IReplacedRowObserver.AfterDelete(long rowId, DbValue[] row) => AfterDelete(row, rowId);

    private static int Widest(ChildKeyCheck[] children, ParentKeyCheck[] parents) =>
        Math.Max(children.Length == 0 ? 0 : children.Max(c => c.Columns.Length), parents.Length == 0 ? 0 : parents.Max(p => p.Columns.Length));
}
