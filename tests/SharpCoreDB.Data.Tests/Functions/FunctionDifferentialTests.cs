// Every built-in function outside JSON against SQLite over seeded random arguments
// (FunctionCases): each call's type and value, or its error message, must be SQLite's.
// Scalars are called alone and nested in one another; aggregates run over a few
// random rows, grouped, DISTINCT, and as window functions; random() and randomblob()
// are compared by type and size. sqlite_version() is the one function left out on
// purpose: it names SharpCoreDB's version (docs/sql-semantics.md). The seeds and the
// number of cases are the CI budget; SCDB_FUNCTION_CASES=N runs N cases per seed and
// SCDB_FUNCTION_SEED=S starts from seed S, for long runs (docs/testing.md).
using System.Data.Common;
using System.Globalization;
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.Execution.Functions;
using Xunit.Abstractions;

namespace SharpCoreDB.Data.Tests.Functions;

[Trait("Category", "Slow")]
public sealed class FunctionDifferentialTests(ITestOutputHelper output) : SqliteComparisonTests
{
    private const int CiCases = 2500;

    private readonly Dictionary<string, int> _known = [];
    private CaseSource? _source;

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void RandomScalarCallsAnswerAsSqlite(int seed)
    {
        Run(seed, (cases, _) =>
        {
            FunctionShape shape = FunctionCases.Scalars[cases.Next(FunctionCases.Scalars.Length)];
            string call = cases.Generator.Call(shape, depth: 0);
            return Compare($"SELECT typeof(v), v FROM (SELECT {call} AS v)", rows: true);
        });
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void RandomAggregatesAnswerAsSqlite(int seed)
    {
        // The rows live in a table whose column has no affinity, so that each value is stored as it is computed.
        Both.Execute("CREATE TABLE vals (x, r INTEGER)");
        Run(seed, (cases, _) =>
        {
            (string insert, string query) = cases.Generator.Aggregate("vals");
            Both.Execute("DELETE FROM vals");
            return Compare(insert, rows: false) ?? (Compare($"SELECT typeof(v), v FROM ({query})", rows: true) is { } difference ? insert + "\n" + difference : null);
        }, share: 3);
    }

    [Fact]
    public void RandomValuedFunctionsHaveSqlitesTypesAndSizes()
    {
        Run(3, (cases, _) =>
        {
            FunctionShape shape = FunctionCases.RandomValued[cases.Next(FunctionCases.RandomValued.Length)];
            return Compare($"SELECT 'text', typeof(v) || ' ' || typeof(length(v)) || ' ' || (length(v) > 0) FROM (SELECT {cases.Generator.Call(shape, depth: 1)} AS v)", rows: true);
        }, share: 10);
    }

    [Fact]
    public void EveryBuiltInFunctionIsCompared()
    {
        HashSet<string> compared = [.. FunctionCases.Scalars.Concat(FunctionCases.RandomValued).Select(f => f.Name.ToUpperInvariant())];
        compared.UnionWith(FunctionCases.Aggregates.Select(a => a.Name.ToUpperInvariant()));
        string[] missing = [.. FunctionRegistry.ScalarNames.Concat(FunctionRegistry.AggregateNames)
            .Where(name => !name.StartsWith("JSON", StringComparison.OrdinalIgnoreCase) && name != "SQLITE_VERSION" && !compared.Contains(name))];
        Assert.Empty(missing);
    }

    // Runs the cases of one seed (1/share of the budget) and fails listing the first differences.
    private void Run(int seed, Func<CaseSource, int, string?> next, int share = 1)
    {
        int budget = int.TryParse(Environment.GetEnvironmentVariable("SCDB_FUNCTION_CASES"), out int n) && n > 0 ? n : CiCases;
        int first = int.TryParse(Environment.GetEnvironmentVariable("SCDB_FUNCTION_SEED"), out int s) ? s : 0;
        var source = _source = new CaseSource(new Random(first + seed));
        int cases = Math.Max(1, budget / share);
        var differences = new List<string>();
        for (int i = 0; i < cases; i++)
        {
            source.Generator.Begin();
            if (next(source, i) is { } difference)
            {
                differences.Add(difference);
            }
        }

        string known = string.Join(", ", _known.Select(k => $"{k.Value} {k.Key}"));
        output.WriteLine($"seed {first + seed}: {cases} cases, {differences.Count} differences, documented: {(known.Length == 0 ? "none" : known)}");
        Assert.True(differences.Count == 0, $"{differences.Count} of {cases} differ (seed {first + seed}; documented: {known}):\n" + string.Join("\n", differences.Take(25)));
    }

    // Runs sql on both engines: the rows it answers (typed as its first column says) or, for a statement without rows,
    // whether it succeeded; either way an error's message. Null when they agree; else the difference.
    private string? Compare(string sql, bool rows)
    {
        string expected = Answer(() => rows ? Rows(Both.Sqlite, sql) : Execute(Both.Sqlite, sql), e => e is Microsoft.Data.Sqlite.SqliteException ? SqliteMessage(e.Message) : null);
        string actual = Answer(() => rows ? Rows(Both.Engine, sql) : Execute(Both.Engine, sql), e => e is SharpCoreDBException ? e.Message : null);
        if (expected == actual)
        {
            return null;
        }

        if (KnownDifferences.Explain(expected, actual, _source!.Generator.MayHoldNulOrNotUtf8) is { } known)
        {
            _known[known] = _known.GetValueOrDefault(known) + 1;
            return null;
        }

        return $"{sql}\n  sqlite: {expected}\n  ours:   {actual}";
    }

    // Every row as "type,value" by the type the first column names, each value read with the getter of that type: the
    // provider keeps a column's .NET type from its first value (docs/adonet.md), SQLite's gives each value its own.
    private static List<string> Rows(DbConnection connection, string sql)
    {
        using DbCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using DbDataReader reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            var cells = new List<string>();
            for (int i = 0; i + 1 < reader.FieldCount; i += 2)
            {
                string type = reader.GetString(i);
                cells.Add(type + "," + (reader.IsDBNull(i + 1) ? "NULL" : type switch
                {
                    "integer" => reader.GetInt64(i + 1).ToString(CultureInfo.InvariantCulture),
                    "real" => reader.GetDouble(i + 1).ToString("R", CultureInfo.InvariantCulture),
                    "text" => reader.GetString(i + 1),
                    _ => "x" + Convert.ToHexString(reader.GetFieldValue<byte[]>(i + 1)),
                }));
            }

            rows.Add(string.Join(",", cells));
        }

        return rows;
    }

    private static List<string> Execute(DbConnection connection, string sql)
    {
        Statements.Run(connection, sql);
        return ["done"];
    }

    // The rows as one line, or "error: " and the message of an error the engine reports as a failed statement.
    private static string Answer(Func<List<string>> rows, Func<Exception, string?> message)
    {
        try
        {
            return string.Join(" | ", rows());
        }
        catch (Exception e) when (message(e) is { } text)
        {
            return "error: " + text;
        }
    }

    // SQLite's message comes as "SQLite Error 1: '<message>'.".
    private static string SqliteMessage(string message)
    {
        int start = message.IndexOf(": '", StringComparison.Ordinal);
        string text = start < 0 ? message : message[(start + 3)..];
        return text.EndsWith("'.", StringComparison.Ordinal) ? text[..^2] : text;
    }

    /// <summary>The random source of one seed's cases.</summary>
    private sealed class CaseSource(Random random)
    {
        public FunctionCases Generator { get; } = new(random);

        public int Next(int bound) => random.Next(bound);
    }
}
