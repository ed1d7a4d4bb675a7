// ORDER BY: reads every input row (visible columns and hidden sort keys) into an
// ExternalSorter, which sorts in memory or, past the memory budget, spills
// sorted runs to temporary files and merges them; then replays the rows in
// order into its own frame. The sort is stable, so ties keep input order.
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Sorts its input.</summary>
internal sealed class SortNode(QueryContext context, PlanNode input, SortKey[] keys, string label) : PlanNode
{
    private readonly Frame _output = new();
    private ExternalSorter? _sorter;

    public override Frame Output => _output;

    public override int ColumnCount => input.ColumnCount;

    public override void Open()
    {
        _sorter?.Dispose();
        int width = input.Output.Values.Length;
        if (_output.Values.Length != width)
        {
            _output.Values = new DbValue[width];
        }

        _sorter = new ExternalSorter(context, keys, width);
        input.Open();
        int tick = 0;
        while (input.Next())
        {
            if ((++tick & 1023) == 0)
            {
                context.CheckCancelled();
            }

            _sorter.Add(input.Output.Values);
        }

        input.Close();
        _sorter.Finish();
    }

    public override bool Next() => _sorter!.Next(_output.Values);

    public override void Close()
    {
        _sorter?.Dispose();
        _sorter = null;
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "SORT " + label);
        input.Explain(lines, depth + 1);
    }
}
