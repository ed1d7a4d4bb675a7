// The recursive table as a recursive step of a common table expression sees it:
// exactly one row, the row the RecursiveCteNode took from its queue last (SQLite's
// definition). The node writes that row into the shared WorkingRow; the step's
// join pipeline reads it through this source like any one-row relation.

namespace SharpCoreDB.Execution.Operators;

/// <summary>The row a recursive step runs for.</summary>
internal sealed class WorkingRow(int width)
{
    public DbValue[] Values { get; } = new DbValue[width];
}

/// <summary>Yields the working row once per Open.</summary>
internal sealed class WorkingRowSource(WorkingRow row, Frame frame, int firstSlot, string name) : OnceRowSource
{
    protected override void Fill() => row.Values.CopyTo(frame.Values, firstSlot);

    public override void NullFill() => Array.Fill(frame.Values, DbValue.Null, firstSlot, row.Values.Length);

    public override string Describe() => "SCAN RECURSIVE " + name;
}

/// <summary>A source of exactly one row per Open, which <see cref="Fill"/> writes into the frame.</summary>
internal abstract class OnceRowSource : RowSource
{
    private bool _done;

    public override void Open() => _done = false;

    public override bool Next()
    {
        if (_done)
        {
            return false;
        }

        _done = true;
        Fill();
        return true;
    }

    protected abstract void Fill();
}
