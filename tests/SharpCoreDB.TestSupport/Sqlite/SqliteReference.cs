// SQLite (Microsoft.Data.Sqlite) is the reference the differential tests compare
// SharpCoreDB with: they run the same statements on both and compare what comes
// back. This opens the reference, runs statements on it and reads a query's rows,
// each row rendered as one string by the caller's rule (RowText has the common ones),
// so that the tests compare lists of strings.
using System.Data.Common;
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.TestSupport.Sqlite;

public static class SqliteReference
{
    /// <summary>A private in-memory SQLite database, open.</summary>
    public static SqliteConnection OpenMemory()
    {
        var connection = new SqliteConnection("Data Source=:memory:");
        connection.Open();
        return connection;
    }

    /// <summary>Runs <paramref name="sql"/> on SQLite (a <see cref="SqliteException"/> reaches the caller).</summary>
    public static void Execute(SqliteConnection sqlite, string sql)
    {
        using SqliteCommand command = sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    /// <summary>The rows of <paramref name="sql"/>, each rendered by <paramref name="render"/> (NULL cells as null).</summary>
    public static List<string> Rows(SqliteConnection sqlite, string sql, Func<object?[], string> render) =>
        Rows(sqlite, sql, render, out _);

    /// <summary>
    /// The rows and column names of <paramref name="sql"/> on any ADO.NET connection (SQLite's or
    /// SharpCoreDB's), each row rendered by <paramref name="render"/> (NULL cells as null).
    /// </summary>
    public static List<string> Rows(DbConnection connection, string sql, Func<object?[], string> render, out List<string> columns)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        columns = [.. Enumerable.Range(0, reader.FieldCount).Select(reader.GetName)];
        var rows = new List<string>();
        while (reader.Read())
        {
            var values = new object?[reader.FieldCount];
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
            }

            rows.Add(render(values));
        }

        return rows;
    }
}
