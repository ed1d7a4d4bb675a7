// CREATE VIEW keeps both the parsed query and its original SQL text: the catalog
// stores the text, and the planner expands the parsed query.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>CREATE [TEMP] VIEW [IF NOT EXISTS] name [(columns)] AS select</c>.</summary>
/// <param name="QuerySql">The SELECT exactly as written in the statement.</param>
internal sealed record CreateViewStatement(
    QualifiedName Name,
    bool IfNotExists,
    bool Temporary,
    SqlList<string> Columns,
    SelectStatement Query,
    string QuerySql,
    SourcePosition Position = default) : Statement(Position);
