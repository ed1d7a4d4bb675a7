// Reads rows through an index: equality on a prefix of the index columns (the
// last of them may be an IN list), then optionally a range on the next column.
// Keys are built with KeyEncoder after applying each column's affinity and
// collation to the probe value, so memcmp order in the index is the comparison
// order (the planner uses an index only for comparisons in its collation); the range
// bounds are conservative and the query's filters are checked on every row.
//
// The scan runs forward (index order: NULLs first, then ascending, ties by
// rowid) or backward (the exact reverse), which serves ORDER BY ... DESC.
// As the inner side of an index nested loop it is opened once per outer row, so
// Open reuses the cursor, the key buffers and the value array of the previous
// probe: a probe allocates nothing (IN lists still encode one key per item).
// Rows are fetched through a second cursor on the table: consecutive probes
// usually land in the leaf the last one read, which the cursor searches first.
//
// An index under an application collation (keyOrder, IndexKeyOrders) stores its
// texts unfolded in a collated order: prefixes then match and bounds compare value by
// value in that order, and the range column is found by walking the key's values
// rather than at the prefix's byte length.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>An index seek or range scan, fetching each row from the table.</summary>
internal sealed class IndexSeekSource(QueryContext context, TableSchema table, IndexSchema index, RowDecoder decoder, string alias,
    IndexProbe probe, ScanDirection direction, CollatedKeyOrder? keyOrder) : RowSource
{
    private readonly Evaluator[] _equal = probe.Equal;
    private readonly Evaluator[]? _lastIn = probe.LastIn;
    private readonly Evaluator? _lowValue = probe.Range.Low?.Value;
    private readonly bool _lowInclusive = probe.Range.Low?.Inclusive ?? false;
    private readonly Evaluator? _highValue = probe.Range.High?.Value;
    private readonly bool _highInclusive = probe.Range.High?.Inclusive ?? false;
    private readonly bool _descending = direction == ScanDirection.Backward;
    private readonly List<ReadOnlyMemory<byte>> _prefixes = [];
    private readonly DbValue[] _values = new DbValue[probe.Equal.Length + 1];
    private readonly byte[] _rowKey = new byte[RowIdKey.MaxSize];
    private byte[] _prefixBuffer = new byte[32];
    private byte[] _low = new byte[16];
    private byte[] _high = new byte[16];
    private byte[] _start = new byte[48];
    private int _lowLength = -1;
    private int _highLength = -1;
    private BTreeCursor? _cursor;
    private BTreeCursor? _rows;
    private long _generation = -1;
    private int _prefix;
    private bool _positioned;
    private int _tick;

    public IndexSchema Index => index;

    /// <summary>Index columns bound by equality (the rows come in the order of the columns after them).</summary>
    public int EqualCount => _equal.Length;

    public bool HasInList => _lastIn is not null;

    public bool Descending => _descending;

    /// <summary>The same seek run in the given direction.</summary>
    public IndexSeekSource InDirection(ScanDirection wanted) =>
        wanted == direction ? this : new(context, table, index, decoder, alias, probe, wanted, keyOrder);

    public override void Open()
    {
        // The trees are bound to this execution's pages once per execution (the context keeps the tree objects
        // across executions); the cursors are re-attached then, keeping their buffers. Within one execution
        // (one Generation, e.g. the probes of a nested loop) they stay where they are, so a probe near the
        // previous one finds its leaf without a descent.
        if (_generation != context.Generation || _cursor is null)
        {
            _generation = context.Generation;
            _cursor = context.Tree(index.RootPage, keyOrder).OpenCursor(_cursor);
            _rows = context.Tree(table.RootPage).OpenCursor(_rows);
        }

        _prefixes.Clear();
        _prefix = 0;
        _positioned = false;
        _lowLength = _highLength = -1;
        int rangeColumn = _equal.Length + (_lastIn is null ? 0 : 1);
        if (rangeColumn < index.Columns.Length)
        {
            if (_lowValue is not null && !TryEncode(_lowValue.Evaluate(), rangeColumn, ref _low, out _lowLength))
            {
                return;
            }

            if (_highValue is not null && !TryEncode(_highValue.Evaluate(), rangeColumn, ref _high, out _highLength))
            {
                return;
            }
        }

        DbValue[] values = _values;
        for (int i = 0; i < _equal.Length; i++)
        {
            values[i] = Convert(_equal[i].Evaluate(), i);
            if (values[i].IsNull)
            {
                return;
            }
        }

        if (_lastIn is null)
        {
            int length = Encode(values.AsSpan(0, _equal.Length), ref _prefixBuffer);
            _prefixes.Add(_prefixBuffer.AsMemory(0, length));
            return;
        }

        foreach (Evaluator item in _lastIn)
        {
            values[_equal.Length] = Convert(item.Evaluate(), _equal.Length);
            if (!values[_equal.Length].IsNull)
            {
                byte[] prefix = [];
                Encode(values, ref prefix);
                _prefixes.Add(prefix);
            }
        }

        // In the index's order, and once each: items its collation calls equal seek the same entries.
        _prefixes.Sort((a, b) => keyOrder is null ? a.Span.SequenceCompareTo(b.Span) : keyOrder.Compare(a.Span, b.Span));
        int kept = 0;
        for (int i = 0; i < _prefixes.Count; i++)
        {
            if (kept == 0 || (keyOrder is null ? !_prefixes[i].Span.SequenceEqual(_prefixes[kept - 1].Span) : keyOrder.Compare(_prefixes[i].Span, _prefixes[kept - 1].Span) != 0))
            {
                _prefixes[kept++] = _prefixes[i];
            }
        }

        _prefixes.RemoveRange(kept, _prefixes.Count - kept);
    }

    public override bool Next()
    {
        if ((++_tick & 1023) == 0)
        {
            context.CheckCancelled();
        }

        BTreeCursor cursor = _cursor!;
        bool hasLow = _lowLength >= 0;
        bool hasHigh = _highLength >= 0;
        while (_prefix < _prefixes.Count)
        {
            ReadOnlySpan<byte> prefix = _prefixes[_descending ? _prefixes.Count - 1 - _prefix : _prefix].Span;
            bool ok;
            if (!_positioned)
            {
                _positioned = true;
                ok = _descending ? PositionLast(cursor, prefix) : PositionFirst(cursor, prefix);
            }
            else
            {
                ok = _descending ? cursor.Prev() : cursor.Next();
            }

            if (ok && cursor.KeyStartsWith(prefix))
            {
                int rangeColumn = _equal.Length + (_lastIn is null ? 0 : 1);
                ReadOnlySpan<byte> rest = cursor.Key[(keyOrder is null ? prefix.Length : KeyEncoder.SkipValues(cursor.Key, rangeColumn))..];
                if ((hasLow || hasHigh) && rest[0] == KeyEncoder.NullTag)
                {
                    // NULLs sort first: going backward, every key left under this prefix is NULL too.
                    if (_descending)
                    {
                        NextPrefix();
                    }

                    continue;
                }

                if (!_descending && hasHigh)
                {
                    int c = CompareBound(rest, rangeColumn, _high.AsSpan(0, _highLength));
                    if (c > 0 || (c == 0 && !_highInclusive))
                    {
                        NextPrefix();
                        continue;
                    }
                }

                if (_descending && hasLow)
                {
                    int c = CompareBound(rest, rangeColumn, _low.AsSpan(0, _lowLength));
                    if (c < 0 || (c == 0 && !_lowInclusive))
                    {
                        NextPrefix();
                        continue;
                    }
                }

                long rowId = KeyEncoder.ReadRowIdSuffix(cursor.Key);
                if (_rows!.SeekExact(_rowKey.AsSpan(0, RowIdKey.Write(rowId, _rowKey))))
                {
                    decoder.Decode(_rows.Value, rowId);
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
        for (int i = 0; i < _equal.Length; i++)
        {
            parts.Add(index.KeyName(table, i) + "=?");
        }

        int next = _equal.Length;
        if (_lastIn is not null)
        {
            parts.Add(index.KeyName(table, next++) + " IN (...)");
        }

        if (next < index.Columns.Length && probe.Range.IsBounded)
        {
            parts.Add(probe.Range.Describe(index.KeyName(table, next)));
        }

        string direction = _descending ? " (descending)" : string.Empty;
        return parts.Count == 0
            ? $"SCAN {alias} USING INDEX {index.Name}{direction}"
            : $"SEARCH {alias} USING INDEX {index.Name} ({string.Join(" AND ", parts)}){direction}";
    }

    // Forward start: the first key of the prefix at or above the low bound.
    private bool PositionFirst(BTreeCursor cursor, ReadOnlySpan<byte> prefix)
    {
        if (_lowLength < 0)
        {
            return cursor.SeekGE(prefix);
        }

        ReadOnlySpan<byte> start = Concat(prefix, _low.AsSpan(0, _lowLength));
        bool ok = cursor.SeekGE(start);
        while (ok && !_lowInclusive && cursor.KeyStartsWith(start))
        {
            ok = cursor.Next();
        }

        return ok;
    }

    // Backward start: the last key of the prefix at or below the high bound (keys equal to an exclusive bound start
    // with prefix + bound, so the last key below them is the last key before that).
    private bool PositionLast(BTreeCursor cursor, ReadOnlySpan<byte> prefix)
    {
        if (_highLength < 0)
        {
            return cursor.SeekPrefixEnd(prefix);
        }

        ReadOnlySpan<byte> start = Concat(prefix, _high.AsSpan(0, _highLength));
        return _highInclusive ? cursor.SeekPrefixEnd(start) : cursor.SeekLT(start);
    }

    private ReadOnlySpan<byte> Concat(ReadOnlySpan<byte> prefix, ReadOnlySpan<byte> bound)
    {
        int length = prefix.Length + bound.Length;
        if (_start.Length < length)
        {
            _start = new byte[Math.Max(length, _start.Length * 2)];
        }

        prefix.CopyTo(_start);
        bound.CopyTo(_start.AsSpan(prefix.Length));
        return _start.AsSpan(0, length);
    }

    // The range column's value (at the start of rest, what follows the prefix) against an encoded bound: memcmp over the
    // bound's length, or the value compared in the index's collated order.
    private int CompareBound(ReadOnlySpan<byte> rest, int rangeColumn, ReadOnlySpan<byte> bound) =>
        keyOrder is null
            ? rest[..Math.Min(bound.Length, rest.Length)].SequenceCompareTo(bound)
            : keyOrder.CompareValue(rangeColumn, rest[..KeyEncoder.ValueLength(rest)], bound);

    private void NextPrefix()
    {
        _prefix++;
        _positioned = false;
    }

    // The probe value as the index stores it: the key's affinity applied, then its collation's folding.
    private DbValue Convert(DbValue value, int column) =>
        index.KeyValue(column, SqlAffinity.Apply(value, index.KeyAffinities[column]));

    private bool TryEncode(DbValue value, int column, ref byte[] buffer, out int length)
    {
        value = Convert(value, column);
        if (value.IsNull)
        {
            length = -1;
            return false;
        }

        length = Encode([value], ref buffer);
        return true;
    }

    // Encodes into buffer, growing it when it is too small; returns the encoded length.
    private static int Encode(ReadOnlySpan<DbValue> values, ref byte[] buffer)
    {
        if (values.Length == 1 && values[0].Type is DbValueType.Integer && buffer.Length >= NumericKey.MaxSize)
        {
            // The usual join probe: one integer, encoded straight into a buffer that always has room for a number.
            return KeyEncoder.Encode(values[0], buffer);
        }

        int size = KeyEncoder.GetSize(values);
        if (buffer.Length < size)
        {
            buffer = new byte[Math.Max(size, buffer.Length * 2)];
        }

        KeyEncoder.Encode(values, buffer);
        return size;
    }
}
