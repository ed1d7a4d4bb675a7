// Evaluates `SELECT <expr>` in an in-memory SQLite and turns the answer into a
// DbValue, so that the differential tests of the value semantics compare ours with
// SQLite's value for value and type for type.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Values;

namespace SharpCoreDB.TestSupport.Sqlite;

/// <summary>An in-memory SQLite that evaluates single expressions.</summary>
internal sealed class SqliteOracle : IDisposable
{
    private readonly SqliteConnection _connection = SqliteReference.OpenMemory();
    private readonly SqliteCommand _command;

    public SqliteOracle() => _command = _connection.CreateCommand();

    /// <summary>The value of <paramref name="expression"/>, or the error message SQLite gave.</summary>
    public (DbValue Value, string? Error) Evaluate(string expression)
    {
        _command.CommandText = "SELECT " + expression;
        try
        {
            using SqliteDataReader reader = _command.ExecuteReader();
            reader.Read();
            return (SqliteValues.ToDbValue(reader.GetValue(0)), null);
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
