// The root of every AST node. Nodes are immutable records; two nodes are equal
// when they denote the same SQL, wherever it was written: equality ignores
// SourcePosition, so tests and caches can compare trees built from different text.
namespace SharpCoreDB.Sql.Ast;

/// <summary>Any node of the SQL syntax tree.</summary>
/// <param name="Position">Where the node starts in the SQL text (for operators: the operator token).</param>
internal abstract record SqlNode(SourcePosition Position)
{
    /// <summary>Compares the kind of node only; derived records add their own members.</summary>
    public virtual bool Equals(SqlNode? other) =>
        other is not null && EqualityContract == other.EqualityContract;

    /// <inheritdoc />
    public override int GetHashCode() => EqualityContract.GetHashCode();
}
