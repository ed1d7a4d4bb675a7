// Mode=ReadOnly is a property of the connection, not of the file: connections to
// one file share one open database, and read-write connections may share it too.
// So a read-only connection refuses every statement that could write before it
// reaches the engine. Reads, EXPLAIN, transaction control, VACUUM INTO (which writes
// only the new file) and PRAGMAs pass, except
// the PRAGMAs that write the file (user_version = N, application_id = N); the others
// change nothing or only the connection (foreign_keys).

namespace SharpCoreDB.Data;

/// <summary>Rejects writing statements on read-only connections.</summary>
internal static class ReadOnlyGuard
{
    /// <summary>Throws <see cref="SharpCoreDBErrorCode.ReadOnly"/> when <paramref name="statement"/> may write.</summary>
    public static void Check(Statement statement)
    {
        bool reads = statement is SelectStatement or ExplainStatement or BeginStatement or CommitStatement
            or RollbackStatement or SavepointStatement or ReleaseStatement or VacuumStatement { Into: not null }
            || (statement is PragmaStatement pragma && !Engine.PragmaRunner.IsSettingWrite(pragma));
        if (!reads)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.ReadOnly, $"The connection is read-only (Mode=ReadOnly); a {statement.GetType().Name} cannot run.");
        }
    }
}
