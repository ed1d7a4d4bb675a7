// Runs fuzzed SQL against the parser and the executor of a fresh in-memory
// database. The contract under test: the only exception that may escape
// SqlParser.Parse, Session.Prepare, Session.Execute or reading a result is a
// SharpCoreDBException; after each rejected statement the database still answers
// a trivial query; at the end of a run PRAGMA integrity_check says ok. Every
// breach is recorded with the seed, the statement index and the SQL text.
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Fuzzing;

internal sealed class SqlFuzzRunner
{
    private const int MaxRowsRead = 5000;

    public List<string> Failures { get; } = [];

    public long StatementsRun { get; private set; }

    /// <summary>Every statement of the last run, in order (what the minimizer starts from).</summary>
    public List<string> Log { get; } = [];

    public long StatementsRejected { get; private set; }

    /// <summary>How often each rejection message (digits blanked) was seen: shows what the generator gets wrong.</summary>
    public Dictionary<string, int> Rejections { get; } = [];

    /// <summary>One run: a new database, the generator's schema, then <paramref name="statements"/> statements.</summary>
    public void Run(int seed, int statements, bool mutate)
    {
        Log.Clear();
        var random = new Random(seed);
        var generator = new SqlFuzzGenerator(random);
        using Database database = Database.Open(new DatabaseOptions());
        using Session session = database.CreateSession();
        foreach (string sql in generator.Schema())
        {
            Check(session, seed, -1, sql, random);
        }

        for (int i = 0; i < statements; i++)
        {
            string sql = generator.Next();
            if (mutate && random.Next(3) != 0)
            {
                sql = SqlMutator.Mutate(sql, random);
            }

            Check(session, seed, i, sql, random);
            if (i % 8 == 0)
            {
                generator.SyncSchema(database.GetCatalog().Tables.Select(t => (t.Name, t.Columns.Select(c => c.Name).ToList())));
            }
        }

        CheckIntegrity(session, seed);
    }

    /// <summary>Runs a fixed list of statements (a regression case) in one fresh database.</summary>
    public void Replay(IEnumerable<string> statements)
    {
        Log.Clear();
        var random = new Random(1);
        using Database database = Database.Open(new DatabaseOptions());
        using Session session = database.CreateSession();
        int index = 0;
        foreach (string sql in statements)
        {
            Check(session, 0, index++, sql, random);
        }

        CheckIntegrity(session, 0);
    }

    /// <summary>Runs <paramref name="sql"/> through the parser only.</summary>
    public void ParseOnly(int seed, int index, string sql)
    {
        StatementsRun++;
        try
        {
            SqlParser.Parse(sql);
        }
        catch (SharpCoreDBException)
        {
            StatementsRejected++;
        }
        catch (Exception e)
        {
            Failures.Add(Describe(seed, index, sql, e));
        }
    }

    private void Check(Session session, int seed, int index, string sql, Random random)
    {
        StatementsRun++;
        Log.Add(sql);
        Exception? escaped = ExecuteScript(session, sql, random, out bool rejected);
        if (escaped is not null)
        {
            Failures.Add(Describe(seed, index, sql, escaped));
        }

        if (rejected || escaped is not null)
        {
            StatementsRejected++;
            if (rejected && LastRejection is { } message)
            {
                string key = new string(message.Take(60).Select(c => char.IsDigit(c) ? '#' : c).ToArray());
                Rejections[key] = Rejections.GetValueOrDefault(key) + 1;
            }

            Exception? after = ExecuteScript(session, "SELECT 1", random, out bool trivialRejected);
            if (after is not null || trivialRejected)
            {
                Failures.Add(Describe(seed, index, "SELECT 1 (after: " + sql + ")", after ?? new InvalidOperationException("SELECT 1 was rejected")));
            }
        }
    }

    private void CheckIntegrity(Session session, int seed)
    {
        var random = new Random(seed);
        if (session.InTransaction)
        {
            ExecuteScript(session, "COMMIT", random, out _);
        }

        var rows = new StringBuilder();
        try
        {
            foreach (Statement statement in SqlParser.Parse("PRAGMA integrity_check"))
            {
                using StatementResult result = session.Execute(session.Prepare(statement), new FuzzParameters(random));
                while (result.Read())
                {
                    rows.Append(result[0].ToString()).Append('|');
                }
            }
        }
        catch (Exception e)
        {
            Failures.Add(Describe(seed, int.MaxValue, "PRAGMA integrity_check", e));
            return;
        }

        if (rows.ToString() != "ok|")
        {
            Failures.Add($"seed {seed}: PRAGMA integrity_check said {rows}");
        }
    }

    /// <summary>Null when only SharpCoreDBException (or nothing) was thrown; else the escaped exception.</summary>
    [ThreadStatic]
    private static string? _lastRejection;

    private static string? LastRejection { get => _lastRejection; set => _lastRejection = value; }

    private static Exception? ExecuteScript(Session session, string sql, Random random, out bool rejected)
    {
        rejected = false;

        // Parameter values depend only on the statement text, so a replay of a logged run binds the same values.
        random = new Random(StableHash(sql));
        try
        {
            foreach (Statement statement in SqlParser.Parse(sql))
            {
                PreparedStatement prepared = session.Prepare(statement);
                using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
                using StatementResult result = session.Execute(prepared, new FuzzParameters(random), timeout.Token);
                int rows = 0;
                while (rows++ < MaxRowsRead && result.Read())
                {
                    for (int i = 0; i < result.Columns.Count; i++)
                    {
                        _ = result[i].ToString();
                    }
                }
            }

            return null;
        }
        catch (SharpCoreDBException e)
        {
            rejected = true;
            LastRejection = e.ErrorCode + ": " + e.Message;
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }

    private static int StableHash(string text)
    {
        int hash = 17;
        foreach (char c in text)
        {
            hash = unchecked((hash * 31) + c);
        }

        return hash;
    }

    private static string Describe(int seed, int index, string sql, Exception e) =>
        $"seed {seed}, statement {index}: {sql}\n  {e.GetType().FullName}: {e.Message}\n{e.StackTrace?.Split('\n').Take(6).Aggregate(string.Empty, (a, l) => a + "    " + l.Trim() + "\n")}";

    /// <summary>Binds every parameter to a random value of any engine type.</summary>
    private sealed class FuzzParameters(Random random) : IParameterValues
    {
        public DbValue GetValue(StatementParameter parameter) => random.Next(12) switch
        {
            0 => DbValue.Null,
            1 => DbValue.FromInt64(random.Next(-3, 40)),
            2 => DbValue.FromInt64(random.Next(2) == 0 ? long.MaxValue : long.MinValue),
            3 => DbValue.FromDouble(random.Next(4) switch { 0 => double.NaN, 1 => double.PositiveInfinity, 2 => -0.0, _ => random.NextDouble() }),
            4 => DbValue.FromText(random.Next(3) switch { 0 => "", 1 => "abc", _ => "12" }),
            5 => DbValue.FromBlob(new byte[random.Next(4)]),
            6 => DbValue.FromBoolean(random.Next(2) == 0),
            7 => DbValue.FromDateTime(random.Next(2) == 0 ? DateTime.MaxValue : new DateTime(2024, 2, 29, 0, 0, 0, DateTimeKind.Utc)),
            8 => DbValue.FromDecimal(random.Next(2) == 0 ? decimal.MaxValue : 1.25m),
            9 => DbValue.FromGuid(new Guid(random.Next(), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
            _ => DbValue.FromInt64(random.Next(10)),
        };
    }
}
