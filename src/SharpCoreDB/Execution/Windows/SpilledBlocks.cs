// The blocks of a RowValues table that may outgrow memory: the table of a spilled window
// partition (SpilledWindows), which can hold any number of rows. At most a fixed number of
// blocks are in memory; touching another one evicts the least recently used, writing it to
// a temporary file first when it changed since it was last read or written there, and
// reads the wanted block back (or clears the evicted array for a new block). Frames move
// forward for most functions, so the partition is mostly read in order and each block is
// read and written a few times; lag/lead with large offsets, RANGE searches and wide frames
// jump about and only cost more reads.
//
// The temporary file is a SpillFile (created through the QueryContext, so it is sealed with
// the database's spill key when the database is encrypted, and deleted when the statement
// ends, errors included). Each block is one record in one block of it; its place is kept
// per block number and reused by the next partition (overwritten in place when the new
// block fits), so the file grows with the largest partition rather than with every write.
//
// Memory: the resident arrays (ResidentBlocks of them at most) plus, per block of the
// largest partition, its place in the file and where it is resident (20 bytes a block).

using SharpCoreDB.Execution.Spill;

namespace SharpCoreDB.Execution.Windows;

/// <summary>A table's blocks, a few in memory and the rest in a temporary file.</summary>
internal sealed class SpilledBlocks(QueryContext context, int blockLength) : IDisposable
{
    /// <summary>Blocks of one table held in memory at most.</summary>
    public const int ResidentBlocks = 16;

    private readonly DbValue[]?[] _arrays = new DbValue[ResidentBlocks][];
    private readonly int[] _heldBlock = [.. Enumerable.Repeat(-1, ResidentBlocks)];
    private readonly long[] _lastUse = new long[ResidentBlocks];
    private readonly bool[] _dirty = new bool[ResidentBlocks];

    // Per block number: its place in the file (Capacity 0 before its first write) and which resident array
    // holds it (-1 when none). A block of the partition that is not resident is in the file: it was added
    // resident and changed, so its eviction wrote it. Clear touches only the resident blocks, not every
    // block of the largest partition.
    private readonly List<(long Offset, int Capacity)> _places = [];
    private readonly List<int> _resident = [];
    private SpillFile? _file;
    private long _clock;

    /// <summary>Blocks in the table.</summary>
    public int Count { get; private set; }

    /// <summary>Blocks in memory now.</summary>
    public int ResidentCount { get; private set; }

    /// <summary>Blocks written to the temporary file so far (for tests).</summary>
    public long Writes { get; private set; }

    /// <summary>Adds a block at the end and returns it (its values are the caller's to fill).</summary>
    public DbValue[] Append()
    {
        int block = Count++;
        if (block == _places.Count)
        {
            _places.Add((0, 0));
            _resident.Add(-1);
        }

        DbValue[] array = Load(block, fresh: true);
        _dirty[_resident[block]] = true;
        return array;
    }

    /// <summary>Block <paramref name="block"/>, in memory until <see cref="ResidentBlocks"/> other blocks are touched.</summary>
    public DbValue[] Get(int block, bool forWriting)
    {
        int slot = _resident[block];
        if (slot < 0)
        {
            Load(block, fresh: false);
            slot = _resident[block];
        }
        else
        {
            _lastUse[slot] = ++_clock;
        }

        _dirty[slot] |= forWriting;
        return _arrays[slot]!;
    }

    /// <summary>Forgets every block (the next partition starts empty) and keeps the arrays and the file's places.</summary>
    public void Clear()
    {
        for (int slot = 0; slot < ResidentBlocks; slot++)
        {
            if (_heldBlock[slot] >= 0)
            {
                _resident[_heldBlock[slot]] = -1;
                _heldBlock[slot] = -1;
            }

            _dirty[slot] = false;
        }

        Count = 0;
        ResidentCount = 0;
    }

    public void Dispose()
    {
        _file?.Dispose();
        _file = null;
        Array.Clear(_arrays);
    }

    // Brings the block into a resident array: a free one, else the least recently used one's (written out
    // first when it changed), and reads it from the file unless it is a fresh one.
    private DbValue[] Load(int block, bool fresh)
    {
        int slot = Array.IndexOf(_heldBlock, -1);
        if (slot < 0)
        {
            slot = 0;
            for (int s = 1; s < ResidentBlocks; s++)
            {
                slot = _lastUse[s] < _lastUse[slot] ? s : slot;
            }

            Evict(slot);
        }

        // A fresh block keeps what the array held: its rows are filled as they are added (RowValues.Add),
        // as a table in memory reuses its blocks after Clear, so many small partitions clear nothing.
        DbValue[] array = _arrays[slot] ??= new DbValue[blockLength];
        if (!fresh)
        {
            _file!.ReadBlockAt(_places[block].Offset, array);
        }

        _heldBlock[slot] = block;
        _resident[block] = slot;
        _lastUse[slot] = ++_clock;
        _dirty[slot] = false;
        ResidentCount++;
        return array;
    }

    private void Evict(int slot)
    {
        int block = _heldBlock[slot];
        if (_dirty[slot])
        {
            _file ??= context.CreateSpillFile();
            (long offset, int capacity) = _places[block];
            _places[block] = _file.WriteBlockAt(_arrays[slot], offset, capacity);
            Writes++;
        }

        _resident[block] = -1;
        _heldBlock[slot] = -1;
        _dirty[slot] = false;
        ResidentCount--;
    }
}
