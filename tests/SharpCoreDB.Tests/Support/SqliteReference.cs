// Reads a query's rows from a reference SQLite connection, each row rendered as one
// string by the caller's rule, so that differential tests compare lists of strings.
// The rule belongs to the caller: each test renders values the way its own
// comparison needs (exact text, or numbers rounded to what both engines agree on).
using Microsoft.Data.Sqlite;

namespace SharpCoreDB.Tests.Support;

internal static class SqliteReference
{
    public static List<string> Rows(SqliteConnection sqlite, string sql, Func<object?[], string> render)
    {
        using SqliteCommand command = sqlite.CreateCommand();
        command.CommandText = sql;
        using SqliteDataReader reader = command.ExecuteReader();
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
