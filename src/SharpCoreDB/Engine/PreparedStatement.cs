// A statement compiled once and executed many times. The compiled form (plan,
// parameter list, result columns) is kept with the catalog instance it was
// compiled against; Session recompiles when the catalog changed (SchemaVersion)
// or when the plan is still in use by an open result.
using SharpCoreDB.Planning;

namespace SharpCoreDB.Engine;

/// <summary>A prepared statement of one session.</summary>
internal sealed class PreparedStatement
{
    internal PreparedStatement(Statement statement, CompiledStatement? compiled)
    {
        Statement = statement;
        Compiled = compiled;
    }

    public Statement Statement { get; }

    public bool IsQuery => Statement switch
    {
        SelectStatement or ExplainStatement => true,
        PragmaStatement pragma => PragmaRunner.IsQuery(pragma),
        InsertStatement insert => insert.Returning.Count > 0,
        UpdateStatement update => update.Returning.Count > 0,
        DeleteStatement delete => delete.Returning.Count > 0,
        _ => false,
    };

    public IReadOnlyList<ColumnDescription> Columns => Compiled?.Columns ?? [];

    public IReadOnlyList<StatementParameter> Parameters => Compiled?.Parameters ?? [];

    internal CompiledStatement? Compiled { get; set; }
}
