// ExecuteNonQuery without a data reader. A prepared INSERT executed a thousand
// times in a batch is the provider's hottest path, so it runs the statements
// directly on the session and keeps what an execution needs on the command: the
// parameter view handed to the engine and the cancellation (token source and
// timeout timer, reset after an execution nobody cancelled). What callers see is
// the reader path's: the same statements run in the same order, a statement
// returning rows has its first row fetched (so its errors surface) and is closed,
// RecordsAffected sums the changes, and failures are translated the same way.
using SharpCoreDB.Engine;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBCommand
{
    private ParameterValues? _parameterValues;
    private CommandCancellation? _spareCancellation;

    /// <summary>Runs every statement; returns the rows inserted, updated or deleted (-1 when none changed rows).</summary>
    public override int ExecuteNonQuery()
    {
        ThrowIfReaderOpen();
        SharpCoreDBConnection connection = OpenConnection();
        CheckTransaction(connection, Transaction);
        Session session = connection.Session;
        PreparedScript prepared = PreparedFor(session);
        SqlScript script = prepared.Script;
        ParameterValues values = _parameterValues ??= new ParameterValues(Parameters, 0);
        CommandCancellation cancellation = StartCancellation();
        try
        {
            int recordsAffected = -1;
            int positionalOffset = 0;
            for (int i = 0; i < script.Count; i++)
            {
                cancellation.ThrowIfCancelled();
                PreparedStatement statement = prepared.Get(session, script, i)!;
                if (connection.IsReadOnly)
                {
                    ReadOnlyGuard.Check(statement.Statement);
                }

                values.Reset(Parameters, positionalOffset);
                positionalOffset += ParameterValues.PositionalCount(statement);
                int count;
                using (StatementResult result = session.Execute(statement, values, cancellation.Token))
                {
                    if (statement.IsQuery || result.Columns.Count > 0)
                    {
                        result.Read();
                    }

                    count = result.RecordsAffected;
                }

                if (count >= 0)
                {
                    recordsAffected = recordsAffected < 0 ? count : recordsAffected + count;
                }
            }

            return recordsAffected;
        }
        catch (Exception e) when (EngineExceptionTranslator.Translate(e, cancellation) is { } translated)
        {
            throw translated;
        }
        finally
        {
            _running = null;
            if (cancellation.Finish())
            {
                _spareCancellation = cancellation;
            }
        }
    }

    // The cancellation of a synchronous execution: the one the last execution left, restarted, or a new one.
    private CommandCancellation StartCancellation()
    {
        int timeout = CommandTimeout;
        CommandCancellation? cancellation = _spareCancellation;
        _spareCancellation = null;
        if (cancellation is null || !cancellation.TryRestart(timeout))
        {
            cancellation = new CommandCancellation(timeout, CancellationToken.None);
        }

        _running = cancellation;
        return cancellation;
    }
}
