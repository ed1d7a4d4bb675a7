// Runs a script statement by statement on SQLite and on SharpCoreDB and holds them
// to the same outcome: a statement succeeds on both (with the same rows) or fails
// on both (a FOREIGN KEY failure as ForeignKeyConstraint, any other error with
// SQLite's own words in the message), and after each statement every table holds
// the same rows in rowid order. The foreign key and trigger scripts use it.
using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Differential;

internal static class ScriptComparison
{
    public static void Run(SqliteConnection sqlite, SharpCoreDBConnection engine, IEnumerable<string> statements)
    {
        foreach (string statement in statements)
        {
            Exception? expected = Outcome(sqlite, statement, out List<string>? expectedRows);
            Exception? actual = Outcome(engine, statement, out List<string>? actualRows);
            if (expected is null)
            {
                Assert.True(actual is null, $"{statement}: SQLite ran it, SharpCoreDB failed: {actual?.Message}");
                Assert.Equal(expectedRows, actualRows);
            }
            else if (expected.Message.Contains("FOREIGN KEY constraint failed", StringComparison.Ordinal))
            {
                var error = Assert.IsType<SharpCoreDBException>(actual);
                Assert.True(error.ErrorCode == SharpCoreDBErrorCode.ForeignKeyConstraint, $"{statement}: {error.Message}");
            }
            else
            {
                Assert.True(actual is not null, $"{statement}: SQLite failed ({expected.Message}), SharpCoreDB ran it");
                string words = ((SqliteException)expected).Message.Split('\'')[1];
                Assert.Contains(words, actual.Message, StringComparison.Ordinal);
            }

            AssertSameTables(sqlite, engine, statement);
        }
    }

    /// <summary>The statements of a script written one per line, each ending with ";" (a trigger's body stays on its line).</summary>
    public static IEnumerable<string> Lines(string script) =>
        script.Split('\n').Select(line => line.Trim()).Where(line => line.Length > 0).Select(line => line.TrimEnd(';'));

    /// <summary>Every table of the SQLite database holds the same rows, in rowid order, on both.</summary>
    public static void AssertSameTables(SqliteConnection sqlite, SharpCoreDBConnection engine, string after)
    {
        foreach (string table in SqliteReference.Rows(sqlite, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name", RowText.Exact))
        {
            AssertSameRows(sqlite, engine, $"SELECT * FROM \"{table}\" ORDER BY rowid", $"{table} after {after}");
        }
    }

    /// <summary>
    /// <paramref name="sql"/> returns the same rows on both; with <paramref name="anyTableOrder"/> in any order (SQLite checks
    /// the tables of a whole-database foreign_key_check in its hash order; SharpCoreDB in name order).
    /// </summary>
    public static void AssertSameRows(SqliteConnection sqlite, SharpCoreDBConnection engine, string sql, string what, bool anyTableOrder = false)
    {
        List<string> expected = SqliteReference.Rows(sqlite, sql, RowText.Exact);
        List<string> actual = SqliteReference.Rows(engine, sql, RowText.Exact, out _);
        if (anyTableOrder)
        {
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
        }

        Assert.True(expected.SequenceEqual(actual), $"{what}: expected [{string.Join(" | ", expected)}], got [{string.Join(" | ", actual)}]");
    }

    private static Exception? Outcome(DbConnection connection, string sql, out List<string>? rows)
    {
        rows = null;
        try
        {
            rows = SqliteReference.Rows(connection, sql, RowText.Exact, out _);
            return null;
        }
        catch (Exception e) when (e is SqliteException or SharpCoreDBException)
        {
            return e;
        }
    }
}
