// GROUP BY and aggregate functions. Every input row is hashed by its group key
// (a reused probe array, so only new groups allocate); each group keeps its
// aggregate states and a copy of its first row. When the input ends the groups
// are emitted in key order (as SQLite's sorting aggregation does): the group's
// row goes back into the query frame, so non-aggregate expressions in the SELECT
// list read it, and the aggregate results go into the aggregate frame.
//
// Inputs with more groups than memory should hold: once the hash table holds
// QueryContext.SpillThresholdRows groups, rows of groups not yet in it are no
// longer hashed but written (group key + the query frame) to an ExternalSorter,
// which spills sorted runs to temporary files (encrypted like every sort spill).
// Rows of groups already in the table keep aggregating there. A key is either
// in the table or spilled, never both, so the output is a merge by key of the
// sorted in-memory groups and one streaming pass over the sorted spilled rows,
// which restores each row into the frame and steps one group at a time. The
// sort is stable, so each group still sees its rows in input order.
//
// A single INTEGER/BOOLEAN group key is first looked up in an Int64GroupTable
// (a long-keyed open-addressing index over the same groups), which skips the
// DbValue hashing and comparing of the dictionary on the common GROUP BY path.
//
// Texts are keyed folded by their collation (TextCollation.Key). A key under an
// application collation cannot fold: its groups are kept in a dictionary ordered by
// the collation instead (CollatedKeys), which also orders the output and the spill.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One aggregate call: how to make its state and its argument expressions.</summary>
internal sealed record AggregateSpec(string Name, bool Distinct, Evaluator[] Arguments, Func<IAggregate> Create)
{
    /// <summary>FILTER (WHERE ..): only rows for which it is true are stepped.</summary>
    public Evaluator? Filter { get; init; }
}

/// <summary>Groups the input and computes aggregates per group.</summary>
internal sealed class AggregateNode(QueryContext context, PlanNode input, Frame frame, Evaluator[] groupKeys, AggregateSpec[] aggregates,
    Frame aggregateFrame) : PlanNode
{
    private readonly CollatedKeys? _order = CollatedKeys.For(groupKeys.Select(k => k.Collation));
    private readonly IDictionary<HashKey, Group> _groups = CollatedKeys.NewDictionary<Group>(CollatedKeys.For(groupKeys.Select(k => k.Collation)));
    private readonly Int64GroupTable<Group> _integerGroups = new();
    private readonly List<Group> _ordered = [];
    private DbValue[][] _argBuffers = [];
    private int _next;
    private ExternalSorter? _spill;
    private DbValue[] _spillRow = [];
    private bool _spillPending;

    public override Frame Output => frame;

    public override int ColumnCount => frame.Values.Length;

    /// <summary>True when the last execution spilled groups to the external sorter (for tests).</summary>
    public bool Spilled { get; private set; }

    public override void Open()
    {
        Close();
        _next = 0;
        Spilled = false;
        _argBuffers = new DbValue[aggregates.Length][];
        for (int i = 0; i < aggregates.Length; i++)
        {
            _argBuffers[i] = new DbValue[aggregates[i].Arguments.Length];
        }

        input.Open();
        DbValue[] probe = new DbValue[groupKeys.Length];
        Group? single = null;
        int tick = 0;
        while (input.Next())
        {
            if ((++tick & 1023) == 0)
            {
                context.CheckCancelled();
            }

            Group? group;
            if (groupKeys.Length == 0)
            {
                group = single ??= NewGroup([]);
            }
            else if (groupKeys.Length == 1)
            {
                // One key: an INTEGER or BOOLEAN value probes the long-keyed index first; a miss
                // (or any other type) goes through the dictionary, which holds every group.
                DbValue key = groupKeys[0].Evaluate();
                probe[0] = groupKeys[0].Collation is { IsBinary: false } collation && _order is null ? collation.Key(key) : key;
                if (key.Type is DbValueType.Integer or DbValueType.Boolean)
                {
                    long value = key.AsInt64();
                    group = _integerGroups.Find(value);
                    if (group is null && (group = FindOrAdd(probe)) is not null)
                    {
                        _integerGroups.Add(value, group);
                    }
                }
                else
                {
                    group = FindOrAdd(probe);
                }
            }
            else
            {
                for (int i = 0; i < probe.Length; i++)
                {
                    // Keyed by the collation's folding: 'Bob' and 'bob' are one NOCASE group (its rows keep their values).
                    DbValue value = groupKeys[i].Evaluate();
                    probe[i] = groupKeys[i].Collation is { IsBinary: false } collation && _order is null ? collation.Key(value) : value;
                }

                group = FindOrAdd(probe);
            }

            if (group is not null)
            {
                Step(group);
            }
        }

        input.Close();
        if (groupKeys.Length == 0)
        {
            if (single is null)
            {
                Array.Fill(frame.Values, DbValue.Null);
                single = NewGroup([]);
            }

            _ordered.Add(single);
        }
        else
        {
            _ordered.AddRange(_groups.Values);
            _ordered.Sort((a, b) => CompareKeys(a.Key, b.Key));
            if (_spill is not null)
            {
                _spill.Finish();
                _spillPending = _spill.Next(_spillRow);
            }
        }
    }

    public override bool Next()
    {
        Group group;
        bool fromMemory = _next < _ordered.Count;
        if (_spillPending && (!fromMemory || CompareKeys(_ordered[_next].Key, _spillRow.AsSpan(0, groupKeys.Length)) > 0))
        {
            group = NextSpilledGroup();
        }
        else if (fromMemory)
        {
            group = _ordered[_next++];
        }
        else
        {
            return false;
        }

        group.Row.CopyTo(frame.Values, 0);
        for (int i = 0; i < aggregates.Length; i++)
        {
            aggregateFrame.Values[i] = group.States[i].Finish();
        }

        return true;
    }

    public override void Close()
    {
        _groups.Clear();
        _integerGroups.Clear();
        _ordered.Clear();
        _spill?.Dispose();
        _spill = null;
        _spillPending = false;
    }

    // The group of the probed key, made when new; null when the row went to the spill sorter instead.
    private Group? FindOrAdd(DbValue[] probe)
    {
        if (_groups.TryGetValue(new HashKey(probe), out Group? group))
        {
            return group;
        }

        if (_spill is not null || _groups.Count >= context.SpillThresholdRows)
        {
            Spill(probe);
            return null;
        }

        group = NewGroup((DbValue[])probe.Clone());
        _groups.Add(new HashKey(group.Key), group);
        return group;
    }

    // Sends the current row (its group key and the whole frame) to the sorter.
    private void Spill(DbValue[] key)
    {
        int width = key.Length + frame.Values.Length;
        if (_spill is null)
        {
            var keys = new SortKey[key.Length];
            for (int i = 0; i < keys.Length; i++)
            {
                keys[i] = new SortKey(i, Descending: false, NullsFirst: true, _order is null ? null : groupKeys[i].Collation);
            }

            _spill = new ExternalSorter(context, keys, width);
            _spillRow = new DbValue[width + 1];
            Spilled = true;
        }

        key.CopyTo(_spillRow, 0);
        frame.Values.CopyTo(_spillRow, key.Length);
        _spill.Add(_spillRow);
    }

    // Aggregates the run of spilled rows sharing the next key into a fresh group.
    private Group NextSpilledGroup()
    {
        int k = groupKeys.Length;
        Array.Copy(_spillRow, k, frame.Values, 0, frame.Values.Length);
        Group group = NewGroup(_spillRow.AsSpan(0, k).ToArray());
        Step(group);
        while ((_spillPending = _spill!.Next(_spillRow)) && CompareKeys(group.Key, _spillRow.AsSpan(0, k)) == 0)
        {
            Array.Copy(_spillRow, k, frame.Values, 0, frame.Values.Length);
            Step(group);
        }

        return group;
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + (groupKeys.Length > 0 ? "AGGREGATE (hash GROUP BY)" : "AGGREGATE"));
        input.Explain(lines, depth + 1);
    }

    private Group NewGroup(DbValue[] key)
    {
        var states = new IAggregate[aggregates.Length];
        for (int i = 0; i < states.Length; i++)
        {
            states[i] = aggregates[i].Create();
        }

        return new Group(key, (DbValue[])frame.Values.Clone(), states);
    }

    private void Step(Group group)
    {
        for (int i = 0; i < aggregates.Length; i++)
        {
            if (aggregates[i].Filter is { } filter && SqlTruth.IsTrue(filter.Evaluate()) != true)
            {
                continue;
            }

            Evaluator[] arguments = aggregates[i].Arguments;
            DbValue[] buffer = _argBuffers[i];
            for (int a = 0; a < arguments.Length; a++)
            {
                buffer[a] = arguments[a].Evaluate();
            }

            group.States[i].Step(buffer);
        }
    }

    // The order of group keys: of the folded values, or under the keys' collations when one cannot fold.
    private int CompareKeys(ReadOnlySpan<DbValue> a, ReadOnlySpan<DbValue> b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            int c = _order is null ? DbValue.Compare(a[i], b[i]) : _order.Compare(i, a[i], b[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return 0;
    }

    private sealed record Group(DbValue[] Key, DbValue[] Row, IAggregate[] States);
}
