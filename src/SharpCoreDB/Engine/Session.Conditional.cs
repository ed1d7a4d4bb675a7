// IF [NOT] EXISTS (select) THEN statements END IF (an extension, for EF Core's idempotent
// migration scripts; Sql/Ast/Statements/ConditionalStatement.cs). The block is one
// statement: it runs under a savepoint of its own, which in autocommit also makes it
// one transaction (a savepoint outside a transaction begins one, as in SQLite). The
// condition is read inside that transaction, after its write lock is taken, so no other
// connection can apply the same step between the check and the body; a failure in the
// body undoes every statement of the block and nothing before it. A block of PRAGMAs
// that only set the connection (foreign_keys) runs them as written instead (below).
namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    // The block's savepoint. Blocks do not nest, and a savepoint of the user's with the same name
    // is found after it (the newest of a name wins), so the name cannot be confused.
    private const string ConditionalSavepoint = "sharpcoredb_if_block";

    private StatementResult Conditional(ConditionalStatement block, IParameterValues parameters, CancellationToken ct)
    {
        if (SetsTheConnectionOnly(block))
        {
            // PRAGMA foreign_keys = OFF before a table rebuild must run outside any transaction to take effect
            // (inside one it does nothing, as in SQLite): such a block changes no data, so it needs no savepoint.
            if (ConditionHolds(block, parameters, ct))
            {
                foreach (Statement statement in block.Body)
                {
                    Execute(Prepare(statement), parameters, ct).Dispose();
                }
            }

            return StatementResult.Count(-1);
        }

        Savepoint(ConditionalSavepoint);
        int affected = -1;
        try
        {
            if (ConditionHolds(block, parameters, ct))
            {
                foreach (Statement statement in block.Body)
                {
                    using StatementResult result = Execute(Prepare(statement), parameters, ct);
                    if (result.RecordsAffected >= 0)
                    {
                        affected = Math.Max(affected, 0) + result.RecordsAffected;
                    }
                }
            }
        }
        catch
        {
            // A statement that failed with ON CONFLICT ROLLBACK has ended the transaction, savepoint and all.
            if (_tx?.FindSavepoint(ConditionalSavepoint) is not null)
            {
                RollbackToSavepoint(ConditionalSavepoint);
                ReleaseSavepoint(ConditionalSavepoint);
            }

            throw;
        }

        ReleaseSavepoint(ConditionalSavepoint);
        return StatementResult.Count(affected);
    }

    private static bool SetsTheConnectionOnly(ConditionalStatement block)
    {
        foreach (Statement statement in block.Body)
        {
            if (statement is not PragmaStatement pragma || PragmaRunner.IsSettingWrite(pragma))
            {
                return false;
            }
        }

        return true;
    }

    private bool ConditionHolds(ConditionalStatement block, IParameterValues parameters, CancellationToken ct)
    {
        using StatementResult rows = Query(new PreparedStatement(block.Condition, compiled: null), parameters, ct);
        return rows.Read() != block.Negated;
    }
}
