// What the coverage-guided fuzzer runs: an input is SQL text, one statement per line,
// executed line by line on a fresh in-memory database through the parser
// (SqlParser.Parse) and the executor (Session.Prepare/Execute, reading at most 1,000
// rows). The contract is that of the SQL fuzz tests: only SharpCoreDBException may
// escape, and PRAGMA integrity_check says ok at the end. Parameters are bound to
// values derived from the statement text, so a run is a pure function of its input.
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage;
using SharpCoreDB.Values;

namespace SharpCoreDB.CoverageFuzz;

/// <summary>The outcome of one input: null Failure when the contract held.</summary>
internal sealed record TargetOutcome(string? Failure, string? Signature);

/// <summary>Runs one input against the parser and executor.</summary>
internal static class SqlTarget
{
    private const int MaxRows = 1000;
    private const int MaxLines = 64;

    public static TargetOutcome Run(ReadOnlySpan<byte> input)
    {
        string text = Encoding.UTF8.GetString(input);
        string[] lines = text.Split('\n');
        string current = string.Empty;
        try
        {
            using Database database = Database.Open(new DatabaseOptions { Storage = new StorageOptions { Path = null, PageSize = 4096 } });
            database.SpillThresholdRows = 64;
            using Session session = database.CreateSession();
            session.LockTimeout = TimeSpan.FromMilliseconds(100);
            for (int i = 0; i < lines.Length && i < MaxLines; i++)
            {
                current = lines[i];
                if (current.Length > 0)
                {
                    ExecuteLine(session, current);
                }
            }

            current = "PRAGMA integrity_check";
            if (session.InTransaction)
            {
                session.Rollback();
            }

            var check = new StringBuilder();
            foreach (Statement statement in SqlParser.Parse(current))
            {
                using StatementResult result = session.Execute(session.Prepare(statement), new TextParameters(current));
                while (result.Read())
                {
                    check.Append(result[0].ToString()).Append('|');
                }
            }

            return check.ToString() == "ok|"
                ? new TargetOutcome(null, null)
                : new TargetOutcome($"integrity_check: {check}", "integrity:" + Truncate(check.ToString(), 60));
        }
        catch (Exception e) when (e is not SharpCoreDBException)
        {
            return new TargetOutcome($"{e.GetType().FullName}: {e.Message}\nwhile running: {Truncate(current, 400)}\n{e.StackTrace}", Signature(e));
        }
        catch (SharpCoreDBException e)
        {
            // Only the final check can get here (each line's own errors are expected): it must not fail.
            return new TargetOutcome($"the integrity check failed: {e.ErrorCode}: {e.Message}", "integrity-error:" + e.ErrorCode);
        }
    }

    private static void ExecuteLine(Session session, string sql)
    {
        try
        {
            foreach (Statement statement in SqlParser.Parse(sql))
            {
                using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(5));
                using StatementResult result = session.Execute(session.Prepare(statement), new TextParameters(sql), timeout.Token);
                int rows = 0;
                while (rows++ < MaxRows && result.Read())
                {
                    for (int c = 0; c < result.Columns.Count; c++)
                    {
                        _ = result[c].ToString();
                    }
                }
            }
        }
        catch (SharpCoreDBException)
        {
            // Rejected statements are the common case.
        }
    }

    /// <summary>The exception type and the first frame in our code: what makes two failures "the same bug".</summary>
    private static string Signature(Exception e)
    {
        string frame = e.StackTrace?.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.StartsWith("at SharpCoreDB.", StringComparison.Ordinal)) ?? "?";
        int paren = frame.IndexOf('(', StringComparison.Ordinal);
        return e.GetType().Name + " " + (paren > 0 ? frame[..paren] : frame);
    }

    private static string Truncate(string s, int max) => s.Length <= max ? s : s[..max] + "…";

    /// <summary>Values chosen by a hash of the statement text, so that runs repeat exactly.</summary>
    private sealed class TextParameters(string sql) : IParameterValues
    {
        public DbValue GetValue(StatementParameter parameter)
        {
            int hash = (sql.Length * 31) + parameter.Ordinal;
            foreach (char c in sql)
            {
                hash = unchecked((hash * 31) + c);
            }

            return ((hash & 0x7fffffff) % 8) switch
            {
                0 => DbValue.Null,
                1 => DbValue.FromInt64(parameter.Ordinal),
                2 => DbValue.FromInt64(long.MaxValue),
                3 => DbValue.FromDouble(-0.0),
                4 => DbValue.FromText("abc"),
                5 => DbValue.FromBlob([1, 2]),
                6 => DbValue.FromBoolean(true),
                _ => DbValue.FromDecimal(1.25m),
            };
        }
    }
}
