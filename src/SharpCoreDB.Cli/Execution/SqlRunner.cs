// Runs one SQL statement on the session's connection and prints what it returns
// in the current output mode: each result set streamed row by row through a
// formatter, then (with .timer on) the elapsed time. The command is registered
// with the session while it runs so that Ctrl-C cancels it, and the row loop also
// stops when interrupted.
using System.Diagnostics;
using System.Globalization;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Execution;

/// <summary>Runs SQL for the shell.</summary>
internal static class SqlRunner
{
    public static void Run(ShellSession session, string sql)
    {
        SharpCoreDBConnection connection = session.RequireConnection();
        long started = Stopwatch.GetTimestamp();
        session.Interrupted = false;
        using (SharpCoreDBCommand command = connection.CreateCommand())
        {
            command.CommandText = sql;
            command.CommandTimeout = 0;
            session.SetRunning(command);
            try
            {
                using SharpCoreDBDataReader reader = command.ExecuteReader();
                do
                {
                    if (reader.FieldCount > 0)
                    {
                        Print(session, reader);
                    }
                }
                while (reader.NextResult());
            }
            finally
            {
                session.SetRunning(null);
            }
        }

        if (session.Timer)
        {
            double ms = Stopwatch.GetElapsedTime(started).TotalMilliseconds;
            session.Out.WriteLine("Time: " + ms.ToString("0.000", CultureInfo.InvariantCulture) + " ms");
        }

        session.Out.Flush();
    }

    private static void Print(ShellSession session, SharpCoreDBDataReader reader)
    {
        var columns = new string[reader.FieldCount];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = reader.GetName(i);
        }

        IResultFormatter formatter = ResultFormatterFactory.Create(session.Mode, session.Out, session.Headers);
        formatter.Begin(columns);
        var values = new object?[columns.Length];
        long rows = 0;
        while (reader.Read())
        {
            if (session.Interrupted)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.Cancelled, "interrupted");
            }

            for (int i = 0; i < values.Length; i++)
            {
                values[i] = reader.IsDBNull(i) ? null : reader.GetValue(i);
            }

            formatter.Row(values);
            rows++;
        }

        formatter.End(rows);
    }
}
