// Runs what the user typed in the SQL editor, as typed (that is the editor's
// purpose), through a command with no time limit that the page can cancel by the
// id it chose for the run. Every result set comes back, each cut after MaxRows
// rows (the export endpoint streams all of them), with the rows changed and the
// time taken. EXPLAIN QUERY PLAN of the editor's text goes through the same path
// with the prefix on a line of its own, so a syntax error's line is the editor's
// line plus one, which the error report takes back off.
using System.Diagnostics;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Data;

internal sealed record QueryRequest(string Sql, string? Id = null, int MaxRows = QueryRunner.DefaultMaxRows);

internal sealed record ResultSet(IReadOnlyList<string> Columns, IReadOnlyList<GridRow> Rows, bool Truncated);

internal sealed record QueryResult(IReadOnlyList<ResultSet> Results, int RecordsAffected, double ElapsedMilliseconds);

/// <summary>One node of a query plan: its EXPLAIN line and the steps it reads from.</summary>
internal sealed record PlanNode(string Detail, IReadOnlyList<PlanNode> Children);

/// <summary>The queries running for the page, by the id the page gave each, so that a cancel request finds its query.</summary>
/// <remarks>
/// A cancel goes through a token the command executes with, not DbCommand.Cancel(): a cancel that arrives after the
/// query was registered but before its command started would be lost by Cancel() (which stops only a running
/// execution), and the query would then run on with nobody to stop it. A cancelled token stops it at its start.
/// A cancel can also arrive before its query is registered at all (the page enables Cancel as it sends the query, and
/// the two requests race): it is remembered for a minute, and the query's registration finds it and starts cancelled.
/// </remarks>
internal sealed class RunningQueries
{
    // Cancels of ids no query was registered under yet, with when they came; at most this many, for this long.
    private const int MostEarlyCancels = 1000;
    private static readonly TimeSpan EarlyCancelLifetime = TimeSpan.FromMinutes(1);

    private readonly Dictionary<string, CancellationTokenSource> _queries = new(StringComparer.Ordinal);
    private readonly Dictionary<string, long> _earlyCancels = new(StringComparer.Ordinal);
    private readonly Lock _lock = new();

    /// <summary>Registers <paramref name="cancel"/> under <paramref name="id"/> until the returned handle is disposed.</summary>
    public IDisposable Register(string? id, CancellationTokenSource cancel)
    {
        if (id is null)
        {
            return new Registration(this, null);
        }

        lock (_lock)
        {
            if (!IsValidId(id) || !_queries.TryAdd(id, cancel))
            {
                throw new ArgumentException("A query id must be 1 to 64 characters and not already running.");
            }

            if (_earlyCancels.Remove(id))
            {
                cancel.Cancel();
            }
        }

        return new Registration(this, id);
    }

    /// <summary>Cancels the query running under <paramref name="id"/>, or the one about to; false when none is running yet.</summary>
    public bool Cancel(string id)
    {
        lock (_lock)
        {
            if (!_queries.TryGetValue(id, out CancellationTokenSource? cancel))
            {
                RememberEarlyCancel(id);
                return false;
            }

            try
            {
                cancel.Cancel();
            }
            catch (ObjectDisposedException)
            {
                // The query ended meanwhile.
            }

            return true;
        }
    }

    // Under the lock. Forgets those older than their lifetime first, and refuses more than the limit (a page that
    // cancels ids it never runs must not grow the server's memory).
    private void RememberEarlyCancel(string id)
    {
        long now = Environment.TickCount64;
        if (_earlyCancels.Count >= MostEarlyCancels)
        {
            foreach (var (old, at) in _earlyCancels)
            {
                if (now - at > EarlyCancelLifetime.TotalMilliseconds)
                {
                    _earlyCancels.Remove(old);
                }
            }
        }

        if (IsValidId(id) && _earlyCancels.Count < MostEarlyCancels)
        {
            _earlyCancels[id] = now;
        }
    }

    private static bool IsValidId(string id) => id.Length is > 0 and <= 64;

    private sealed class Registration(RunningQueries owner, string? id) : IDisposable
    {
        public void Dispose()
        {
            if (id is not null)
            {
                lock (owner._lock)
                {
                    owner._queries.Remove(id);
                }
            }
        }
    }
}

/// <summary>Runs the editor's SQL.</summary>
internal static class QueryRunner
{
    public const int DefaultMaxRows = 5000;
    public const int MaxRowsLimit = 50_000;

    /// <summary>What goes before the editor's text to get its plan; a line of its own, so columns stay the editor's.</summary>
    public const string ExplainPrefix = "EXPLAIN QUERY PLAN\n";

    public static QueryResult Run(SharpCoreDBConnection connection, QueryRequest request, RunningQueries running)
    {
        int maxRows = Math.Clamp(request.MaxRows, 1, MaxRowsLimit);
        long started = Stopwatch.GetTimestamp();
        var results = new List<ResultSet>();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = request.Sql;
        command.CommandTimeout = 0;
        using var cancel = new CancellationTokenSource();
        using IDisposable registration = running.Register(request.Id, cancel);
        using SharpCoreDBDataReader reader = command.ExecuteReaderAsync(cancel.Token).GetAwaiter().GetResult();
        do
        {
            if (reader.FieldCount == 0)
            {
                continue;
            }

            var columns = new string[reader.FieldCount];
            for (int i = 0; i < columns.Length; i++)
            {
                columns[i] = reader.GetName(i);
            }

            var rows = new List<GridRow>();
            var values = new object?[columns.Length];
            bool truncated = false;
            while (reader.Read())
            {
                if (rows.Count == maxRows)
                {
                    truncated = true;
                    break;
                }

                for (int i = 0; i < values.Length; i++)
                {
                    values[i] = CellValues.Read(reader, i);
                }

                rows.Add(TablePager.ToGridRow(null, values));
            }

            results.Add(new ResultSet(columns, rows, truncated));
        }
        while (reader.NextResult());

        int affected = reader.RecordsAffected;
        return new QueryResult(results, affected, Stopwatch.GetElapsedTime(started).TotalMilliseconds);
    }

    /// <summary>The plan of the editor's text (its first statement) as a tree; EXPLAIN indents each step two spaces under the one that reads it.</summary>
    public static IReadOnlyList<PlanNode> Plan(SharpCoreDBConnection connection, string sql, RunningQueries running, string? id)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = ExplainPrefix + StripExplain(sql);
        command.CommandTimeout = 0;
        using var cancel = new CancellationTokenSource();
        using IDisposable registration = running.Register(id, cancel);
        var lines = new List<string>();
        using (SharpCoreDBDataReader reader = command.ExecuteReaderAsync(cancel.Token).GetAwaiter().GetResult())
        {
            while (reader.Read())
            {
                lines.Add(reader.GetString(0));
            }
        }

        return BuildTree(lines);
    }

    /// <summary>Nodes from EXPLAIN lines, whose depth is their indentation in steps of two spaces.</summary>
    public static IReadOnlyList<PlanNode> BuildTree(IReadOnlyList<string> lines)
    {
        var roots = new List<PlanNode>();
        var path = new List<(int Depth, List<PlanNode> Children)>();
        foreach (string line in lines)
        {
            int depth = (line.Length - line.TrimStart(' ').Length) / 2;
            while (path.Count > 0 && path[^1].Depth >= depth)
            {
                path.RemoveAt(path.Count - 1);
            }

            var children = new List<PlanNode>();
            (path.Count == 0 ? roots : path[^1].Children).Add(new PlanNode(line.Trim(), children));
            path.Add((depth, children));
        }

        return roots;
    }

    // "Explain" on a text that already asks for a plan shows that plan, not the plan of the EXPLAIN.
    private static string StripExplain(string sql)
    {
        string trimmed = sql.TrimStart();
        foreach (string prefix in (string[])["EXPLAIN QUERY PLAN", "EXPLAIN"])
        {
            if (trimmed.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)
                && (trimmed.Length == prefix.Length || char.IsWhiteSpace(trimmed[prefix.Length])))
            {
                // Blank the words rather than remove them, so positions in the text stay the same.
                int start = sql.Length - trimmed.Length;
                return sql[..start] + new string(' ', prefix.Length) + sql[(start + prefix.Length)..];
            }
        }

        return sql;
    }
}
