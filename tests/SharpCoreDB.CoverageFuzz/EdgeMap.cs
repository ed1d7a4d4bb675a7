// The AFL-style edge map of the coverage-guided fuzzer. Code instrumented by the
// sharpfuzz tool updates, at every branch, SharpFuzz.Common.Trace.SharedMem[cur ^ prev]++
// with prev = Trace.PrevLocation (cur >> 1 after each branch): one byte per edge of a
// 64 KiB map. Before each run the map is cleared; after it the hit counts are put into
// AFL's buckets (1, 2, 3, 4-7, 8-15, 16-31, 32-127, 128+) and compared with every bucket
// seen so far: an input that reaches a new edge, or an edge a new number of times, is
// interesting and joins the corpus. Without instrumentation the map stays empty.
using System.Runtime.InteropServices;
using SharpFuzz.Common;

namespace SharpCoreDB.CoverageFuzz;

/// <summary>The trace bitmap, its bucket classification and the union of buckets seen.</summary>
internal sealed unsafe class EdgeMap : IDisposable
{
    public const int Size = 1 << 16;
    private static readonly byte[] Buckets = BuildBuckets();
    private readonly byte* _trace;
    private readonly byte[] _seen = new byte[Size];

    public EdgeMap()
    {
        _trace = (byte*)NativeMemory.AllocZeroed(Size);
        Trace.SharedMem = _trace;
        Trace.PrevLocation = 0;
    }

    /// <summary>Edges (map entries) reached at least once by any input so far.</summary>
    public int EdgesCovered { get; private set; }

    /// <summary>Clears the map before a run.</summary>
    public void Reset()
    {
        NativeMemory.Clear(_trace, Size);
        Trace.PrevLocation = 0;
    }

    /// <summary>Edges the last run reached.</summary>
    public int EdgesOfLastRun()
    {
        int count = 0;
        for (int i = 0; i < Size; i++)
        {
            if (_trace[i] != 0)
            {
                count++;
            }
        }

        return count;
    }

    /// <summary>Merges the last run into the buckets seen; true if it added a bucket (new coverage).</summary>
    public bool MergeNew()
    {
        bool added = false;
        var words = new ReadOnlySpan<ulong>(_trace, Size / sizeof(ulong));
        for (int w = 0; w < words.Length; w++)
        {
            if (words[w] == 0)
            {
                continue; // most of the map is untouched: skip eight entries at once
            }

            for (int i = w * 8; i < (w * 8) + 8; i++)
            {
                byte hits = _trace[i];
                if (hits == 0)
                {
                    continue;
                }

                byte bucket = Buckets[hits];
                if ((_seen[i] & bucket) != bucket)
                {
                    if (_seen[i] == 0)
                    {
                        EdgesCovered++;
                    }

                    _seen[i] |= bucket;
                    added = true;
                }
            }
        }

        return added;
    }

    public void Dispose()
    {
        Trace.SharedMem = null;
        NativeMemory.Free(_trace);
    }

    private static byte[] BuildBuckets()
    {
        var buckets = new byte[256];
        for (int hits = 1; hits < 256; hits++)
        {
            buckets[hits] = hits switch
            {
                1 => 1,
                2 => 2,
                3 => 4,
                <= 7 => 8,
                <= 15 => 16,
                <= 31 => 32,
                <= 127 => 64,
                _ => 128,
            };
        }

        return buckets;
    }
}
