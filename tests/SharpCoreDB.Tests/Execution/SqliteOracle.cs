// Evaluates `SELECT <expr>` in an in-memory SQLite and turns the answer into a
// DbValue, so the differential tests can compare our value semantics with
// SQLite's value for value and type for type.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

/// <summary>An in-memory SQLite that evaluates single expressions.</summary>
internal sealed class SqliteOracle : IDisposable
{
    private readonly SqliteConnection _connection;
    private readonly SqliteCommand _command;

    public SqliteOracle()
    {
        _connection = new SqliteConnection("Data Source=:memory:");
        _connection.Open();
        _command = _connection.CreateCommand();
    }

    /// <summary>The value of <paramref name="expression"/>, or the error message SQLite gave.</summary>
    public (DbValue Value, string? Error) Evaluate(string expression)
    {
        _command.CommandText = "SELECT " + expression;
        try
        {
            using SqliteDataReader reader = _command.ExecuteReader();
            reader.Read();
            object value = reader.GetValue(0);
            return (value switch
            {
                DBNull => DbValue.Null,
                long l => DbValue.FromInt64(l),
                double d => DbValue.FromDouble(d),
                string s => DbValue.FromText(s),
                byte[] b => DbValue.FromBlob(b),
                _ => throw new InvalidOperationException("Unexpected SQLite value " + value.GetType()),
            }, null);
        }
        catch (SqliteException e)
        {
            return (DbValue.Null, e.Message);
        }
    }

    public void Dispose()
    {
        _command.Dispose();
        _connection.Dispose();
    }
}
