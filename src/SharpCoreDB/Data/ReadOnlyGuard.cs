// Mode=ReadOnly enforced by the provider: the storage engine has no read-only
// open yet, so a read-only connection refuses every statement that could write
// before it reaches the engine. Reads, EXPLAIN and transaction control pass.
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Data;

/// <summary>Rejects writing statements on read-only connections.</summary>
internal static class ReadOnlyGuard
{
    /// <summary>Throws <see cref="SharpCoreDBErrorCode.ReadOnly"/> when <paramref name="statement"/> may write.</summary>
    public static void Check(Statement statement)
    {
        bool reads = statement is SelectStatement or ExplainStatement or BeginStatement or CommitStatement
            or RollbackStatement or SavepointStatement or ReleaseStatement
            || statement is PragmaStatement { Value: null };
        if (!reads)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.ReadOnly, $"The connection is read-only (Mode=ReadOnly); a {statement.GetType().Name} cannot run.");
        }
    }
}
