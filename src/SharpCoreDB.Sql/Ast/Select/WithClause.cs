// The WITH clause in front of a SELECT, INSERT, UPDATE or DELETE: common table
// expressions, each a named query visible to the whole statement (and to each
// other: SQLite lets a CTE name one defined after it). A CTE is recursive when its
// own query names it; the RECURSIVE keyword is optional, as in SQLite.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>WITH [RECURSIVE] cte, ..</c>.</summary>
/// <param name="Recursive">The RECURSIVE keyword was written (informational: recursion is detected from the query).</param>
internal sealed record WithClause(bool Recursive, SqlList<CommonTableExpression> Tables, SourcePosition Position = default) : SqlNode(Position);

/// <summary><c>name [(columns)] AS [[NOT] MATERIALIZED] (query)</c>.</summary>
/// <param name="Columns">The column names, or empty to take the query's.</param>
internal sealed record CommonTableExpression(string Name, SqlList<string> Columns, SelectStatement Query, CteMaterialization Materialization, SourcePosition Position = default)
    : SqlNode(Position);

/// <summary>The MATERIALIZED hint of a common table expression.</summary>
internal enum CteMaterialization
{
    /// <summary>No hint: computed once when the statement names it more than once, else read in place like a view.</summary>
    Default,

    /// <summary>MATERIALIZED: computed once per execution and shared by every reference.</summary>
    Materialized,

    /// <summary>NOT MATERIALIZED: each reference runs the query in place, like a view.</summary>
    NotMaterialized,
}
