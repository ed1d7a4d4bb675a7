// One way to read one relation of a join, as the join planner weighs it: the operator
// that reads the rows, what that costs for all the rows of the relations before it, how
// many rows it yields per outer row, and which conjuncts it answers exactly so that no
// filter needs to re-check them. Each access path is its own small class with its
// own cost formula (FullScanPath, RowIdLookupPath, RowIdRangePath, IndexSeekPath,
// HashJoinPath, SubqueryScanPath); its EXPLAIN text is its operator's Describe().
// Costs count rows touched; they only need to order the paths, not predict time.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>An access path for one relation.</summary>
internal abstract class AccessPath
{
    /// <summary>The operator that reads the relation this way.</summary>
    public abstract RowSource Source { get; }

    /// <summary>Estimated rows touched for all outer rows together.</summary>
    public abstract double Cost { get; }

    /// <summary>Estimated rows produced per outer row.</summary>
    public abstract double Rows { get; }

    /// <summary>The conjuncts this path yields exactly, so that no filter needs to check them; empty when none.</summary>
    public virtual IReadOnlyList<Conjunct> Answered => [];

    /// <summary>The EXPLAIN QUERY PLAN text of this access.</summary>
    public string Explain => Source.Describe();
}
