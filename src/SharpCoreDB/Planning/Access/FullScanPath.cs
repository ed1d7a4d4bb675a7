// Read every row of the table (EXPLAIN: "SCAN t"): costs the table's size for every outer
// row. The fallback every other path must beat.
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A full scan of the table in rowid order.</summary>
internal sealed class FullScanPath(AccessRequest request) : AccessPath
{
    public override RowSource Source { get; } = request.FullScan();

    public override double Cost => request.OuterRows * request.TableRows;

    public override double Rows => request.TableRows * Selectivity.OfFilters(request.Usable.Count);
}
