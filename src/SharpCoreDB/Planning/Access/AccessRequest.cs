// What every access path is weighed against: the relation, the decoder that fills its
// slots, the column predicates usable at this point of the join order (their values
// read only relations already bound), the table's estimated size and the number of
// outer rows that will each open the access once.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>The inputs of access-path selection for one relation at one step of the join order.</summary>
internal sealed record AccessRequest(
    PlanningContext Planning,
    Scope Scope,
    Relation Relation,
    RowDecoder Decoder,
    IReadOnlyList<ColumnPredicate> Usable,
    double TableRows,
    double OuterRows)
{
    /// <summary>The conjuncts the usable predicates come from (a path may answer some of them whole).</summary>
    public IReadOnlyList<Conjunct> Conjuncts { get; init; } = [];

    public TableSchema Table => Relation.Table!;

    /// <summary>A scan of every row of the table, in rowid order.</summary>
    public TableScanSource FullScan() =>
        new(Planning.Query, Table, Decoder, Relation.Name, ScanRange.All, ScanDirection.Forward);
}
