// One ORDER BY term. An integer literal expression means a result column by
// 1-based position (ORDER BY 1, 2); the planner resolves that.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>expr [ASC|DESC] [NULLS FIRST|LAST]</c>.</summary>
internal sealed record OrderingTerm(Expression Expression, SortDirection Direction, NullsOrder Nulls, SourcePosition Position = default) : SqlNode(Position);

/// <summary>Sort direction.</summary>
internal enum SortDirection
{
    /// <summary>ASC, the default.</summary>
    Ascending,

    /// <summary>DESC.</summary>
    Descending,
}

/// <summary>Where NULLs sort.</summary>
internal enum NullsOrder
{
    /// <summary>Not given: NULLs first ascending, last descending (SQLite's rule).</summary>
    Default,

    /// <summary>NULLS FIRST.</summary>
    First,

    /// <summary>NULLS LAST.</summary>
    Last,
}
