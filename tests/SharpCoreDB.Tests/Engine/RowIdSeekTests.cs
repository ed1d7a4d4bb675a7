// A WHERE on the INTEGER PRIMARY KEY (`id = v`, `id IN (...)`) is answered by
// seeking the rowid B+tree, and the seek decides alone which rows qualify (the
// planner keeps no residual filter for it). So for every kind of value (text
// that looks like a number, reals with and without a fraction, booleans, NULL,
// blobs, the integer extremes, values past them) the rows must be exactly the
// ones SQLite returns, whether the value is a literal or a parameter.
using System.Data.Common;
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Tests.Engine;

public sealed class RowIdSeekTests
{
    private static readonly string[] Values =
    [
        "5", "5.0", "5.5", "-0.0", "'5'", "'5.0'", "' 5'", "'5 '", "'+5'", "'00005'", "'5abc'", "'0x5'", "'1e0'", "'abc'", "''",
        "TRUE", "FALSE", "NULL", "X'05'", "X''", "9223372036854775807", "-9223372036854775808", "9223372036854775807.0",
        "9.3e18", "-9.3e18", "1e20", "'9223372036854775807'", "'9223372036854775808'", "CAST(5 AS TEXT)", "CAST('7' AS INTEGER)",
        "4 + 1", "'4' + 1", "10 / 2", "7 % 4", "-1", "0", "1",
    ];

    private static readonly long[] Ids = [-1, 0, 1, 2, 3, 5, 7, 9223372036854775807, -9223372036854775808];

    [Fact]
    public void RowidEqualityAndInListsSelectTheRowsSqliteSelectsForEveryKindOfValue()
    {
        using var ours = new EngineHarness();
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        Both(ours, sqlite, "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
        foreach (long id in Ids)
        {
            Both(ours, sqlite, $"INSERT INTO t VALUES ({id.ToString(CultureInfo.InvariantCulture)}, 'row')");
        }

        int compared = 0;
        for (int i = 0; i < Values.Length; i++)
        {
            Compare(ours, sqlite, $"SELECT id FROM t WHERE id = {Values[i]}");
            Compare(ours, sqlite, $"SELECT id FROM t WHERE {Values[i]} = id");
            Compare(ours, sqlite, $"SELECT id FROM t WHERE id IN ({Values[i]}, {Values[(i + 7) % Values.Length]}, {Values[(i + 19) % Values.Length]})");
            compared += 3;
        }

        Compare(ours, sqlite, $"SELECT id FROM t WHERE id IN ({string.Join(", ", Values)})");
        Compare(ours, sqlite, "SELECT id FROM t WHERE id IN (5, 5, 5.0, '5')");
        Compare(ours, sqlite, "SELECT id FROM t WHERE id = 5 AND v = 'row'");
        Compare(ours, sqlite, "SELECT id FROM t WHERE id = 5 AND v = 'other'");
        Compare(ours, sqlite, "SELECT id FROM t WHERE id IN (1, 2, 3) AND id = 2");
        Assert.Equal(3 * Values.Length, compared);
    }

    [Fact]
    public void ParametersBoundThroughTheProviderSelectTheRowsSqliteSelects()
    {
        object?[] parameters = [5L, 5, 5.0, 5.5m, 5.5, "5", "5.0", " 5", "abc", true, false, null, new byte[] { 5 }, long.MaxValue, long.MinValue, 9.3e18, 1e20, 0L];
        using var ours = new SharpCoreDB.Data.SharpCoreDBConnection("Data Source=:memory:");
        ours.Open();
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        foreach (DbConnection connection in new DbConnection[] { ours, sqlite })
        {
            Run(connection, "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)", null);
            foreach (long id in Ids)
            {
                Run(connection, $"INSERT INTO t VALUES ({id.ToString(CultureInfo.InvariantCulture)}, 'row')", null);
            }
        }

        foreach (object? value in parameters)
        {
            foreach (string sql in new[] { "SELECT id FROM t WHERE id = @p0", "SELECT id FROM t WHERE id IN (@p0, 3)" })
            {
                List<string> expected = Run(sqlite, sql, value);
                List<string> actual = Run(ours, sql, value);
                Assert.True(expected.SequenceEqual(actual), $"{sql} with {value ?? "NULL"} ({value?.GetType().Name}): SQLite [{string.Join(", ", expected)}], ours [{string.Join(", ", actual)}]");
            }
        }
    }

    // Runs sql with @p0 bound to value (when not null or the statement names it); returns the first column of each row, sorted.
    private static List<string> Run(DbConnection connection, string sql, object? value)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        if (sql.Contains("@p0", StringComparison.Ordinal))
        {
            DbParameter parameter = command.CreateParameter();
            parameter.ParameterName = "@p0";
            parameter.Value = value ?? DBNull.Value;
            command.Parameters.Add(parameter);
        }

        var rows = new List<string>();
        using DbDataReader reader = command.ExecuteReader();
        while (reader.Read())
        {
            rows.Add(reader.GetInt64(0).ToString(CultureInfo.InvariantCulture));
        }

        rows.Sort(string.CompareOrdinal);
        return rows;
    }

    private static void Both(EngineHarness ours, SqliteConnection sqlite, string sql)
    {
        ours.Execute(sql);
        SqliteReference.Execute(sqlite, sql);
    }

    private static void Compare(EngineHarness ours, SqliteConnection sqlite, string sql)
    {
        List<string> expected = SqliteReference.Rows(sqlite, sql, RowText.Exact);
        List<string> actual = ours.Query(sql).Select(RowText.Exact).ToList();
        expected.Sort(string.CompareOrdinal);
        actual.Sort(string.CompareOrdinal);
        Assert.True(expected.SequenceEqual(actual), $"{sql}: SQLite [{string.Join(", ", expected)}], ours [{string.Join(", ", actual)}]");
    }
}
