// Picks the formatter for an output mode, so callers never switch on the mode.
namespace SharpCoreDB.Cli.Output;

/// <summary>Creates the formatter of an output mode.</summary>
internal static class ResultFormatterFactory
{
    public static IResultFormatter Create(OutputMode mode, TextWriter output, bool headers) => mode switch
    {
        OutputMode.Csv => new CsvFormatter(output, headers),
        OutputMode.Json => new JsonFormatter(output),
        OutputMode.Line => new LineFormatter(output),
        _ => new TableFormatter(output, headers),
    };

    /// <summary>Parses a mode name as typed after .mode (case-insensitive); null if unknown.</summary>
    public static OutputMode? Parse(string name) => name.ToLowerInvariant() switch
    {
        "table" or "column" or "box" => OutputMode.Table,
        "csv" => OutputMode.Csv,
        "json" => OutputMode.Json,
        "line" => OutputMode.Line,
        _ => null,
    };
}
