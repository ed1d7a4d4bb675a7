// A full scan of a table in rowid order (or backwards), or a range of rowids
// when the WHERE clause bounds the INTEGER PRIMARY KEY. Record filters (LIKE
// conjuncts the planner could check on the record's bytes) reject rows before
// they are decoded; the conjuncts still run on the rows that get through.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.BTree;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Reads a table's rows, all of them or a rowid range.</summary>
internal sealed class TableScanSource(QueryContext context, TableSchema table, RowDecoder decoder, string alias,
    ScanRange range, ScanDirection direction) : RowSource
{
    private readonly bool _descending = direction == ScanDirection.Backward;
    private RecordLikeFilter[] _filters = [];
    private BTreeCursor? _cursor;
    private bool _first;
    private bool _empty;
    private long _low;
    private long _high;
    private int _tick;

    /// <summary>True when a rowid range limits the scan.</summary>
    public bool IsBounded => range.IsBounded;

    public bool Descending => _descending;

    public RowDecoder Decoder => decoder;

    /// <summary>Filters checked on each record before it is decoded.</summary>
    public IReadOnlyList<RecordLikeFilter> RecordFilters => _filters;

    /// <summary>The same scan in the given rowid direction (for an ORDER BY rowid the scan serves).</summary>
    public TableScanSource InDirection(ScanDirection wanted) =>
        wanted == direction ? this : new(context, table, decoder, alias, range, wanted) { _filters = _filters };

    /// <summary>Adds a pre-check of one of the level's conjuncts on the record bytes.</summary>
    public void AddRecordFilter(RecordLikeFilter filter) => _filters = [.. _filters, filter];

    public override void Open()
    {
        _cursor = context.Tree(table.RootPage).OpenCursor(_cursor);
        _first = true;
        _empty = false;
        _low = long.MinValue;
        _high = long.MaxValue;
        if (range.Low is { } low && !Bound(low.Value.Evaluate(), low.Inclusive, isLow: true, ref _low))
        {
            _empty = true;
        }

        if (range.High is { } high && !Bound(high.Value.Evaluate(), high.Inclusive, isLow: false, ref _high))
        {
            _empty = true;
        }

        foreach ((ScanBound bound, bool isLow) in range.MoreBounds)
        {
            long limit = isLow ? long.MinValue : long.MaxValue;
            if (!Bound(bound.Value.Evaluate(), bound.Inclusive, isLow, ref limit))
            {
                _empty = true;
            }
            else if (isLow)
            {
                _low = Math.Max(_low, limit);
            }
            else
            {
                _high = Math.Min(_high, limit);
            }
        }

        foreach (RecordLikeFilter filter in _filters)
        {
            filter.Prepare();
        }
    }

    public override bool Next()
    {
        if (_empty)
        {
            return false;
        }

        if ((++_tick & 1023) == 0)
        {
            context.CheckCancelled();
        }

        BTreeCursor cursor = _cursor!;
        Span<byte> key = stackalloc byte[RowIdKey.MaxSize];
        while (true)
        {
            bool ok;
            if (_first)
            {
                _first = false;
                if (_descending)
                {
                    ok = _high == long.MaxValue ? cursor.SeekLast() : cursor.SeekLE(key[..RowIdKey.Write(_high, key)]);
                }
                else
                {
                    ok = _low == long.MinValue ? cursor.SeekFirst() : cursor.SeekGE(key[..RowIdKey.Write(_low, key)]);
                }
            }
            else
            {
                ok = _descending ? cursor.Prev() : cursor.Next();
            }

            if (!ok)
            {
                return false;
            }

            long rowId = RowIdKey.Read(cursor.Key);
            if (rowId > _high || rowId < _low)
            {
                return false;
            }

            ReadOnlySpan<byte> record = cursor.Value;
            if (!Passes(record))
            {
                if ((++_tick & 1023) == 0)
                {
                    context.CheckCancelled();
                }

                continue;
            }

            decoder.Decode(record, rowId);
            return true;
        }
    }

    public override void NullFill() => decoder.NullFill();

    public override string Describe()
    {
        return range.IsBounded
            ? $"SEARCH {alias} USING INTEGER PRIMARY KEY ({range.Describe("rowid")})"
            : $"SCAN {alias}" + (_descending ? " (descending)" : string.Empty);
    }

    private bool Passes(ReadOnlySpan<byte> record)
    {
        foreach (RecordLikeFilter filter in _filters)
        {
            if (!filter.MayPass(record))
            {
                return false;
            }
        }

        return true;
    }

    // Turns a bound value into an inclusive rowid limit; false when nothing can match.
    private static bool Bound(DbValue value, bool inclusive, bool isLow, ref long limit)
    {
        if (value.Type != DbValueType.Integer)
        {
            value = SqlAffinity.Apply(value, SqlTypeAffinity.Integer);
        }

        if (value.IsNull)
        {
            return false;
        }

        if (value.Type == DbValueType.Integer)
        {
            long v = value.AsInt64();
            if (!inclusive)
            {
                if (isLow ? v == long.MaxValue : v == long.MinValue)
                {
                    return false;
                }

                v = isLow ? v + 1 : v - 1;
            }

            limit = v;
            return true;
        }

        if (value.Type == DbValueType.Real)
        {
            double d = value.AsDouble();
            if (isLow)
            {
                double c = Math.Ceiling(d);
                limit = c > 9.2e18 ? long.MaxValue : c < -9.2e18 ? long.MinValue : (long)c;
                if (!inclusive && c == d && limit != long.MaxValue)
                {
                    limit++;
                }
            }
            else
            {
                double f = Math.Floor(d);
                limit = f > 9.2e18 ? long.MaxValue : f < -9.2e18 ? long.MinValue : (long)f;
                if (!inclusive && f == d && limit != long.MinValue)
                {
                    limit--;
                }
            }

            return true;
        }

        // Text and blobs sort after every number: a lower bound excludes all rowids, an upper one none.
        return !isLow;
    }
}
