// Test helper: runs SQL scripts through the engine API (Database/Session) and
// returns rows as plain .NET values, so tests read like the SQL they check.
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Storage;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Engine;

internal sealed class EngineHarness : IDisposable
{
    public EngineHarness(StorageOptions? options = null)
    {
        Database = Database.Open(new DatabaseOptions { Storage = options ?? new StorageOptions() });
        Session = Database.CreateSession();
    }

    public Database Database { get; }

    public Session Session { get; }

    public static object? ToObject(DbValue value) => value.Type switch
    {
        DbValueType.Null => null,
        DbValueType.Integer => value.AsInt64(),
        DbValueType.Real => value.AsDouble(),
        DbValueType.Text => value.AsText(),
        DbValueType.Blob => value.AsBlob(),
        DbValueType.Boolean => value.AsBoolean() ? 1L : 0L,
        _ => value.ToString(),
    };

    /// <summary>Runs every statement; returns the rows of the last one.</summary>
    public List<object?[]> Query(string sql, params object?[] parameters) => Query(CancellationToken.None, sql, parameters);

    /// <summary>Runs every statement with <paramref name="token"/> as its cancellation; returns the rows of the last one.</summary>
    public List<object?[]> Query(CancellationToken token, string sql, params object?[] parameters)
    {
        var rows = new List<object?[]>();
        foreach (var statement in SqlParser.Parse(sql))
        {
            rows = [];
            PreparedStatement prepared = Session.Prepare(statement);
            using StatementResult result = Session.Execute(prepared, new Parameters(parameters), token);
            while (result.Read())
            {
                var row = new object?[result.Columns.Count];
                for (int i = 0; i < row.Length; i++)
                {
                    row[i] = ToObject(result[i]);
                }

                rows.Add(row);
            }
        }

        return rows;
    }

    public int Execute(string sql, params object?[] parameters)
    {
        int affected = -1;
        foreach (var statement in SqlParser.Parse(sql))
        {
            using StatementResult result = Session.Execute(Session.Prepare(statement), new Parameters(parameters));
            while (result.Read())
            {
            }

            affected = result.RecordsAffected;
        }

        return affected;
    }

    public object? Scalar(string sql, params object?[] parameters) => Query(sql, parameters)[0][0];

    /// <summary>The plan EXPLAIN gives for <paramref name="sql"/>, one step a line.</summary>
    public string Explain(string sql) => string.Join("\n", Query("EXPLAIN " + sql).Select(r => (string)r[0]!));

    public void Dispose()
    {
        Session.Dispose();
        Database.Dispose();
    }

    public static DbValue ToValue(object? value) => value switch
    {
        null => DbValue.Null,
        long l => DbValue.FromInt64(l),
        int i => DbValue.FromInt64(i),
        double d => DbValue.FromDouble(d),
        string s => DbValue.FromText(s),
        byte[] b => DbValue.FromBlob(b),
        _ => throw new ArgumentException("unsupported parameter type"),
    };

    private sealed class Parameters(object?[] values) : IParameterValues
    {
        public DbValue GetValue(StatementParameter parameter) =>
            parameter.Ordinal - 1 < values.Length
                ? ToValue(values[parameter.Ordinal - 1])
                : throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"missing parameter {parameter.Ordinal}");
    }
}
