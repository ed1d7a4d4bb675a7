// Point lookups by rowid: `rowid = x` or `rowid IN (...)` on the INTEGER PRIMARY
// KEY. Each key is one B+tree seek and one record decode.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Fetches the rows with the given rowids.</summary>
internal sealed class RowIdSeekSource(QueryContext context, TableSchema table, RowDecoder decoder, string alias, Evaluator[] keys) : RowSource
{
    private readonly List<long> _ids = [];
    private TableTree? _tree;
    private byte[]? _spill;
    private int _next;

    public override void Open()
    {
        BTree tree = context.Tree(table.RootPage);
        _tree = _tree is { } kept && kept.Tree == tree ? kept : new TableTree(tree);
        _ids.Clear();
        _next = 0;
        foreach (Evaluator key in keys)
        {
            DbValue value = SqlAffinity.Apply(key.Evaluate(), SqlTypeAffinity.Integer);
            if (value.Type == DbValueType.Integer)
            {
                _ids.Add(value.AsInt64());
            }
        }

        if (_ids.Count > 1)
        {
            _ids.Sort();
            int w = 1;
            for (int r = 1; r < _ids.Count; r++)
            {
                if (_ids[r] != _ids[w - 1])
                {
                    _ids[w++] = _ids[r];
                }
            }

            _ids.RemoveRange(w, _ids.Count - w);
        }
    }

    public override bool Next()
    {
        while (_next < _ids.Count)
        {
            long id = _ids[_next++];
            if (_tree!.TryGet(id, ref _spill, out ReadOnlyMemory<byte> record))
            {
                decoder.Decode(record.Span, id);
                return true;
            }
        }

        return false;
    }

    public override void NullFill() => decoder.NullFill();

    public override string Describe() =>
        $"SEARCH {alias} USING INTEGER PRIMARY KEY (rowid{(keys.Length == 1 ? "=?" : " IN (...)")})";
}
