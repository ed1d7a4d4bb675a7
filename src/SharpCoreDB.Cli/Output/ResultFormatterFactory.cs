// Picks the formatter for an output mode, so callers never switch on the mode, and
// knows the mode names that .mode and the command line accept.
namespace SharpCoreDB.Cli.Output;

/// <summary>Creates the formatter of an output mode.</summary>
internal static class ResultFormatterFactory
{
    /// <summary>Every mode name, as .help and --help list them.</summary>
    public const string ModeNames = "table|box|markdown|csv|json|line|list|tabs|quote|insert|html";

    public static IResultFormatter Create(OutputMode mode, TextWriter output, bool headers) =>
        Create(new FormatOptions { Mode = mode, Headers = headers }, output);

    public static IResultFormatter Create(FormatOptions options, TextWriter output) => options.Mode switch
    {
        OutputMode.Csv => new CsvFormatter(output, options.Headers, options.NullText("")),
        OutputMode.Json => new JsonFormatter(output),
        OutputMode.Line => new LineFormatter(output, options.NullText(TableFormatter.NullText)),
        OutputMode.Box => new TableFormatter(output, options, GridStyle.Box),
        OutputMode.Markdown => new TableFormatter(output, options, GridStyle.Markdown),
        OutputMode.List => new ListFormatter(output, options, options.ColumnSeparator, options.RowSeparator),
        OutputMode.Tabs => new ListFormatter(output, options, "\t", "\n"),
        OutputMode.Quote => new QuoteFormatter(output, options.Headers, insertTable: null),
        OutputMode.Insert => new QuoteFormatter(output, headers: false, options.InsertTable),
        OutputMode.Html => new HtmlFormatter(output, options),
        _ => new TableFormatter(output, options, GridStyle.Table),
    };

    /// <summary>Parses a mode name as typed after .mode (case-insensitive); null if unknown.</summary>
    public static OutputMode? Parse(string name) => name.ToLowerInvariant() switch
    {
        "table" or "column" => OutputMode.Table,
        "box" => OutputMode.Box,
        "markdown" => OutputMode.Markdown,
        "csv" => OutputMode.Csv,
        "json" => OutputMode.Json,
        "line" => OutputMode.Line,
        "list" => OutputMode.List,
        "tabs" => OutputMode.Tabs,
        "quote" => OutputMode.Quote,
        "insert" => OutputMode.Insert,
        "html" => OutputMode.Html,
        _ => null,
    };
}
