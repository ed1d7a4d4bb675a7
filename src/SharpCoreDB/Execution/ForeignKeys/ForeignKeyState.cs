// One connection's foreign key state: whether keys are enforced (PRAGMA
// foreign_keys), whether every key waits for COMMIT (PRAGMA defer_foreign_keys),
// and the violation counters.
//
// Counting, as SQLite does: a change that leaves a child row without its parent
// adds one to its key's counter, a change that gives an orphan its parent (or
// removes the orphan) takes one away. An immediate key's counter belongs to the
// running statement and must be back at zero when the statement ends; a deferred
// key's counter belongs to the transaction and must be zero at COMMIT. Counting
// per key (SQLite counts all keys together) lets the error name the key.
//
//     statement starts ──► Statement counters cleared, Deferred counters saved
//     statement fails  ──► Deferred counters restored (its changes are undone)
//     statement ends   ──► any Statement counter > 0: the statement fails
//                          (autocommit: any Deferred counter > 0 fails it too)
//     COMMIT           ──► any Deferred counter > 0: COMMIT fails, the transaction stays open
//     ROLLBACK [TO]    ──► Deferred counters cleared [restored to the savepoint's]
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>Foreign key enforcement settings and counters of one connection.</summary>
internal sealed class ForeignKeyState
{
    /// <summary>The deepest nesting of cascading actions, as SQLite's trigger depth limit.</summary>
    public const int MaxActionDepth = 1000;

    /// <summary>PRAGMA foreign_keys: enforced unless turned off (SQLite's default is off; see docs/sql-semantics.md).</summary>
    public bool Enabled { get; set; } = true;

    /// <summary>PRAGMA defer_foreign_keys: every key is checked at COMMIT; cleared when the transaction ends.</summary>
    public bool DeferAll { get; set; }

    /// <summary>Violations of immediate keys made by the running statement.</summary>
    public ViolationCounters Statement { get; } = new();

    /// <summary>Violations of deferred keys made by the open transaction.</summary>
    public ViolationCounters Deferred { get; } = new();

    /// <summary>How many cascading actions are running inside each other.</summary>
    public int ActionDepth { get; set; }

    /// <summary>The counters a new violation of <paramref name="key"/> counts in.</summary>
    public ViolationCounters CountersOf(ForeignKeySchema key) => key.IsDeferred || DeferAll ? Deferred : Statement;

    /// <summary>Violations of <paramref name="key"/> outstanding in the statement and the transaction together.</summary>
    public long Outstanding(ForeignKeySchema key) => Statement.Of(key) + Deferred.Of(key);

    /// <summary>
    /// Takes <paramref name="count"/> mended violations of <paramref name="key"/> off the counters that hold them, the
    /// statement's first: an orphan counted while PRAGMA defer_foreign_keys was on is mended after it went off.
    /// </summary>
    public void Resolve(ForeignKeySchema key, long count)
    {
        long fromStatement = Math.Clamp(Statement.Of(key), 0, count);
        if (fromStatement > 0)
        {
            Statement.Add(key, -fromStatement);
        }

        long fromDeferred = Math.Clamp(Deferred.Of(key), 0, count - fromStatement);
        if (fromDeferred > 0)
        {
            Deferred.Add(key, -fromDeferred);
        }

        // More mended than counted (orphans from before keys were enforced): counted against the key, as SQLite does.
        if (count > fromStatement + fromDeferred)
        {
            CountersOf(key).Add(key, fromStatement + fromDeferred - count);
        }
    }

    /// <summary>The error for an outstanding violation of <paramref name="key"/>.</summary>
    public static SharpCoreDBException Violation(ForeignKeySchema key) =>
        new(SharpCoreDBErrorCode.ForeignKeyConstraint, "FOREIGN KEY constraint failed: " + Describe(key));

    /// <summary><c>name: child(a, b) REFERENCES parent(x, y)</c>, as errors and EXPLAIN name a key.</summary>
    public static string Describe(ForeignKeySchema key)
    {
        string columns = string.Join(", ", key.ChildColumnNames);
        string parent = key.ParentColumns.Length == 0 ? key.ParentTable : $"{key.ParentTable}({string.Join(", ", key.ParentColumns)})";
        return (key.Name is null ? string.Empty : key.Name + ": ") + $"{key.ChildTable}({columns}) REFERENCES {parent}";
    }
}

/// <summary>Outstanding violations per foreign key (a child table's key id).</summary>
internal sealed class ViolationCounters
{
    private readonly Dictionary<(string Table, int Id), Entry> _counts = new(KeyComparer.Instance);
    private int _outstanding;

    /// <summary>True when no key has an outstanding violation (the common case, checked before any lookup).</summary>
    public bool IsClear => _outstanding == 0;

    public void Add(ForeignKeySchema key, long delta)
    {
        ref Entry entry = ref System.Runtime.InteropServices.CollectionsMarshal.GetValueRefOrAddDefault(_counts, (key.ChildTable, key.Id), out _);
        bool was = entry.Count > 0;
        entry.Key = key;
        entry.Count += delta;
        _outstanding += (entry.Count > 0 ? 1 : 0) - (was ? 1 : 0);
    }

    /// <summary>The outstanding count of <paramref name="key"/>.</summary>
    public long Of(ForeignKeySchema key) => _counts.TryGetValue((key.ChildTable, key.Id), out Entry entry) ? entry.Count : 0;

    /// <summary>A key with an outstanding violation, or null.</summary>
    public ForeignKeySchema? FirstOutstanding()
    {
        foreach (Entry entry in _counts.Values)
        {
            if (entry.Count > 0)
            {
                return entry.Key;
            }
        }

        return null;
    }

    /// <summary>Throws the violation of the first key still outstanding.</summary>
    public void ThrowIfOutstanding()
    {
        if (!IsClear && FirstOutstanding() is { } key)
        {
            throw ForeignKeyState.Violation(key);
        }
    }

    public void Clear()
    {
        _counts.Clear();
        _outstanding = 0;
    }

    /// <summary>The counts as they are now, for <see cref="Restore"/> (no allocation when there are none: every write statement saves them).</summary>
    public ViolationSnapshot Save() => _counts.Count == 0 ? ViolationSnapshot.None : new([.. _counts.Select(p => (p.Key, p.Value))]);

    public void Restore(ViolationSnapshot snapshot)
    {
        Clear();
        foreach (((string, int) id, Entry entry) in snapshot.Entries)
        {
            _counts[id] = entry;
            _outstanding += entry.Count > 0 ? 1 : 0;
        }
    }

    internal struct Entry
    {
        public ForeignKeySchema Key;
        public long Count;
    }

    private sealed class KeyComparer : IEqualityComparer<(string Table, int Id)>
    {
        public static readonly KeyComparer Instance = new();

        public bool Equals((string Table, int Id) x, (string Table, int Id) y) =>
            x.Id == y.Id && string.Equals(x.Table, y.Table, StringComparison.OrdinalIgnoreCase);

        public int GetHashCode((string Table, int Id) obj) => HashCode.Combine(StringComparer.OrdinalIgnoreCase.GetHashCode(obj.Table), obj.Id);
    }
}

/// <summary>Saved violation counts (a statement's start, a savepoint).</summary>
internal sealed record ViolationSnapshot(IReadOnlyList<((string Table, int Id) Id, ViolationCounters.Entry Entry)> Entries)
{
    /// <summary>No counts at all.</summary>
    public static readonly ViolationSnapshot None = new([]);
}
