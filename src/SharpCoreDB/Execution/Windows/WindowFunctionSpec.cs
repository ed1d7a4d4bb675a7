// A window function call after planning: which function, its compiled arguments and
// FILTER, the PARTITION BY and ORDER BY values that place each row, and the frame.
// WindowNode evaluates the expressions for every input row; WindowPartition computes
// the function over each partition from those values alone.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Execution.Windows;

/// <summary>The window functions (every aggregate is one too, as <see cref="Aggregate"/>).</summary>
internal enum WindowFunctionKind
{
    RowNumber,
    Rank,
    DenseRank,
    PercentRank,
    CumeDist,
    Ntile,
    Lag,
    Lead,
    FirstValue,
    LastValue,
    NthValue,
    Aggregate,
}

/// <summary>One end of a planned frame; <see cref="Offset"/> is evaluated once per execution.</summary>
internal readonly record struct WindowBound(FrameBoundKind Kind, Evaluator? Offset);

/// <summary>A planned frame: unit, bounds and exclusion.</summary>
internal sealed record WindowFrameSpec(FrameUnit Unit, WindowBound Start, WindowBound End, FrameExclusion Exclusion)
{
    /// <summary>No frame written: the partition's rows up to the current row's last peer (all of it without ORDER BY).</summary>
    public static WindowFrameSpec Default { get; } = new(FrameUnit.Range, new WindowBound(FrameBoundKind.UnboundedPreceding, null),
        new WindowBound(FrameBoundKind.CurrentRow, null), FrameExclusion.NoOthers);

    public string Describe() => $"{Unit.ToString().ToUpperInvariant()} {Describe(Start)} TO {Describe(End)}" +
        (Exclusion == FrameExclusion.NoOthers ? string.Empty : " EXCLUDE " + Exclusion);

    private static string Describe(WindowBound bound) => bound.Kind switch
    {
        FrameBoundKind.UnboundedPreceding => "UNBOUNDED PRECEDING",
        FrameBoundKind.Preceding => "n PRECEDING",
        FrameBoundKind.CurrentRow => "CURRENT ROW",
        FrameBoundKind.Following => "n FOLLOWING",
        _ => "UNBOUNDED FOLLOWING",
    };
}

/// <summary>A window function call ready to run.</summary>
/// <param name="Name">The function's name as written.</param>
/// <param name="Kind">Which function.</param>
/// <param name="Arguments">The call's arguments, evaluated for every row.</param>
/// <param name="Filter">FILTER (WHERE ..) of an aggregate: rows for which it is not true are not stepped.</param>
/// <param name="Partition">PARTITION BY values; rows with equal values (under <paramref name="PartitionKeys"/>) share a partition.</param>
/// <param name="PartitionKeys">How partition values compare (their collations).</param>
/// <param name="Order">ORDER BY values, compared by <paramref name="OrderKeys"/> (slots index this array).</param>
/// <param name="OrderKeys">The ORDER BY's directions, NULL placement and collations.</param>
/// <param name="Frame">The frame (the default one when none is written).</param>
/// <param name="CreateAggregate">For <see cref="WindowFunctionKind.Aggregate"/>: a fresh aggregate state.</param>
/// <param name="SortIdentity">Equal for calls whose PARTITION BY and ORDER BY are the same: they share one sort.</param>
internal sealed record WindowFunctionSpec(
    string Name,
    WindowFunctionKind Kind,
    Evaluator[] Arguments,
    Evaluator? Filter,
    Evaluator[] Partition,
    SortKey[] PartitionKeys,
    Evaluator[] Order,
    SortKey[] OrderKeys,
    WindowFrameSpec Frame,
    Func<IAggregate>? CreateAggregate,
    string SortIdentity);
