// INSERT (and REPLACE INTO) with its row source: literal rows, a query, or
// DEFAULT VALUES. `INSERT .. VALUES` with a plain VALUES list becomes
// ValuesSource; a compound or ordered VALUES becomes a SelectSource. ON CONFLICT
// clauses (UPSERT) come after the source.
namespace SharpCoreDB.Sql.Ast;

/// <summary><c>INSERT [OR conflict] INTO table [(columns)] source [RETURNING ..]</c>.</summary>
/// <param name="Columns">The column list, or empty for all columns in table order.</param>
internal sealed record InsertStatement(
    ConflictResolution OnConflict,
    QualifiedName Table,
    string? Alias,
    SqlList<string> Columns,
    InsertSource Source,
    SqlList<ResultColumn> Returning,
    SourcePosition Position = default) : Statement(Position)
{
    /// <summary>The WITH clause in front of it, or null.</summary>
    public WithClause? With { get; init; }

    /// <summary>The ON CONFLICT .. DO clauses (UPSERT), in the order written.</summary>
    public SqlList<UpsertClause> Upserts { get; init; } = SqlList<UpsertClause>.Empty;
}

/// <summary>
/// <c>ON CONFLICT [(columns) [WHERE e]] DO NOTHING | DO UPDATE SET .. [WHERE e]</c>: what an INSERT does instead when a
/// row would break the uniqueness of the target (any uniqueness constraint when there is no target).
/// </summary>
internal sealed record UpsertClause(
    SqlList<IndexedColumn> Target,
    Expression? TargetWhere,
    bool DoNothing,
    SqlList<Assignment> Set,
    Expression? Where,
    SourcePosition Position = default) : SqlNode(Position);

/// <summary>Where inserted rows come from.</summary>
internal abstract record InsertSource(SourcePosition Position) : SqlNode(Position);

/// <summary><c>VALUES (..), (..)</c>.</summary>
internal sealed record ValuesSource(SqlList<SqlList<Expression>> Rows, SourcePosition Position = default) : InsertSource(Position);

/// <summary>A query whose rows are inserted.</summary>
internal sealed record SelectSource(SelectStatement Query, SourcePosition Position = default) : InsertSource(Position);

/// <summary><c>DEFAULT VALUES</c>: one row of column defaults.</summary>
internal sealed record DefaultValuesSource(SourcePosition Position = default) : InsertSource(Position);

/// <summary>What to do when a row violates a constraint (<c>INSERT OR ..</c>, <c>ON CONFLICT ..</c>).</summary>
internal enum ConflictResolution
{
    /// <summary>Not given: abort the statement (ABORT).</summary>
    Default,

    /// <summary>Delete the conflicting rows, then insert.</summary>
    Replace,

    /// <summary>Skip the offending row.</summary>
    Ignore,

    /// <summary>Undo the statement and fail.</summary>
    Abort,

    /// <summary>Fail, keeping the statement's earlier changes.</summary>
    Fail,

    /// <summary>Roll back the whole transaction and fail.</summary>
    Rollback,
}
