// Every entry of one index, in its order (EXPLAIN: "SCAN t USING INDEX i"): the access
// INDEXED BY asks for when no predicate can seek the index. Costs a little more than a
// full scan of the table, since each entry also fetches its row.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A full scan of a table through one of its indexes.</summary>
internal sealed class IndexScanPath(AccessRequest request, IndexSchema index) : AccessPath
{
    private const double RowFetchFactor = 1.5;

    public override RowSource Source { get; } = new IndexSeekSource(request.Planning.Query, request.Table, index, request.Decoder,
        request.Relation.Name, IndexProbe.Everything, ScanDirection.Forward, request.Planning.KeyOrder(index));

    public override double Cost => request.OuterRows * request.TableRows * RowFetchFactor;

    public override double Rows => request.TableRows * Selectivity.OfFilters(request.Usable.Count);
}
