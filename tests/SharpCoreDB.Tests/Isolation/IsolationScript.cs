// Runs a Hermitage-style isolation script (steps of several connections, in a fixed
// interleaving, on one thread) against an engine through its ADO.NET provider, and
// records what each step saw: its rows, "ok", "busy" (the engine refused to wait or
// to write on a stale snapshot), or the kind of error. The same script run on
// SharpCoreDB and on SQLite (Microsoft.Data.Sqlite, WAL, synchronous FULL) must
// record the same outcome, step by step, and the same final table.
//
// A step that would block in a locking database waits for the lock timeout (one
// second on both engines) and then reports "busy", so one thread can run any
// interleaving without deadlocking itself.
using System.Data;
using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data;

namespace SharpCoreDB.Tests.Isolation;

/// <summary>How a script's transactions begin.</summary>
public enum IsolationMode
{
    /// <summary>BeginTransaction() / BeginTransaction(Serializable): takes the writer lock at once (BEGIN IMMEDIATE).</summary>
    Immediate,

    /// <summary>BeginTransaction(Serializable, deferred: true): no lock before the first write (BEGIN DEFERRED).</summary>
    Deferred,

    /// <summary>BeginTransaction(Snapshot) on SharpCoreDB; SQLite's nearest, a deferred transaction.</summary>
    Snapshot,
}

/// <summary>One step: connection <paramref name="Connection"/> (1-based) runs <paramref name="Sql"/> ("begin", "commit", "rollback" or SQL).</summary>
public readonly record struct Step(int Connection, string Sql)
{
    public override string ToString() => $"T{Connection}: {Sql}";
}

/// <summary>An engine the scripts run on.</summary>
internal abstract class IsolationSubject(string directory) : IDisposable
{
    protected string Path { get; } = System.IO.Path.Combine(directory, "hermitage.db");

    public abstract DbConnection Open();

    public abstract DbTransaction Begin(DbConnection connection, IsolationMode mode);

    /// <summary>"busy" for lock waits that timed out and snapshot conflicts; "error" for anything else the engine reports.</summary>
    public abstract string Classify(Exception e);

    public virtual void Dispose()
    {
    }

    /// <summary>Runs the setup, then the steps; returns each step's outcome followed by the final table.</summary>
    public List<string> Run(string setup, IReadOnlyList<Step> steps)
    {
        using (DbConnection connection = Open())
        {
            Execute(connection, null, setup);
        }

        int count = steps.Max(s => s.Connection);
        var connections = new DbConnection[count + 1];
        var transactions = new DbTransaction?[count + 1];
        var outcome = new List<string>();
        try
        {
            for (int i = 1; i <= count; i++)
            {
                connections[i] = Open();
            }

            foreach (Step step in steps)
            {
                outcome.Add($"{step} -> {RunStep(step, connections[step.Connection], ref transactions[step.Connection])}");
            }
        }
        finally
        {
            for (int i = 1; i <= count; i++)
            {
                transactions[i]?.Dispose();
                connections[i]?.Dispose();
            }
        }

        using (DbConnection connection = Open())
        {
            outcome.Add("final: " + Query(connection, null, "select id, value from test order by id"));
        }

        return outcome;
    }

    private string RunStep(Step step, DbConnection connection, ref DbTransaction? transaction)
    {
        try
        {
            switch (step.Sql)
            {
                case "begin":
                    transaction = Begin(connection, Mode);
                    return "ok";
                case "commit" or "rollback" when transaction is null:
                    return "no transaction";
                case "commit":
                    transaction.Commit();
                    transaction = null;
                    return "ok";
                case "rollback":
                    transaction.Rollback();
                    transaction = null;
                    return "ok";
                default:
                    return step.Sql.StartsWith("select", StringComparison.Ordinal)
                        ? Query(connection, transaction, step.Sql)
                        : Execute(connection, transaction, step.Sql);
            }
        }
        catch (Exception e) when (e is DbException)
        {
            return Classify(e);
        }
    }

    public IsolationMode Mode { get; set; }

    private static string Execute(DbConnection connection, DbTransaction? transaction, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        command.ExecuteNonQuery();
        return "ok";
    }

    private static string Query(DbConnection connection, DbTransaction? transaction, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add($"({reader.GetInt64(0)},{reader.GetInt64(1)})");
        }

        return rows.Count == 0 ? "(none)" : string.Join(" ", rows);
    }
}

internal sealed class SharpCoreDBSubject(string directory) : IsolationSubject(directory)
{
    public override DbConnection Open()
    {
        var connection = new SharpCoreDBConnection($"Data Source={Path};Default Timeout=1");
        connection.Open();
        return connection;
    }

    public override DbTransaction Begin(DbConnection connection, IsolationMode mode) => mode switch
    {
        IsolationMode.Immediate => ((SharpCoreDBConnection)connection).BeginTransaction(IsolationLevel.Serializable),
        IsolationMode.Deferred => ((SharpCoreDBConnection)connection).BeginTransaction(IsolationLevel.Serializable, deferred: true),
        _ => ((SharpCoreDBConnection)connection).BeginTransaction(IsolationLevel.Snapshot),
    };

    public override string Classify(Exception e) =>
        e is SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Timeout } ? "busy" : "error";
}

internal sealed class SqliteSubject(string directory) : IsolationSubject(directory)
{
    public override DbConnection Open()
    {
        var connection = new SqliteConnection($"Data Source={Path};Default Timeout=1;Pooling=False");
        connection.Open();
        using SqliteCommand command = connection.CreateCommand();
        command.CommandText = "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;";
        command.ExecuteNonQuery();
        return connection;
    }

    public override DbTransaction Begin(DbConnection connection, IsolationMode mode) =>
        ((SqliteConnection)connection).BeginTransaction(IsolationLevel.Serializable, deferred: mode != IsolationMode.Immediate);

    // SQLITE_BUSY (5) and SQLITE_LOCKED (6), with their extended codes (BUSY_SNAPSHOT is 517).
    public override string Classify(Exception e) => e is SqliteException { SqliteErrorCode: var code } && (code & 0xFF) is 5 or 6 ? "busy" : "error";

    public override void Dispose() => SqliteConnection.ClearAllPools();
}
