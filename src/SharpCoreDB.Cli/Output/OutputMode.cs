// The ways the shell prints a result set (.mode and the -csv, -box, ... switches).
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

    /// <summary>Aligned columns drawn with Unicode box-drawing characters.</summary>
    Box,

    /// <summary>A GitHub-flavoured Markdown table.</summary>
    Markdown,

    /// <summary>Values separated by the .separator text ("|" by default).</summary>
    List,

    /// <summary>Values separated by tabs.</summary>
    Tabs,

    /// <summary>Values as SQL literals separated by commas.</summary>
    Quote,

    /// <summary>One INSERT statement per row into the table named by .mode insert TABLE.</summary>
    Insert,

    /// <summary>HTML table rows (&lt;TR&gt;&lt;TD&gt;), as sqlite3 prints them.</summary>
    Html,
}
