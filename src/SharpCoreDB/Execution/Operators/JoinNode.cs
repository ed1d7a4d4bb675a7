// The FROM/WHERE part of a SELECT: nested loops over the relations in the order
// the planner chose, each level reading its relation through a RowSource (scan,
// seek, hash probe) and checking the filters that became checkable at that
// level. A LEFT JOIN level that finds no row passing its ON conditions produces
// one NULL-filled row; a FULL JOIN's right level also reports its matches to the
// FullJoinTail, which yields the unmatched right rows after the loops are done. Rows
// appear in the query frame; nothing is copied.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Nested-loop join pipeline writing rows into the scope frame.</summary>
internal sealed class JoinNode(QueryContext context, Frame frame, JoinLevel[] levels, Evaluator[] constantFilters) : PlanNode
{
    private int _depth;
    private bool _started;
    private bool _done;
    private bool _inTail;

    /// <summary>The unmatched right rows of a FULL JOIN, yielded after the loops; null without one.</summary>
    public FullJoinTail? Tail { get; init; }

    public JoinLevel[] Levels => levels;

    public override Frame Output => frame;

    public override int ColumnCount => frame.Values.Length;

    public override void Open()
    {
        _started = false;
        _done = false;
        _inTail = false;
        Tail?.Reset();
        foreach (Evaluator filter in constantFilters)
        {
            if (SqlTruth.IsTrue(filter.Evaluate()) != true)
            {
                _done = true;
            }
        }
    }

    public override bool Next()
    {
        if (_inTail)
        {
            return Tail!.Next();
        }

        if (_done)
        {
            return false;
        }

        if (!_started)
        {
            _started = true;
            _depth = 0;
            OpenLevel(0);
        }

        while (_depth >= 0)
        {
            JoinLevel level = levels[_depth];
            bool produced = false;
            if (level.Source.Next())
            {
                if (!Check(level.OnFilters))
                {
                    continue;
                }

                level.Matched = true;
                produced = true;
                if (level.ReportsMatches)
                {
                    Tail!.RecordMatch();
                }
            }
            else if (level.IsLeftJoin && !level.Matched && !level.NullEmitted)
            {
                level.NullEmitted = true;
                level.Source.NullFill();
                produced = true;
            }

            if (!produced)
            {
                level.Source.Close();
                _depth--;
                continue;
            }

            if (!Check(level.Filters))
            {
                continue;
            }

            if (_depth == levels.Length - 1)
            {
                return true;
            }

            _depth++;
            OpenLevel(_depth);
        }

        _done = true;
        if (Tail is not null)
        {
            _inTail = true;
            Tail.Open();
            return Tail.Next();
        }

        return false;
    }

    public override void Close()
    {
        Tail?.Close();
        foreach (JoinLevel level in levels)
        {
            level.Source.Close();
        }
    }

    public override void Explain(List<string> lines, int depth)
    {
        for (int i = 0; i < levels.Length; i++)
        {
            string how = i == 0 ? string.Empty : levels[i].IsLeftJoin ? "LEFT JOIN " : "NESTED LOOP ";
            lines.Add(Indent(depth + i) + how + levels[i].Source.Describe());
            levels[i].Source.ExplainInner(lines, depth + i + 1);
        }

        if (Tail is not null)
        {
            lines.Add(Indent(depth) + Tail.Describe());
        }
    }

    private void OpenLevel(int depth)
    {
        context.CheckCancelled();
        JoinLevel level = levels[depth];
        level.Matched = false;
        level.NullEmitted = false;
        level.Source.Open();
    }

    private static bool Check(Evaluator[] filters)
    {
        foreach (Evaluator filter in filters)
        {
            if (SqlTruth.IsTrue(filter.Evaluate()) != true)
            {
                return false;
            }
        }

        return true;
    }
}
