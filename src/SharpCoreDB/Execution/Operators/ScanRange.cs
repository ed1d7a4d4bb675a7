// What a table or index scan reads, as the planner hands it to the operator: the bounds
// of a range (each with its value expression and whether it is inclusive), the probe of
// an index seek (equality on a prefix of the index columns, the last of them possibly an
// IN list, then the range on the next column), and the direction. These replace the runs
// of positional evaluators and booleans the scan constructors used to take.
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Execution.Operators;

/// <summary>One end of a range: the value to compare with, evaluated when the scan opens.</summary>
internal readonly record struct ScanBound(Evaluator Value, bool Inclusive);

/// <summary>A range of keys, open at an end whose bound is null.</summary>
internal readonly record struct ScanRange(ScanBound? Low, ScanBound? High)
{
    /// <summary>
    /// Further bounds on the same key (`id BETWEEN a AND b AND id &lt;= 100`): a rowid scan evaluates them all
    /// when it opens and keeps the tightest, since which is tightest can change with every outer row.
    /// </summary>
    public (ScanBound Bound, bool IsLow)[] MoreBounds
    {
        get => _moreBounds ?? [];
        init => _moreBounds = value;
    }

    // Null in default(ScanRange), which is also a valid range.
    private readonly (ScanBound Bound, bool IsLow)[]? _moreBounds;

    /// <summary>No bound: every key.</summary>
    public static ScanRange All => default;

    public bool IsBounded => Low is not null || High is not null;

    /// <summary>The EXPLAIN text of the range on <paramref name="name"/>, as SQLite writes it.</summary>
    public string Describe(string name) =>
        Low is not null && High is not null ? $"{name}>? AND {name}<?" : Low is not null ? name + ">?" : name + "<?";
}

/// <summary>What an index seek looks for: an equality prefix, an optional IN list on the next column, then a range.</summary>
internal sealed record IndexProbe(Evaluator[] Equal, Evaluator[]? LastIn, ScanRange Range)
{
    /// <summary>Every entry of the index, in its order.</summary>
    public static IndexProbe Everything { get; } = new([], null, ScanRange.All);
}

/// <summary>The order a scan reads its keys in.</summary>
internal enum ScanDirection
{
    /// <summary>Ascending key order.</summary>
    Forward,

    /// <summary>Descending: the exact reverse, which serves ORDER BY ... DESC.</summary>
    Backward,
}
