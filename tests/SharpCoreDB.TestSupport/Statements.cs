// Running one statement on any ADO.NET connection (SharpCoreDB's or SQLite's) in one
// line, for tests whose subject is the answer rather than the command object.
using System.Data.Common;

namespace SharpCoreDB.TestSupport;

public static class Statements
{
    /// <summary>Executes <paramref name="sql"/> and returns the rows it changed.</summary>
    public static int Run(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteNonQuery();
    }

    /// <summary>The first column of the first row of <paramref name="sql"/> (null when there is none).</summary>
    public static object? Scalar(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        return command.ExecuteScalar();
    }
}
