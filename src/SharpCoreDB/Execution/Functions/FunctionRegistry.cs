// The built-in function library: resolves a function name (any case) and an
// argument count to a scalar function body or a new aggregate state. Names and
// argument counts follow SQLite; docs/sql-semantics.md "Functions" lists them.
// MIN and MAX are aggregates with one argument and scalar with two or more.
using SharpCoreDB.Execution.Functions.Aggregates;
using SharpCoreDB.Execution.Functions.Dates;
using SharpCoreDB.Execution.Functions.Json;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Registers one scalar function overload (name, argument count range, body, whether it is deterministic, result affinity).</summary>
internal delegate void ScalarFunctionAdder(string name, int min, int max, ScalarFunction body, bool deterministic, SqlTypeAffinity affinity);

/// <summary>Looks up built-in scalar and aggregate functions.</summary>
internal static class FunctionRegistry
{
    private const int Many = int.MaxValue;

    // sqlite_version() answers with SharpCoreDB's own version (the same as DbConnection.ServerVersion), not a SQLite one.
    private static readonly DbValue EngineVersion = DbValue.FromText(typeof(FunctionRegistry).Assembly.GetName().Version?.ToString() ?? "0.0.0.0");

    private static readonly Dictionary<string, Overload[]> Scalars = BuildScalars();

    private static readonly HashSet<string> Aggregates = new(StringComparer.OrdinalIgnoreCase)
    {
        "COUNT", "SUM", "TOTAL", "AVG", "MIN", "MAX", "GROUP_CONCAT", "STRING_AGG", "JSON_GROUP_ARRAY", "JSON_GROUP_OBJECT",
    };

    /// <summary>Finds the scalar function <paramref name="name"/> taking <paramref name="argumentCount"/> arguments.</summary>
    public static bool TryGetScalar(string name, int argumentCount, out ScalarFunctionInfo function)
    {
        if (Scalars.TryGetValue(name, out Overload[]? overloads))
        {
            foreach (Overload o in overloads)
            {
                if (argumentCount >= o.Min && argumentCount <= o.Max)
                {
                    function = o.Info;
                    return true;
                }
            }
        }

        function = null!;
        return false;
    }

    /// <summary>True when <paramref name="name"/> with that many arguments is an aggregate (COUNT(*) has 0 arguments).</summary>
    public static bool IsAggregate(string name, int argumentCount)
    {
        if (!Aggregates.Contains(name))
        {
            return false;
        }

        string upper = name.ToUpperInvariant();
        return upper switch
        {
            "COUNT" => argumentCount is 0 or 1,
            "GROUP_CONCAT" => argumentCount is 1 or 2,
            "STRING_AGG" or "JSON_GROUP_OBJECT" => argumentCount == 2,
            _ => argumentCount == 1,
        };
    }

    /// <summary>
    /// A fresh state of the aggregate <paramref name="name"/>; with <paramref name="distinct"/>, repeated values of the first
    /// argument are skipped. <paramref name="collation"/> (the argument's) tells texts apart for DISTINCT, min and max.
    /// </summary>
    public static bool TryCreateAggregate(string name, int argumentCount, bool distinct, TextCollation collation, out IAggregate aggregate)
    {
        aggregate = null!;
        if (!IsAggregate(name, argumentCount) || (distinct && argumentCount == 0))
        {
            return false;
        }

        IAggregate inner = name.ToUpperInvariant() switch
        {
            "COUNT" => new CountAggregate(argumentCount == 0),
            "SUM" => new SumAggregate(total: false),
            "TOTAL" => new SumAggregate(total: true),
            "AVG" => new AvgAggregate(),
            "MIN" => new MinMaxAggregate(-1, collation),
            "MAX" => new MinMaxAggregate(1, collation),
            "JSON_GROUP_ARRAY" => new JsonGroupArrayAggregate(),
            "JSON_GROUP_OBJECT" => new JsonGroupObjectAggregate(),
            _ => new GroupConcatAggregate(),
        };
        aggregate = distinct ? new DistinctAggregate(inner, collation) : inner;
        return true;
    }

    /// <summary>True when the call is an aggregate: the connection's own first (<paramref name="application"/>), then the built-in ones.</summary>
    public static bool IsAggregate(string name, int argumentCount, UserFunctions application) =>
        application.TryGetAggregate(name, argumentCount, out _) || IsAggregate(name, argumentCount);

    /// <summary>A fresh state of the aggregate, the connection's own (<paramref name="application"/>) before a built-in one.</summary>
    public static bool TryCreateAggregate(string name, int argumentCount, bool distinct, TextCollation collation, UserFunctions application, out IAggregate aggregate)
    {
        if (application.TryGetAggregate(name, argumentCount, out Func<IAggregate> create))
        {
            aggregate = distinct ? new DistinctAggregate(create(), collation) : create();
            return !distinct || argumentCount == 1;
        }

        return TryCreateAggregate(name, argumentCount, distinct, collation, out aggregate);
    }

    /// <summary>The names of the built-in scalar functions (upper case), for tests that check every one is covered.</summary>
    public static IEnumerable<string> ScalarNames => Scalars.Keys.Select(name => name.ToUpperInvariant());

    /// <summary>The names of the built-in aggregates (upper case).</summary>
    public static IEnumerable<string> AggregateNames => Aggregates;

    /// <summary>Whether any function of that name exists, for "wrong number of arguments" versus "no such function" errors.</summary>
    public static bool Exists(string name) => Scalars.ContainsKey(name) || Aggregates.Contains(name);

    private static Dictionary<string, Overload[]> BuildScalars()
    {
        var map = new Dictionary<string, List<Overload>>(StringComparer.OrdinalIgnoreCase);

        void Add(string name, int min, int max, ScalarFunction body, bool deterministic = true, SqlTypeAffinity affinity = SqlTypeAffinity.None)
        {
            if (!map.TryGetValue(name, out List<Overload>? list))
            {
                list = [];
                map[name] = list;
            }

            list.Add(new Overload(min, max, new ScalarFunctionInfo(name, body, deterministic, affinity)));
        }

        Add("ABS", 1, 1, CoreFunctions.Abs);
        Add("COALESCE", 2, Many, CoreFunctions.Coalesce);
        Add("IFNULL", 2, 2, CoreFunctions.Coalesce);
        Add("NULLIF", 2, 2, CoreFunctions.NullIf);
        Add("IIF", 2, 3, CoreFunctions.Iif);
        Add("MIN", 2, Many, CoreFunctions.Min);
        Add("MAX", 2, Many, CoreFunctions.Max);
        Add("TYPEOF", 1, 1, CoreFunctions.TypeOf);
        Add("RANDOM", 0, 0, CoreFunctions.Random, deterministic: false);
        Add("SIGN", 1, 1, CoreFunctions.Sign);
        Add("LENGTH", 1, 1, TextFunctions.Length);
        Add("LOWER", 1, 1, TextFunctions.Lower);
        Add("UPPER", 1, 1, TextFunctions.Upper);
        Add("SUBSTR", 2, 3, TextFunctions.Substr);
        Add("SUBSTRING", 2, 3, TextFunctions.Substr);
        Add("TRIM", 1, 2, TextFunctions.Trim);
        Add("LTRIM", 1, 2, TextFunctions.LTrim);
        Add("RTRIM", 1, 2, TextFunctions.RTrim);
        Add("REPLACE", 3, 3, TextFunctions.Replace);
        Add("INSTR", 2, 2, TextFunctions.Instr);
        Add("HEX", 1, 1, TextFunctions.Hex);
        Add("QUOTE", 1, 1, TextFunctions.Quote);
        Add("ROUND", 1, 2, MathFunctions.Round);
        Add("LIKE", 2, 3, PatternFunctions.Like);
        Add("GLOB", 2, 2, PatternFunctions.Glob);
        Add("SQLITE_VERSION", 0, 0, _ => EngineVersion);
        Add("PRINTF", 1, Many, PrintfFunction.Printf);
        Add("FORMAT", 1, Many, PrintfFunction.Printf);
        DateTimeFunctions.Register(Add);
        MathLibrary.Register(Add);
        CharacterFunctions.Register(Add);
        JsonFunctions.Register(Add);

        var result = new Dictionary<string, Overload[]>(StringComparer.OrdinalIgnoreCase);
        foreach (KeyValuePair<string, List<Overload>> entry in map)
        {
            result[entry.Key] = [.. entry.Value];
        }

        return result;
    }

    private sealed record Overload(int Min, int Max, ScalarFunctionInfo Info);
}
