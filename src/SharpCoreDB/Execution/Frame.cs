// A row of value slots that compiled expressions read from and operators write
// into. Evaluators hold the Frame (not the array) so a frame can grow while a
// statement is being compiled; at run time its array is fixed and reused for
// every row, which is what keeps scans and filters allocation-free.

namespace SharpCoreDB.Execution;

/// <summary>A reusable array of value slots.</summary>
internal sealed class Frame
{
    public DbValue[] Values = [];

    /// <summary>Adds <paramref name="count"/> slots; returns the first one's index.</summary>
    public int Reserve(int count)
    {
        int start = Values.Length;
        Array.Resize(ref Values, start + count);
        return start;
    }
}
