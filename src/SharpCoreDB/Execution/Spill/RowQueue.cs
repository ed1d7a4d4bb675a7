// A first-in, first-out queue of rows that spills to temporary files, for the work
// queue of a recursive common table expression: a breadth-first walk of a wide
// graph can queue far more rows than fit in memory, and must slow down, not fail.
//
//   Enqueue ──> tail (memory, up to a chunk) ──> chunk files (oldest first) ──> head (memory) ──> Dequeue
//
// While nothing has spilled, rows go straight to the head. Once the queue holds the
// spill threshold, new rows collect in the tail, which is written out as one file
// whenever it fills a chunk. Dequeue reads the head, then the oldest file, then
// takes the tail over as the new head: the order in which rows come out is the
// order they went in, whichever way each travelled.

namespace SharpCoreDB.Execution.Spill;

/// <summary>A FIFO row queue bounded in memory.</summary>
internal sealed class RowQueue(QueryContext context, int width) : IDisposable
{
    private readonly Queue<DbValue[]> _head = new();
    private readonly Queue<SpillFile> _files = new();
    private List<DbValue[]> _tail = [];
    private SpillFile? _reading;

    /// <summary>Rows in the queue.</summary>
    public long Count { get; private set; }

    /// <summary>Temporary files written since the queue was last cleared.</summary>
    public int FilesWritten { get; private set; }

    public void Enqueue(DbValue[] row)
    {
        Count++;
        int threshold = context.SpillThresholdRows;
        if (_files.Count == 0 && _reading is null && _tail.Count == 0 && (_head.Count < threshold || context.Storage is null))
        {
            _head.Enqueue(row);
            return;
        }

        _tail.Add(row);
        if (_tail.Count >= threshold && context.Storage is not null)
        {
            SpillFile file = context.CreateSpillFile();
            foreach (DbValue[] spilled in _tail)
            {
                file.Write(spilled);
            }

            file.CompleteWrites();
            _files.Enqueue(file);
            FilesWritten++;
            _tail.Clear();
        }
    }

    /// <summary>Takes the oldest row; false when the queue is empty.</summary>
    public bool TryDequeue(out DbValue[] row)
    {
        if (_head.TryDequeue(out row!))
        {
            Count--;
            return true;
        }

        while (_reading is not null || _files.Count > 0)
        {
            _reading ??= _files.Dequeue();
            row = new DbValue[width];
            if (_reading.Read(row))
            {
                Count--;
                return true;
            }

            _reading.Dispose();
            _reading = null;
        }

        if (_tail.Count == 0)
        {
            row = [];
            return false;
        }

        foreach (DbValue[] kept in _tail)
        {
            _head.Enqueue(kept);
        }

        _tail = [];
        return TryDequeue(out row);
    }

    public void Clear()
    {
        _head.Clear();
        _tail.Clear();
        Dispose();
        Count = 0;
        FilesWritten = 0;
    }

    public void Dispose()
    {
        _reading?.Dispose();
        _reading = null;
        while (_files.TryDequeue(out SpillFile? file))
        {
            file.Dispose();
        }
    }
}
