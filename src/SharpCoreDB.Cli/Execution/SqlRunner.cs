// Runs one SQL statement on the session's connection and prints what it returns:
// each result set streamed row by row through the formatter of the output mode.
// Around it, as the session asks: the query plan first (.eqp on), the rows it
// changed after (.changes on), then the elapsed time (.timer on). The values of
// .parameter are bound to it by name. Values are printed as stored
// (StoredRows.Value), not converted to the type of the column's first value. The
// command is registered with the session while it runs so that Ctrl-C cancels
// it, and the row loop also stops when interrupted. .export runs its query
// through the same path into its own file, without the extras.
using System.Diagnostics;
using System.Globalization;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Execution;

/// <summary>What is printed around a statement's results.</summary>
internal enum StatementExtras
{
    /// <summary>The query plan, changes and time, as the session's settings ask.</summary>
    AsSessionAsks,

    /// <summary>Only the results (.export writes a data file).</summary>
    ResultsOnly,
}

/// <summary>Runs SQL for the shell.</summary>
internal static class SqlRunner
{
    public static void Run(ShellSession session, string sql) =>
        Run(session, sql, session.Out, session.Format, StatementExtras.AsSessionAsks);

    public static void Run(ShellSession session, string sql, TextWriter output, FormatOptions format, StatementExtras extras)
    {
        SharpCoreDBConnection connection = session.RequireConnection();
        bool withExtras = extras == StatementExtras.AsSessionAsks;
        string first = FirstWord(sql);
        if (withExtras && session.Eqp && first is "SELECT" or "WITH" or "VALUES")
        {
            PrintPlan(session, connection, sql, output);
        }

        if (first == "EXPLAIN")
        {
            // A plan's lines are what the user asked for: never cut them to the table's column limit.
            format = format with { LongValues = LongValues.Whole };
        }

        long started = Stopwatch.GetTimestamp();
        session.Interrupted = false;
        int changed = -1;
        using (SharpCoreDBCommand command = Prepare(session, connection, sql))
        {
            session.SetRunning(command);
            try
            {
                using SharpCoreDBDataReader reader = command.ExecuteReader();
                do
                {
                    if (reader.FieldCount > 0)
                    {
                        Print(session, reader, ResultFormatterFactory.Create(format, output));
                    }
                }
                while (reader.NextResult());
                changed = reader.RecordsAffected;
            }
            finally
            {
                session.SetRunning(null);
            }
        }

        if (changed > 0)
        {
            session.TotalChanges += changed;
        }

        if (withExtras && session.Changes)
        {
            output.WriteLine($"changes: {Math.Max(changed, 0)}   total_changes: {session.TotalChanges}");
        }

        if (withExtras && session.Timer)
        {
            double ms = Stopwatch.GetElapsedTime(started).TotalMilliseconds;
            output.WriteLine("Time: " + ms.ToString("0.000", CultureInfo.InvariantCulture) + " ms");
        }

        output.Flush();
    }

    /// <summary>The first keyword of a statement, upper-cased, comments and blanks skipped.</summary>
    internal static string FirstWord(string sql)
    {
        ReadOnlySpan<char> text = sql.AsSpan();
        while (true)
        {
            text = text.TrimStart();
            if (text.StartsWith("--"))
            {
                int end = text.IndexOf('\n');
                text = end < 0 ? [] : text[(end + 1)..];
            }
            else if (text.StartsWith("/*"))
            {
                int end = text.IndexOf("*/");
                text = end < 0 ? [] : text[(end + 2)..];
            }
            else
            {
                break;
            }
        }

        int length = 0;
        while (length < text.Length && char.IsLetter(text[length]))
        {
            length++;
        }

        return text[..length].ToString().ToUpperInvariant();
    }

    private static SharpCoreDBCommand Prepare(ShellSession session, SharpCoreDBConnection connection, string sql)
    {
        SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        command.CommandTimeout = 0;
        foreach ((string name, object? value) in session.Parameters)
        {
            command.Parameters.AddWithValue(name, value ?? DBNull.Value);
        }

        return command;
    }

    // sqlite3's .eqp layout: "QUERY PLAN", then each step under a tree rule.
    private static void PrintPlan(ShellSession session, SharpCoreDBConnection connection, string sql, TextWriter output)
    {
        var steps = new List<string>();
        using (SharpCoreDBCommand command = Prepare(session, connection, "EXPLAIN QUERY PLAN " + sql))
        {
            using SharpCoreDBDataReader reader = command.ExecuteReader();
            int detail = reader.GetOrdinal("detail");
            while (reader.Read())
            {
                steps.Add(reader.IsDBNull(detail) ? "" : reader.GetString(detail));
            }
        }

        output.WriteLine("QUERY PLAN");
        for (int i = 0; i < steps.Count; i++)
        {
            output.WriteLine((i == steps.Count - 1 ? "`--" : "|--") + steps[i]);
        }
    }

    private static void Print(ShellSession session, SharpCoreDBDataReader reader, IResultFormatter formatter)
    {
        var columns = new string[reader.FieldCount];
        for (int i = 0; i < columns.Length; i++)
        {
            columns[i] = reader.GetName(i);
        }

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
                values[i] = Dump.StoredRows.Value(reader, i);
            }

            formatter.Row(values);
            rows++;
        }

        formatter.End(rows);
    }
}
