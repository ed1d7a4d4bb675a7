// SELECT COUNT(*) FROM t with no WHERE, GROUP BY or HAVING: counts B+tree entries
// without decoding a single record. Every index but a partial one holds exactly one
// entry per row, and an entry is only its key values and the
// rowid, so the index with the fewest columns has the smallest cells and the
// fewest leaves to visit; the table's own tree is counted only when no index has
// fewer columns than the table (SQLite counts through such an index too).
using SharpCoreDB.Catalog;

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
        _output.Values[0] = DbValue.FromInt64(context.Tree(CountedRoot()).Count());
        return true;
    }

    public override void Explain(List<string> lines, int depth) =>
        lines.Add(Indent(depth) + $"COUNT ROWS OF {table.Name} (entries of {CountedTreeName()})");

    private uint CountedRoot() => NarrowestIndex()?.RootPage ?? table.RootPage;

    private string CountedTreeName() => NarrowestIndex() is { } index ? "index " + index.Name : "the table's B+tree";

    private IndexSchema? NarrowestIndex()
    {
        IndexSchema? narrowest = null;
        int columns = table.Columns.Count;
        foreach (IndexSchema index in table.Indexes)
        {
            // A partial index holds only some rows.
            if (!index.IsPartial && index.Columns.Length < columns)
            {
                narrowest = index;
                columns = index.Columns.Length;
            }
        }

        return narrowest;
    }
}
