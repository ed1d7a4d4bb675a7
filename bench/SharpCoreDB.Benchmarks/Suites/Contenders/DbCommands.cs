// The two ADO.NET chores the probes and suites with statements of their own share:
// adding a named parameter to a command, and running one statement on a connection.
using System.Data.Common;

namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public static class DbCommands
{
    /// <summary>Adds the parameter <paramref name="name"/> (with <paramref name="value"/>, if any) to <paramref name="command"/>.</summary>
    public static DbParameter Parameter(DbCommand command, string name, object? value = null)
    {
        DbParameter parameter = command.CreateParameter();
        parameter.ParameterName = name;
        if (value is not null)
        {
            parameter.Value = value;
        }

        command.Parameters.Add(parameter);
        return parameter;
    }

    /// <summary>Runs one statement that returns no rows.</summary>
    public static void Execute(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
