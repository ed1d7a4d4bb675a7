// SQL front-end speed: parsing a typical single-row INSERT with parameters and a
// three-table join SELECT from scratch (lexer, SLL parse, AST), and looking both
// up in the StatementCache (the path every repeated statement takes).
// Targets (issue 4): uncached INSERT < 20 us, cached lookup < 200 ns, no allocation on a hit.
// Run: dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*ParserBenchmarks*'
using BenchmarkDotNet.Attributes;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Benchmarks.Sql;

[MemoryDiagnoser]
public class ParserBenchmarks
{
    private static readonly string InsertSql = "INSERT INTO customers (id, name, email, balance, created) VALUES (@id, @name, @email, @balance, @created)";

    private static readonly string JoinSql =
        "SELECT c.name, o.id, SUM(l.quantity * l.price) AS total FROM customers c " +
        "JOIN orders o ON o.customer_id = c.id " +
        "LEFT JOIN order_lines l ON l.order_id = o.id " +
        "WHERE c.balance > @minBalance AND o.created >= @since " +
        "GROUP BY c.name, o.id ORDER BY total DESC LIMIT 10";

    private readonly StatementCache _cache = new();

    // Fresh string instances, so that lookups hash and compare the text as a caller's would.
    private readonly string _insertKey = new(InsertSql.AsSpan());
    private readonly string _joinKey = new(JoinSql.AsSpan());

    [GlobalSetup]
    public void Setup()
    {
        _cache.GetOrParse(InsertSql);
        _cache.GetOrParse(JoinSql);
    }

    [Benchmark]
    public object ParseInsert() => SqlParser.Parse(InsertSql);

    [Benchmark]
    public object ParseThreeTableSelect() => SqlParser.Parse(JoinSql);

    [Benchmark]
    public object CachedInsert() => _cache.GetOrParse(_insertKey);

    [Benchmark]
    public object CachedThreeTableSelect() => _cache.GetOrParse(_joinKey);
}
