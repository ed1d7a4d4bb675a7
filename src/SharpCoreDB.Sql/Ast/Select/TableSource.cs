// The FROM clause as a left-deep tree of joins: `a, b JOIN c ON ..` is
// Join(Join(a, Cross, b), Inner, c, on). A comma join is a cross join.
namespace SharpCoreDB.Sql.Ast;

/// <summary>Something rows come from.</summary>
internal abstract record TableSource(SourcePosition Position) : SqlNode(Position);

/// <summary>A named table or view, with an optional alias.</summary>
internal sealed record TableReference(QualifiedName Name, string? Alias, SourcePosition Position = default) : TableSource(Position)
{
    /// <summary><c>INDEXED BY name</c> or <c>NOT INDEXED</c>, or null.</summary>
    public IndexHint? IndexHint { get; init; }
}

/// <summary><c>INDEXED BY name</c> (<see cref="IndexName"/> set): read the table through that index; <c>NOT INDEXED</c> (null): through none.</summary>
internal sealed record IndexHint(string? IndexName, SourcePosition Position = default) : SqlNode(Position);

/// <summary>A parenthesised SELECT in FROM, with an optional alias.</summary>
internal sealed record SubquerySource(SelectStatement Query, string? Alias, SourcePosition Position = default) : TableSource(Position);

/// <summary>A table-valued function in FROM (<c>json_each(doc, '$.a') AS e</c>); its arguments may read the sources left of it.</summary>
internal sealed record TableFunctionSource(string Name, SqlList<Expression> Arguments, string? Alias, SourcePosition Position = default) : TableSource(Position);

/// <summary>Two sources joined; <see cref="On"/> or <see cref="Using"/> may constrain it.</summary>
internal sealed record JoinSource(TableSource Left, JoinKind Kind, TableSource Right, Expression? On, SqlList<string> Using, SourcePosition Position = default)
    : TableSource(Position)
{
    /// <summary>NATURAL: an implicit USING of every column name both sides have (never with ON or USING).</summary>
    public bool Natural { get; init; }
}

/// <summary>The kinds of join.</summary>
internal enum JoinKind
{
    /// <summary>[INNER] JOIN.</summary>
    Inner,

    /// <summary>LEFT [OUTER] JOIN.</summary>
    Left,

    /// <summary>CROSS JOIN, or a comma.</summary>
    Cross,

    /// <summary>RIGHT [OUTER] JOIN: every row of the right side, the left side's columns NULL where nothing matched.</summary>
    Right,

    /// <summary>FULL [OUTER] JOIN: every row of both sides.</summary>
    Full,
}
