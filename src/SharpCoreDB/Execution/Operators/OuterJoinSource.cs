// A join the nested loops of one pipeline cannot run: a RIGHT or FULL JOIN of more relations
// than FullJoinTail handles, or with a subquery, view or CTE where it needs a table, and an
// outer join whose right side is a parenthesized join. Each side is a pipeline of its own
// writing the same frame (SlotSet names its slots). On Open the right side is run to the end
// and kept in a RowStore (spilling chunk by chunk past the threshold); the left side is read
// in blocks of up to the threshold rows, and every block is joined with every chunk: the ON
// conditions decide each pair, tried only for the chunk's rows whose keys equal the left
// row's when the ON has BINARY equalities across the sides (HashJoinKeys), else for all.
// Matches are remembered by position: a flag per row of the block (LEFT and FULL then emit
// the block's unmatched rows NULL-extended on the right) and a bit per row of the store
// (RIGHT and FULL emit the unmatched ones, NULL-extended on the left, at the end). Memory
// stays within a block, a chunk and its hash. EXPLAIN: "FULL JOIN c (MATERIALIZED, HASH ON
// 1 KEY)", then the left side's plan, "MATERIALIZE c" over the right side's, and "FULL JOIN
// UNMATCHED ROWS: MATERIALIZED c".
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Joins two pipelines by materializing the right one, for RIGHT, FULL and nested joins.</summary>
internal sealed class OuterJoinSource(QueryContext context, JoinKind kind, PlanNode left, PlanNode right, SlotSet leftSlots, SlotSet rightSlots,
    Evaluator[] on, HashJoinKeys? keys, string label) : RowSource
{
    private static readonly List<int> NoCandidates = [];
    private readonly List<DbValue[]> _block = [];
    private bool[] _blockMatched = [];
    private int _blockCount;
    private bool _leftDone;
    private RowStore? _store;
    private ulong[] _rightMatched = [];
    private Phase _phase = Phase.Done;
    private int _chunk;
    private int _loadedChunk = -1;
    private IReadOnlyList<DbValue[]> _rows = [];
    private long _chunkStart;
    private Dictionary<HashKey, List<int>>? _hash;
    private int _leftIndex;
    private List<int>? _candidates;
    private int _next;
    private int _tick;

    private enum Phase
    {
        Block,
        Pairs,
        LeftUnmatched,
        RightUnmatched,
        Done,
    }

    private bool EmitsLeftUnmatched => kind is JoinKind.Left or JoinKind.Full;

    private bool EmitsRightUnmatched => kind is JoinKind.Right or JoinKind.Full;

    public override void Open()
    {
        Close();
        _store = new RowStore(context, rightSlots.Width);
        right.Open();
        while (right.Next())
        {
            Tick();
            var row = new DbValue[rightSlots.Width];
            rightSlots.Save(row);
            _store.Add(row);
        }

        right.Close();
        _rightMatched = new ulong[(_store.Count + 63) / 64];
        _leftDone = false;
        _blockCount = 0;
        if (_store.Count == 0 && !EmitsLeftUnmatched)
        {
            // Nothing on the right: no pairs, and no left row appears alone.
            _phase = Phase.Done;
            return;
        }

        left.Open();
        _phase = Phase.Block;
    }

    public override bool Next()
    {
        while (true)
        {
            switch (_phase)
            {
                case Phase.Block:
                    if (!FillBlock())
                    {
                        _phase = EmitsRightUnmatched ? StartRightUnmatched() : Phase.Done;
                        break;
                    }

                    _chunk = 0;
                    LoadChunk(0);
                    HashChunk();
                    _leftIndex = -1;
                    NextLeftRow();
                    _phase = Phase.Pairs;
                    break;
                case Phase.Pairs:
                    if (NextPair())
                    {
                        return true;
                    }

                    _leftIndex = 0;
                    _phase = EmitsLeftUnmatched ? Phase.LeftUnmatched : Phase.Block;
                    break;
                case Phase.LeftUnmatched:
                    while (_leftIndex < _blockCount)
                    {
                        int i = _leftIndex++;
                        if (!_blockMatched[i])
                        {
                            leftSlots.Restore(_block[i]);
                            rightSlots.NullFill();
                            return true;
                        }
                    }

                    _phase = Phase.Block;
                    break;
                case Phase.RightUnmatched:
                    if (NextUnmatchedRight())
                    {
                        return true;
                    }

                    _phase = Phase.Done;
                    break;
                default:
                    return false;
            }
        }
    }

    public override void NullFill()
    {
        leftSlots.NullFill();
        rightSlots.NullFill();
    }

    public override void Close()
    {
        left.Close();
        right.Close();
        _store?.Dispose();
        _store = null;
        _block.Clear();
        _rows = [];
        _hash = null;
        _loadedChunk = -1;
        _phase = Phase.Done;
    }

    public override string Describe() =>
        $"{KindName} {label} (MATERIALIZED, {(keys is null ? "NESTED LOOP" : $"HASH ON {keys.Count} KEY{(keys.Count == 1 ? "" : "S")}")})";

    public override void ExplainInner(List<string> lines, int depth)
    {
        string indent = new(' ', depth * 2);
        left.Explain(lines, depth);
        lines.Add(indent + "MATERIALIZE " + label);
        right.Explain(lines, depth + 1);
        if (EmitsRightUnmatched)
        {
            lines.Add(indent + KindName + " UNMATCHED ROWS: MATERIALIZED " + label);
        }
    }

    private string KindName => kind switch
    {
        JoinKind.Right => "RIGHT JOIN",
        JoinKind.Full => "FULL JOIN",
        JoinKind.Left => "LEFT JOIN",
        _ => "JOIN",
    };

    // The next block of left rows, saved out of the frame; false when the left side is done.
    private bool FillBlock()
    {
        if (_leftDone)
        {
            return false;
        }

        // The left pipeline stopped at the previous block's last row, and reading on may depend on
        // the values it left in its slots (an outer level's row, a nested join's current row),
        // which joining that block has overwritten since.
        if (_blockCount > 0)
        {
            leftSlots.Restore(_block[_blockCount - 1]);
        }

        int limit = Math.Max(1, context.SpillThresholdRows);
        _blockCount = 0;
        while (_blockCount < limit)
        {
            if (!left.Next())
            {
                _leftDone = true;
                left.Close();
                break;
            }

            Tick();
            if (_blockCount == _block.Count)
            {
                _block.Add(new DbValue[leftSlots.Width]);
            }

            leftSlots.Save(_block[_blockCount++]);
        }

        if (_blockMatched.Length < _blockCount)
        {
            _blockMatched = new bool[_blockCount];
        }

        Array.Clear(_blockMatched, 0, _blockCount);
        return _blockCount > 0;
    }

    // The next pair of the block's rows and the store's that passes ON, in the frame: the chunks
    // in order, each joined with every row of the block.
    private bool NextPair()
    {
        while (true)
        {
            if (_leftIndex >= _blockCount)
            {
                if (_chunk + 1 >= _store!.ChunkCount)
                {
                    return false;
                }

                LoadChunk(++_chunk);
                HashChunk();
                _leftIndex = -1;
                NextLeftRow();
                continue;
            }

            int count = _candidates?.Count ?? _rows.Count;
            while (_next < count)
            {
                int j = _candidates is null ? _next : _candidates[_next];
                _next++;
                Tick();
                rightSlots.Restore(_rows[j]);
                if (Passes())
                {
                    _blockMatched[_leftIndex] = true;
                    long position = _chunkStart + j;
                    _rightMatched[position >> 6] |= 1UL << (int)(position & 63);
                    return true;
                }
            }

            NextLeftRow();
        }
    }

    // Puts the block's next row in the frame and finds the chunk's rows it may match.
    private void NextLeftRow()
    {
        _leftIndex++;
        _next = 0;
        _candidates = null;
        if (_leftIndex >= _blockCount)
        {
            return;
        }

        leftSlots.Restore(_block[_leftIndex]);
        if (_hash is not null)
        {
            _candidates = keys!.Probe() is { } key && _hash.TryGetValue(key, out List<int>? found) ? found : NoCandidates;
        }
    }

    private Phase StartRightUnmatched()
    {
        leftSlots.NullFill();
        _chunk = 0;
        _next = 0;
        LoadChunk(0);
        return Phase.RightUnmatched;
    }

    private bool NextUnmatchedRight()
    {
        while (true)
        {
            while (_next < _rows.Count)
            {
                int j = _next++;
                Tick();
                long position = _chunkStart + j;
                if ((_rightMatched[position >> 6] & (1UL << (int)(position & 63))) == 0)
                {
                    rightSlots.Restore(_rows[j]);
                    return true;
                }
            }

            if (_chunk + 1 >= _store!.ChunkCount)
            {
                return false;
            }

            LoadChunk(++_chunk);
            _next = 0;
        }
    }

    // Reads a chunk of the store, a spilled one from its file (a chunk read last is still there).
    private void LoadChunk(int chunk)
    {
        _chunkStart = _store!.ChunkStart(chunk);
        if (chunk == _loadedChunk)
        {
            return;
        }

        _rows = _store.Chunk(chunk);
        _loadedChunk = chunk;
        _hash = null;
    }

    // With keys, hashes the loaded chunk's rows by them (once per chunk read).
    private void HashChunk()
    {
        if (keys is null || _hash is not null)
        {
            return;
        }

        _hash = [];
        for (int j = 0; j < _rows.Count; j++)
        {
            Tick();
            rightSlots.Restore(_rows[j]);
            if (keys.Hashed() is not { } key)
            {
                continue;
            }

            if (!_hash.TryGetValue(key, out List<int>? list))
            {
                _hash[key] = list = [];
            }

            list.Add(j);
        }
    }

    private bool Passes()
    {
        foreach (Evaluator condition in on)
        {
            if (SqlTruth.IsTrue(condition.Evaluate()) != true)
            {
                return false;
            }
        }

        return true;
    }

    private void Tick()
    {
        if ((++_tick & 1023) == 0)
        {
            context.CheckCancelled();
        }
    }
}
