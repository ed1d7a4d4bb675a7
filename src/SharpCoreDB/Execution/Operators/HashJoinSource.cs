// The inner side of a hash join: on the first Open of an execution it reads the
// whole relation (through its own source, with the filters that touch only it)
// into a hash table keyed by the join columns; every later Open probes the table
// with the outer row's key values. Used for equi-joins that no index serves.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Builds a hash table from one relation and probes it per outer row.</summary>
internal sealed class HashJoinSource(QueryContext context, RowSource build, Evaluator[] buildFilters, HashJoinKeys keys,
    Frame frame, int firstSlot, int slotCount) : RowSource
{
    private readonly Dictionary<HashKey, List<DbValue[]>> _table = [];
    private long _generation = -1;
    private List<DbValue[]>? _matches;
    private int _next;

    public override void Open()
    {
        if (_generation != context.Generation)
        {
            Build();
        }

        _next = 0;
        _matches = null;
        if (keys.Probe() is { } probe)
        {
            _table.TryGetValue(probe, out _matches);
        }
    }

    public override bool Next()
    {
        if (_matches is null || _next >= _matches.Count)
        {
            return false;
        }

        _matches[_next++].CopyTo(frame.Values, firstSlot);
        return true;
    }

    public override void NullFill() => Array.Fill(frame.Values, DbValue.Null, firstSlot, slotCount);

    public override string Describe() => "HASH JOIN " + build.Describe();

    private void Build()
    {
        _table.Clear();
        build.Open();
        while (build.Next())
        {
            if (!Passes())
            {
                continue;
            }

            if (keys.Hashed() is not { } hashKey)
            {
                continue;
            }

            if (!_table.TryGetValue(hashKey, out List<DbValue[]>? list))
            {
                _table[hashKey] = list = [];
            }

            list.Add(frame.Values.AsSpan(firstSlot, slotCount).ToArray());
        }

        build.Close();
        _generation = context.Generation;
    }

    private bool Passes()
    {
        foreach (Evaluator filter in buildFilters)
        {
            if (SqlTruth.IsTrue(filter.Evaluate()) != true)
            {
                return false;
            }
        }

        return true;
    }
}
