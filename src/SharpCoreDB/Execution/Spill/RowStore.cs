// Rows kept to be read again and again, in chunks, within a bounded memory: the right side
// of an OuterJoinSource, which joins every block of left rows with every chunk. Rows collect
// in memory; each time QueryContext.SpillThresholdRows of them have collected, they are
// written to a SpillFile of their own, one chunk per file. Chunks are numbered in the order
// the rows came, the files first and the rows still in memory last, so a row's position
// (its chunk's first position plus its index in the chunk) never changes. A file chunk is
// read back into one reused buffer, so at most two chunks are in memory at once.

namespace SharpCoreDB.Execution.Spill;

/// <summary>An append-only row store read chunk by chunk, spilling full chunks to temporary files.</summary>
internal sealed class RowStore(QueryContext context, int width) : IDisposable
{
    private readonly List<DbValue[]> _memory = [];
    private readonly List<SpillFile> _files = [];
    private readonly List<int> _fileRows = [];
    private DbValue[][] _buffer = [];

    /// <summary>Rows stored.</summary>
    public long Count { get; private set; }

    /// <summary>How many temporary files the store has written (for tests).</summary>
    public int FilesWritten => _files.Count;

    /// <summary>Chunks to read: one per file, then the rows in memory (always at least one chunk).</summary>
    public int ChunkCount => _files.Count + (_memory.Count > 0 || _files.Count == 0 ? 1 : 0);

    /// <summary>Adds a row; the store keeps the array.</summary>
    public void Add(DbValue[] row)
    {
        _memory.Add(row);
        Count++;
        if (_memory.Count >= context.SpillThresholdRows && context.Storage is not null)
        {
            SpillFile file = context.CreateSpillFile();
            foreach (DbValue[] kept in _memory)
            {
                file.Write(kept);
            }

            file.CompleteWrites();
            _files.Add(file);
            _fileRows.Add(_memory.Count);
            _memory.Clear();
        }
    }

    /// <summary>The position of the first row of <paramref name="chunk"/>.</summary>
    public long ChunkStart(int chunk)
    {
        long start = 0;
        for (int i = 0; i < chunk && i < _fileRows.Count; i++)
        {
            start += _fileRows[i];
        }

        return start;
    }

    /// <summary>The rows of <paramref name="chunk"/>; a file's stay valid until the next call.</summary>
    public IReadOnlyList<DbValue[]> Chunk(int chunk)
    {
        if (chunk >= _files.Count)
        {
            return _memory;
        }

        int rows = _fileRows[chunk];
        if (_buffer.Length < rows)
        {
            Array.Resize(ref _buffer, rows);
        }

        SpillFile file = _files[chunk];
        file.Rewind();
        for (int i = 0; i < rows; i++)
        {
            _buffer[i] ??= new DbValue[width];
            if (!file.Read(_buffer[i]))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.IoError, "A temporary file of a join ended early.");
            }
        }

        return new ArraySegment<DbValue[]>(_buffer, 0, rows);
    }

    public void Dispose()
    {
        foreach (SpillFile file in _files)
        {
            file.Dispose();
        }

        _files.Clear();
        _fileRows.Clear();
        _memory.Clear();
        _buffer = [];
        Count = 0;
    }
}
