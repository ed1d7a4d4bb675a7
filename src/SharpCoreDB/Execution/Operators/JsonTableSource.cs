// json_each or json_tree in FROM (EXPLAIN: "SCAN json_each AS e VIRTUAL TABLE"): each
// Open evaluates the arguments, which may read the relations bound before it (so
// `FROM t, json_each(t.doc)` walks each row's document), and lists the rows
// (Execution/Functions/Json/JsonTableRows) that Next copies into the relation's slots.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions.Json;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Rows of json_each / json_tree for the current values of its arguments.</summary>
internal sealed class JsonTableSource(bool tree, Evaluator document, Evaluator? rootPath, Frame frame, int firstSlot, string alias) : RowSource
{
    private readonly List<DbValue[]> _rows = [];
    private int _next;

    public override void Open()
    {
        _rows.Clear();
        _next = 0;
        JsonTableRows.Build(tree, document.Evaluate(), rootPath?.Evaluate(), _rows);
    }

    public override bool Next()
    {
        if (_next >= _rows.Count)
        {
            return false;
        }

        _rows[_next++].CopyTo(frame.Values, firstSlot);
        return true;
    }

    public override void NullFill() => Array.Fill(frame.Values, DbValue.Null, firstSlot, JsonTableRows.ColumnNames.Length);

    public override string Describe() => $"SCAN {alias} VIRTUAL TABLE INDEX 0:{(tree ? "json_tree" : "json_each")}";
}
