// SQL the tests run beside EF Core, through the context's own connection (so that it sees
// the context's transaction and in-memory database): statements, and rows as text
// ("a|b;c|d", NULL empty, booleans 0/1) to compare with what a test expects.
using System.Data.Common;
using System.Globalization;
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

internal static class TestSql
{
    public static void Run(DbContext context, string sql) => context.Database.ExecuteSqlRaw(sql);

    public static string Rows(DbContext context, string sql) => WithOpen(context.Database.GetDbConnection(), c => Rows(c, sql));

    public static long Scalar(DbContext context, string sql) => WithOpen(context.Database.GetDbConnection(), c => Scalar(c, sql));

    public static void Run(DbConnection connection, string sql) => Statements.Run(connection, sql);

    public static long Scalar(DbConnection connection, string sql) => Convert.ToInt64(Statements.Scalar(connection, sql), CultureInfo.InvariantCulture);

    public static string Rows(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(string.Join("|", Enumerable.Range(0, reader.FieldCount).Select(i => Text(reader, i))));
        }

        return string.Join(";", rows);
    }

    private static string Text(DbDataReader reader, int i) => reader.IsDBNull(i) ? "" : reader.GetValue(i) switch
    {
        bool b => b ? "1" : "0",
        object value => Convert.ToString(value, CultureInfo.InvariantCulture) ?? "",
    };

    private static T WithOpen<T>(DbConnection connection, Func<DbConnection, T> read)
    {
        bool opened = connection.State != System.Data.ConnectionState.Open;
        if (opened)
        {
            connection.Open();
        }

        try
        {
            return read(connection);
        }
        finally
        {
            if (opened)
            {
                connection.Close();
            }
        }
    }
}
