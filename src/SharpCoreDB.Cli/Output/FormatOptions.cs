// Everything a formatter needs to know besides the rows: the mode, whether column
// names are printed, and the settings of .nullvalue, .separator, .width and
// .mode insert TABLE. Modes ignore what does not apply to them (JSON has its own
// null, CSV its own separator).
namespace SharpCoreDB.Cli.Output;

/// <summary>Whether a grid may cut values wider than its column limit.</summary>
internal enum LongValues
{
    /// <summary>Values wider than <see cref="TableFormatter.MaxWidth"/> are cut with an ellipsis.</summary>
    Cut,

    /// <summary>Every value is shown whole (EXPLAIN plans, whose lines are the point).</summary>
    Whole,
}

/// <summary>How result sets are printed.</summary>
internal sealed record FormatOptions
{
    public const string DefaultColumnSeparator = "|";
    public const string DefaultRowSeparator = "\n";

    public OutputMode Mode { get; init; } = OutputMode.Table;

    public bool Headers { get; init; } = true;

    /// <summary>The text of NULL set by .nullvalue; null keeps each mode's own (NULL in grids, empty in list modes).</summary>
    public string? NullValue { get; init; }

    /// <summary>Between values in list mode (.separator).</summary>
    public string ColumnSeparator { get; init; } = DefaultColumnSeparator;

    /// <summary>After each row in list mode (.separator).</summary>
    public string RowSeparator { get; init; } = DefaultRowSeparator;

    /// <summary>Column widths from .width: 0 fits the column, N fixes it, -N fixes it right-aligned.</summary>
    public IReadOnlyList<int> Widths { get; init; } = [];

    /// <summary>The table named by .mode insert TABLE.</summary>
    public string InsertTable { get; init; } = "table";

    public LongValues LongValues { get; init; } = LongValues.Cut;

    /// <summary>The text of a NULL in a mode whose own default is <paramref name="modeDefault"/>.</summary>
    public string NullText(string modeDefault) => NullValue ?? modeDefault;
}
