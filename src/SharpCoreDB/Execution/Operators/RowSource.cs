// One relation's rows inside a join pipeline: a table scan, a rowid or index
// seek, a hash probe, a subquery. A source writes the relation's columns into
// its slots of the query frame; Open may read values of relations bound earlier
// in the pipeline (the outer rows of a nested loop) to compute its seek keys.
namespace SharpCoreDB.Execution.Operators;

/// <summary>Produces one relation's rows into frame slots.</summary>
internal abstract class RowSource
{
    public abstract void Open();

    public abstract bool Next();

    /// <summary>Sets the relation's slots to NULL (the unmatched side of a LEFT JOIN).</summary>
    public abstract void NullFill();

    /// <summary>One line for EXPLAIN.</summary>
    public abstract string Describe();

    public virtual void Close()
    {
    }

    /// <summary>Lists the plan the source reads (a subquery's, a CTE's) under its EXPLAIN line.</summary>
    public virtual void ExplainInner(List<string> lines, int depth)
    {
    }
}
