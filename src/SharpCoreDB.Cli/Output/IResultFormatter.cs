// The contract every output mode implements: a result set arrives as its column
// names, then its rows one at a time (streamed, never all held by the caller),
// then its row count. NULL arrives as null so that each mode can show it its way.
namespace SharpCoreDB.Cli.Output;

/// <summary>Writes one result set in one output mode.</summary>
internal interface IResultFormatter
{
    /// <summary>Starts a result set with these column names.</summary>
    void Begin(IReadOnlyList<string> columns);

    /// <summary>Writes one row; the array is reused by the caller, null means SQL NULL.</summary>
    void Row(object?[] values);

    /// <summary>Ends the result set that had <paramref name="rowCount"/> rows.</summary>
    void End(long rowCount);
}
