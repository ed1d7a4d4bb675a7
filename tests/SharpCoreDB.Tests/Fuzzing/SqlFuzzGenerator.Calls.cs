// The calls of the SQL fuzz generator: every built-in scalar function, aggregate and
// window function, taken from the engine's registries so that a new function is
// fuzzed at once; aggregates with the arguments each takes (DISTINCT, a separator, a
// name), and window functions with OVER (a partition, an order, a frame).
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;

namespace SharpCoreDB.Tests.Fuzzing;

internal sealed partial class SqlFuzzGenerator
{
    // Every built-in scalar function (from the registry, so a new one is fuzzed at once), the connection's counters, and
    // a name that does not exist.
    private static readonly string[] ScalarFunctions =
        [.. FunctionRegistry.ScalarNames.Select(n => n.ToLowerInvariant()).Order(StringComparer.Ordinal), "changes", "total_changes", "last_insert_rowid", "nosuchfn"];

    // Every aggregate, each with its own arguments appended by Aggregate().
    private static readonly string[] Aggregates = [.. FunctionRegistry.AggregateNames.Select(n => n.ToLowerInvariant()).Order(StringComparer.Ordinal)];

    private static readonly string[] WindowOnly = [.. WindowCompiler.WindowOnlyNames.Order(StringComparer.Ordinal)];

    // An aggregate call with the arguments it takes (DISTINCT now and then, a separator or a name where it has one).
    private string Aggregate(FuzzTable table)
    {
        string name = Pick(Aggregates);
        return name switch
        {
            "count" when Chance(3) => "count(*)",
            "group_concat" or "string_agg" => $"{name}({Column(table)}{(name == "string_agg" || Chance(2) ? ", " + Pick("','", "' | '", "NULL", Column(table)) : "")})",
            "json_group_object" => $"{name}({Column(table)}, {Column(table)})",
            _ => $"{name}({(Chance(5) ? "DISTINCT " : "")}{Column(table)})",
        };
    }

    // A window function (or an aggregate) with OVER: a partition, an order, sometimes a frame.
    private string Window(FuzzTable table)
    {
        string call = Chance(2) ? Aggregate(table) : Pick(WindowOnly) switch
        {
            "ntile" => $"ntile({Pick("1", "2", "3", "0", "-1", Literal())})",
            "lag" or "lead" => $"{Pick("lag", "lead")}({Column(table)}{(Chance(2) ? ", " + Pick("1", "2", "-1", Literal()) : "")})",
            "first_value" or "last_value" => $"{Pick("first_value", "last_value")}({Column(table)})",
            "nth_value" => $"nth_value({Column(table)}, {Pick("1", "2", "0", Literal())})",
            var name => name + "()",
        };
        string partition = Chance(2) ? $"PARTITION BY {Column(table)} " : "";
        string order = Chance(3) ? "" : $"ORDER BY {Column(table)}{Pick("", " DESC", " COLLATE NOCASE")} ";
        string frame = order.Length == 0 || Chance(2) ? ""
            : $"{Pick("ROWS", "RANGE", "GROUPS")} BETWEEN {Pick("UNBOUNDED PRECEDING", "1 PRECEDING", "CURRENT ROW")} AND {Pick("CURRENT ROW", "1 FOLLOWING", "UNBOUNDED FOLLOWING")}";
        return $"{call} OVER ({partition}{order}{frame})";
    }
}
