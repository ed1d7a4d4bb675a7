// SELECT COUNT(*) FROM t with no WHERE, GROUP BY or HAVING: counts the table's
// B+tree entries without decoding a single record.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Values;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One row holding the table's row count.</summary>
internal sealed class CountRowsNode(QueryContext context, TableSchema table) : PlanNode
{
    private readonly Frame _output = new() { Values = new DbValue[1] };
    private bool _done;

    public override Frame Output => _output;

    public override int ColumnCount => 1;

    public override void Open() => _done = false;

    public override bool Next()
    {
        if (_done)
        {
            return false;
        }

        _done = true;
        _output.Values[0] = DbValue.FromInt64(new TableTree(context.Tree(table.RootPage)).Count());
        return true;
    }

    public override void Explain(List<string> lines, int depth) => lines.Add(Indent(depth) + $"COUNT ROWS OF {table.Name} (B+tree entries)");
}
