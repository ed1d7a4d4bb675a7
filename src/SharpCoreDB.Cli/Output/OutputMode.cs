// The ways the shell prints a result set (.mode and the -csv/-json/-line switches).
namespace SharpCoreDB.Cli.Output;

/// <summary>How result rows are printed.</summary>
internal enum OutputMode
{
    /// <summary>Aligned columns with a header rule, widths fitted to the data, long values cut.</summary>
    Table,

    /// <summary>RFC 4180 comma-separated values.</summary>
    Csv,

    /// <summary>A JSON array of objects, one per row.</summary>
    Json,

    /// <summary>One "column = value" line per value, a blank line between rows.</summary>
    Line,
}
