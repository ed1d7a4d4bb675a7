// State shared while one statement is compiled: the catalog it is compiled
// against, the run-time context its operators will use, the parameters the
// statement uses (each gets a slot in the execution's parameter array), and the
// connection's application functions and collations. A schema names application
// collations only by name; Collation(..) gives the connection's registration of one.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Planning.Ctes;

namespace SharpCoreDB.Planning;

/// <summary>Compilation state of one statement.</summary>
internal sealed class PlanningContext
{
    private readonly Dictionary<int, int> _parameterSlots = [];

    public PlanningContext(SchemaCatalog catalog, QueryContext query)
    {
        Catalog = catalog;
        Query = query;
        Expressions = new ExpressionCompiler(this);
        Selects = new SelectPlanner(this);
    }

    public SchemaCatalog Catalog { get; }

    public QueryContext Query { get; }

    public ExpressionCompiler Expressions { get; }

    public SelectPlanner Selects { get; }

    /// <summary>The connection's application-defined functions (none unless the session sets them).</summary>
    public Execution.Functions.UserFunctions Functions { get; init; } = new();

    /// <summary>The collation a statement's COLLATE <paramref name="name"/> means on this connection; SQLite's error when none.</summary>
    public TextCollation Collation(string name) => Functions.Collations.Find(name) ?? throw TextCollation.Missing(name);

    /// <summary>
    /// A schema's collation as this connection has it: built in, registered, or (no registration) the bare name, which
    /// fails with SQLite's error where the statement compares under it.
    /// </summary>
    [return: System.Diagnostics.CodeAnalysis.NotNullIfNotNull(nameof(collation))]
    public TextCollation? Collation(TextCollation? collation) => collation is null ? null : Functions.Collations.Resolve(collation);

    /// <summary>
    /// The order of <paramref name="index"/>'s tree for reading it: null (memcmp) unless it is under an application
    /// collation; without the connection's registration a scan of it works and a search fails with SQLite's error.
    /// </summary>
    public Storage.Records.CollatedKeyOrder? KeyOrder(IndexSchema index) =>
        IndexKeyOrders.For(index, Functions.Collations, MissingCollation.FailWhenCompared);

    /// <summary>The common table expressions in scope.</summary>
    public CommonTables Ctes { get; } = new();

    public List<StatementParameter> Parameters { get; } = [];

    /// <summary>
    /// While a trigger body is compiled: the scope holding its OLD and NEW rows, which every statement of the body
    /// sees as its outermost scope (so `new.x` reads the row that fired the trigger); null otherwise.
    /// </summary>
    public Scope? TriggerRow { get; set; }

    /// <summary>
    /// While a trigger body is compiled for a statement that has its own OR clause: that clause, which replaces the
    /// body statements' own (SQLite's rule); null otherwise.
    /// </summary>
    public ConflictResolution? ConflictOverride { get; set; }

    /// <summary>
    /// The coalesce() calls the planner writes for USING columns left of a RIGHT or FULL JOIN (by reference):
    /// unlike one in the query, each takes its first argument's affinity and collation, as in SQLite.
    /// </summary>
    public HashSet<Expression> MergedUsingValues { get; } = new(ReferenceEqualityComparer.Instance);

    /// <summary>Views being expanded, to reject a view that refers to itself.</summary>
    public HashSet<string> ExpandingViews { get; } = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>The value of an expression that reads no row, parameter or subquery.</summary>
    public static DbValue EvaluateConstant(SchemaCatalog catalog, Expression constant) =>
        new PlanningContext(catalog, new QueryContext(null)).Expressions.Compile(constant, null).Evaluate();

    public int ParameterSlot(ParameterExpression parameter)
    {
        if (!_parameterSlots.TryGetValue(parameter.Ordinal, out int slot))
        {
            slot = Parameters.Count;
            _parameterSlots[parameter.Ordinal] = slot;
            Parameters.Add(new StatementParameter(parameter.Ordinal, parameter.Name, parameter.Prefix));
        }

        return slot;
    }
}
