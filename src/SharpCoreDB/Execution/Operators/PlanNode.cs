// The executor's operator interface (a pull-based iterator). Open starts (or
// restarts) the operator, Next produces the next row into Output's slots and
// returns false at the end. Operators are compiled once per prepared statement
// and reopened for every execution, and for every outer row when they sit on
// the inner side of a nested loop or inside a correlated subquery.
namespace SharpCoreDB.Execution.Operators;

/// <summary>A compiled operator producing rows into <see cref="Output"/>.</summary>
internal abstract class PlanNode
{
    /// <summary>The frame holding the current row after a successful <see cref="Next"/>.</summary>
    public abstract Frame Output { get; }

    /// <summary>How many leading slots of <see cref="Output"/> are the row's visible columns.</summary>
    public abstract int ColumnCount { get; }

    public abstract void Open();

    public abstract bool Next();

    /// <summary>Releases what the operator holds (temporary files, cursors); Open may follow.</summary>
    public virtual void Close()
    {
    }

    /// <summary>Adds this operator's lines to an EXPLAIN listing.</summary>
    public abstract void Explain(List<string> lines, int depth);

    protected static string Indent(int depth) => new(' ', depth * 2);
}
