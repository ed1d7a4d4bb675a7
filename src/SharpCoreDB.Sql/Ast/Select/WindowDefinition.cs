// Window functions: the OVER clause of a function call, the WINDOW clause's named
// windows, and frame specifications, as SQLite's grammar has them (lang_windowfunc.html).
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>[base] [PARTITION BY ..] [ORDER BY ..] [frame]</c>; <c>OVER name</c> is a definition with only <see cref="BaseName"/>.</summary>
/// <param name="BaseName">The named window this one starts from, or null.</param>
/// <param name="Frame">The frame, or null for the default (RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW).</param>
internal sealed record WindowDefinition(string? BaseName, SqlList<Expression> PartitionBy, SqlList<OrderingTerm> OrderBy, WindowFrame? Frame,
    SourcePosition Position = default) : SqlNode(Position);

/// <summary><c>name AS (definition)</c> in a WINDOW clause.</summary>
internal sealed record NamedWindow(string Name, WindowDefinition Definition, SourcePosition Position = default) : SqlNode(Position);

/// <summary><c>ROWS|RANGE|GROUPS BETWEEN start AND end [EXCLUDE ..]</c> (a single bound means <c>BETWEEN bound AND CURRENT ROW</c>).</summary>
internal sealed record WindowFrame(FrameUnit Unit, FrameBound Start, FrameBound End, FrameExclusion Exclusion, SourcePosition Position = default)
    : SqlNode(Position);

/// <summary>One end of a frame; <see cref="Offset"/> is set for the PRECEDING and FOLLOWING offsets.</summary>
internal sealed record FrameBound(FrameBoundKind Kind, Expression? Offset, SourcePosition Position = default) : SqlNode(Position);

/// <summary>What a frame's offsets count.</summary>
internal enum FrameUnit
{
    /// <summary>ROWS: rows.</summary>
    Rows,

    /// <summary>RANGE: the difference of the ORDER BY value.</summary>
    Range,

    /// <summary>GROUPS: groups of peers (rows equal in the ORDER BY).</summary>
    Groups,
}

/// <summary>The kinds of frame bound.</summary>
internal enum FrameBoundKind
{
    /// <summary>UNBOUNDED PRECEDING.</summary>
    UnboundedPreceding,

    /// <summary>expr PRECEDING.</summary>
    Preceding,

    /// <summary>CURRENT ROW.</summary>
    CurrentRow,

    /// <summary>expr FOLLOWING.</summary>
    Following,

    /// <summary>UNBOUNDED FOLLOWING.</summary>
    UnboundedFollowing,
}

/// <summary>The EXCLUDE clause.</summary>
internal enum FrameExclusion
{
    /// <summary>EXCLUDE NO OTHERS, the default.</summary>
    NoOthers,

    /// <summary>EXCLUDE CURRENT ROW.</summary>
    CurrentRow,

    /// <summary>EXCLUDE GROUP: the current row and its peers.</summary>
    Group,

    /// <summary>EXCLUDE TIES: the current row's peers but not the row itself.</summary>
    Ties,
}
