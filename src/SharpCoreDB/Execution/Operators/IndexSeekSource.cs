// Reads rows through an index: equality on a prefix of the index columns (the
// last of them may be an IN list), then optionally a range on the next column.
// Keys are built with KeyEncoder after applying each column's affinity to the
// probe value, so memcmp order in the index is the comparison order; the range
// bounds are conservative and the query's filters are checked on every row.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;
using SharpCoreDB.Values;

namespace SharpCoreDB.Execution.Operators;

/// <summary>An index seek or range scan, fetching each row from the table.</summary>
internal sealed class IndexSeekSource(QueryContext context, TableSchema table, IndexSchema index, RowDecoder decoder, string alias,
    Evaluator[] equal, Evaluator[]? lastIn, Evaluator? low, bool lowInclusive, Evaluator? high, bool highInclusive) : RowSource
{
    private readonly List<byte[]> _prefixes = [];
    private byte[] _low = [];
    private byte[] _high = [];
    private bool _hasLow;
    private bool _hasHigh;
    private BTreeCursor? _cursor;
    private TableTree? _table;
    private int _prefix;
    private bool _positioned;
    private int _tick;

    public IndexSchema Index => index;

    /// <summary>Index columns bound by equality (the rows come in the order of the columns after them).</summary>
    public int EqualCount => equal.Length;

    public bool HasInList => lastIn is not null;

    public override void Open()
    {
        BTree indexTree = context.Tree(index.RootPage);
        _cursor = _cursor is { } kept && kept.Tree == indexTree ? kept : indexTree.OpenCursor();
        BTree tableTree = context.Tree(table.RootPage);
        _table = _table is { } keptTable && keptTable.Tree == tableTree ? keptTable : new TableTree(tableTree);
        _prefixes.Clear();
        _prefix = 0;
        _positioned = false;
        _hasLow = _hasHigh = false;
        int rangeColumn = equal.Length + (lastIn is null ? 0 : 1);
        if (rangeColumn < index.Columns.Length)
        {
            if (low is not null)
            {
                if (!TryEncode(low.Evaluate(), rangeColumn, out _low))
                {
                    return;
                }

                _hasLow = true;
            }

            if (high is not null)
            {
                if (!TryEncode(high.Evaluate(), rangeColumn, out _high))
                {
                    return;
                }

                _hasHigh = true;
            }
        }

        var values = new DbValue[equal.Length + 1];
        for (int i = 0; i < equal.Length; i++)
        {
            values[i] = Convert(equal[i].Evaluate(), i);
            if (values[i].IsNull)
            {
                return;
            }
        }

        if (lastIn is null)
        {
            _prefixes.Add(Encode(values.AsSpan(0, equal.Length)));
            return;
        }

        var seen = new HashSet<string>();
        foreach (Evaluator item in lastIn)
        {
            values[equal.Length] = Convert(item.Evaluate(), equal.Length);
            if (!values[equal.Length].IsNull)
            {
                byte[] prefix = Encode(values);
                if (seen.Add(System.Convert.ToHexString(prefix)))
                {
                    _prefixes.Add(prefix);
                }
            }
        }

        _prefixes.Sort((a, b) => a.AsSpan().SequenceCompareTo(b));
    }

    public override bool Next()
    {
        if ((++_tick & 1023) == 0)
        {
            context.CheckCancelled();
        }

        BTreeCursor cursor = _cursor!;
        while (_prefix < _prefixes.Count)
        {
            byte[] prefix = _prefixes[_prefix];
            bool ok;
            if (!_positioned)
            {
                _positioned = true;
                if (_hasLow)
                {
                    byte[] start = [.. prefix, .. _low];
                    ok = cursor.SeekGE(start);
                    while (ok && !lowInclusive && cursor.KeyStartsWith(start))
                    {
                        ok = cursor.Next();
                    }
                }
                else
                {
                    ok = cursor.SeekGE(prefix);
                }
            }
            else
            {
                ok = cursor.Next();
            }

            if (ok && cursor.KeyStartsWith(prefix))
            {
                ReadOnlySpan<byte> rest = cursor.Key[prefix.Length..];
                if ((_hasLow || _hasHigh) && rest[0] == KeyEncoder.NullTag)
                {
                    continue;
                }

                if (_hasHigh)
                {
                    int length = Math.Min(_high.Length, rest.Length);
                    int c = rest[..length].SequenceCompareTo(_high);
                    if (c > 0 || (c == 0 && !highInclusive))
                    {
                        NextPrefix();
                        continue;
                    }
                }

                long rowId = KeyEncoder.ReadRowIdSuffix(cursor.Key);
                if (_table!.TryGet(rowId, out ReadOnlyMemory<byte> record))
                {
                    decoder.Decode(record.Span, rowId);
                    return true;
                }

                throw new SharpCoreDBException(SharpCoreDBErrorCode.Corrupt, $"Index {index.Name} refers to a missing row {rowId}.");
            }

            NextPrefix();
        }

        return false;
    }

    public override void NullFill() => decoder.NullFill();

    public override string Describe()
    {
        var parts = new List<string>();
        for (int i = 0; i < equal.Length; i++)
        {
            parts.Add(table.Columns[index.Columns[i]].Name + "=?");
        }

        int next = equal.Length;
        if (lastIn is not null)
        {
            parts.Add(table.Columns[index.Columns[next++]].Name + " IN (...)");
        }

        if (next < index.Columns.Length && (low is not null || high is not null))
        {
            string name = table.Columns[index.Columns[next]].Name;
            parts.Add(low is not null && high is not null ? $"{name}>? AND {name}<?" : low is not null ? name + ">?" : name + "<?");
        }

        return parts.Count == 0
            ? $"SCAN {alias} USING INDEX {index.Name}"
            : $"SEARCH {alias} USING INDEX {index.Name} ({string.Join(" AND ", parts)})";
    }

    private void NextPrefix()
    {
        _prefix++;
        _positioned = false;
    }

    private DbValue Convert(DbValue value, int column) =>
        SqlAffinity.Apply(value, table.Columns[index.Columns[column]].Affinity);

    private bool TryEncode(DbValue value, int column, out byte[] encoded)
    {
        value = Convert(value, column);
        encoded = value.IsNull ? [] : Encode([value]);
        return !value.IsNull;
    }

    private static byte[] Encode(ReadOnlySpan<DbValue> values)
    {
        byte[] buffer = new byte[KeyEncoder.GetSize(values)];
        KeyEncoder.Encode(values, buffer);
        return buffer;
    }
}
