// GROUP BY and aggregate functions. Every input row is hashed by its group key
// (a reused probe array, so only new groups allocate); each group keeps its
// aggregate states and a copy of its first row. When the input ends the groups
// are emitted in key order (as SQLite's sorting aggregation does): the group's
// row goes back into the query frame, so non-aggregate expressions in the SELECT
// list read it, and the aggregate results go into the aggregate frame.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Values;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One aggregate call: how to make its state and its argument expressions.</summary>
internal sealed record AggregateSpec(string Name, bool Distinct, Evaluator[] Arguments, Func<IAggregate> Create);

/// <summary>Groups the input and computes aggregates per group.</summary>
internal sealed class AggregateNode(QueryContext context, PlanNode input, Frame frame, Evaluator[] groupKeys, AggregateSpec[] aggregates,
    Frame aggregateFrame) : PlanNode
{
    private readonly Dictionary<HashKey, Group> _groups = [];
    private readonly List<Group> _ordered = [];
    private DbValue[][] _argBuffers = [];
    private int _next;

    public override Frame Output => frame;

    public override int ColumnCount => frame.Values.Length;

    public override void Open()
    {
        _groups.Clear();
        _ordered.Clear();
        _next = 0;
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
            else
            {
                for (int i = 0; i < probe.Length; i++)
                {
                    probe[i] = groupKeys[i].Evaluate();
                }

                if (!_groups.TryGetValue(new HashKey(probe), out group))
                {
                    group = NewGroup((DbValue[])probe.Clone());
                    _groups.Add(new HashKey(group.Key), group);
                }
            }

            Step(group);
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
            _ordered.Sort(static (a, b) => CompareKeys(a.Key, b.Key));
        }
    }

    public override bool Next()
    {
        if (_next >= _ordered.Count)
        {
            return false;
        }

        Group group = _ordered[_next++];
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
        _ordered.Clear();
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
            Evaluator[] arguments = aggregates[i].Arguments;
            DbValue[] buffer = _argBuffers[i];
            for (int a = 0; a < arguments.Length; a++)
            {
                buffer[a] = arguments[a].Evaluate();
            }

            group.States[i].Step(buffer);
        }
    }

    private static int CompareKeys(DbValue[] a, DbValue[] b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            int c = DbValue.Compare(a[i], b[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return 0;
    }

    private sealed record Group(DbValue[] Key, DbValue[] Row, IAggregate[] States);
}
