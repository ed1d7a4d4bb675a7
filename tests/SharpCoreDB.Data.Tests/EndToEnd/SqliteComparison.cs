// Runs the same SQL on SQLite and on SharpCoreDB through ADO.NET and renders what each
// returned the same way (column names; rows as exact text, sorted), so that an end-to-end
// test states "answers as SQLite does" in one line. Each test class sets up its own schema
// in both connections through its base, SqliteComparisonTests.
using System.Data.Common;
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.EndToEnd;

internal sealed class SqliteComparison : IDisposable
{
    private readonly SqliteConnection _sqlite = SqliteReference.OpenMemory();

    public SqliteComparison()
    {
        Engine.Open();
    }

    public SqliteConnection Sqlite => _sqlite;

    public SharpCoreDBConnection Engine { get; } = new("Data Source=:memory:");

    /// <summary>Runs each `;`-separated statement on both engines.</summary>
    public void Execute(string script)
    {
        foreach (string statement in script.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            SqliteReference.Execute(_sqlite, statement);
            using DbCommand command = Engine.CreateCommand();
            command.CommandText = statement;
            command.ExecuteNonQuery();
        }
    }

    /// <summary>Asserts that both engines return the same column names and the same rows (in any order).</summary>
    public void AssertSameAnswer(string sql)
    {
        (List<string> columns, List<string> rows) expected = Run(_sqlite, sql);
        (List<string> columns, List<string> rows) actual = Run(Engine, sql);
        Assert.Equal(expected.columns, actual.columns);
        Assert.Equal(expected.rows, actual.rows);
    }

    /// <summary>Asserts that both engines return the same rows in the same order (a query with a total ORDER BY).</summary>
    public void AssertSameOrderedAnswer(string sql) =>
        Assert.Equal(
            SqliteReference.Rows(_sqlite, sql, RowText.Exact, out _),
            SqliteReference.Rows(Engine, sql, RowText.Exact, out _));

    /// <summary>
    /// Asserts that both engines return the same rows (in any order), whatever the columns are called: a column without
    /// an alias is named by printing its expression back (docs/sql-semantics.md), so SQLite's names may differ.
    /// </summary>
    public void AssertSameRows(string sql) => Assert.Equal(Run(_sqlite, sql).Rows, Run(Engine, sql).Rows);

    /// <summary>Asserts that both engines refuse <paramref name="sql"/> with an error containing <paramref name="message"/>.</summary>
    public void AssertSameError(string sql, string message)
    {
        var sqliteError = Assert.Throws<SqliteException>(() => Run(_sqlite, sql));
        Assert.Contains(message, sqliteError.Message, StringComparison.Ordinal);
        var error = Assert.Throws<SharpCoreDBException>(() => Run(Engine, sql));
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
    }

    /// <summary>The column names and the rows (exact text, sorted) of <paramref name="sql"/>.</summary>
    public static (List<string> Columns, List<string> Rows) Run(DbConnection connection, string sql)
    {
        List<string> rows = SqliteReference.Rows(connection, sql, RowText.Exact, out List<string> columns);
        rows.Sort(StringComparer.Ordinal);
        return (columns, rows);
    }

    public void Dispose()
    {
        Engine.Dispose();
        _sqlite.Dispose();
    }
}
