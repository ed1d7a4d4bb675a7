// The REFERENCES clause of a foreign key, shared by the column form
// (`c REFERENCES p(x)`) and the table form (`FOREIGN KEY (c) REFERENCES p(x)`):
// the parent table, its key columns (none written: the parent's PRIMARY KEY),
// the ON DELETE / ON UPDATE actions and whether checking waits for COMMIT.
// Unwritten parts stay null so that the definition prints back as written.
namespace SharpCoreDB.Sql.Ast;

/// <summary>What happens to child rows when their parent row is deleted or its key updated.</summary>
internal enum ForeignKeyAction
{
    /// <summary>Nothing; the statement (or COMMIT, when deferred) fails if a child is left without parent.</summary>
    NoAction,

    /// <summary>The parent change fails at once while children refer to the row, even when deferred.</summary>
    Restrict,

    /// <summary>The children's key columns become NULL.</summary>
    SetNull,

    /// <summary>The children's key columns take their DEFAULT values.</summary>
    SetDefault,

    /// <summary>DELETE: the children are deleted; UPDATE: their key follows the parent's new key.</summary>
    Cascade,
}

/// <summary><c>REFERENCES parent [(columns)] [ON DELETE a] [ON UPDATE a] [MATCH m] [[NOT] DEFERRABLE [INITIALLY ..]]</c>.</summary>
/// <param name="Deferrable">True for DEFERRABLE, false for NOT DEFERRABLE, null when not written.</param>
/// <param name="InitiallyDeferred">True for INITIALLY DEFERRED, false for INITIALLY IMMEDIATE, null when not written.</param>
internal sealed record ForeignKeyClause(
    string ParentTable,
    SqlList<string> ParentColumns,
    ForeignKeyAction? OnDelete,
    ForeignKeyAction? OnUpdate,
    string? Match,
    bool? Deferrable,
    bool? InitiallyDeferred,
    SourcePosition Position = default) : SqlNode(Position)
{
    /// <summary>Checked at COMMIT rather than at the end of each statement (only DEFERRABLE INITIALLY DEFERRED, as in SQLite).</summary>
    public bool IsDeferred => Deferrable == true && InitiallyDeferred == true;
}
