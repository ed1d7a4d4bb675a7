// CREATE TRIGGER: when it fires (BEFORE, AFTER, INSTEAD OF), on what (INSERT,
// DELETE, UPDATE [OF columns]) of which table or view, under which WHEN, and the
// statements it runs. WHEN and the body are kept both parsed (to run) and as
// written (the catalog stores their text, as it does a view's query).
namespace SharpCoreDB.Sql.Ast;

/// <summary>When a trigger runs relative to the row change that fires it.</summary>
internal enum TriggerTiming
{
    /// <summary>Before the row is written (SQLite's default when none is written).</summary>
    Before,

    /// <summary>After the row is written.</summary>
    After,

    /// <summary>In place of the change, on a view.</summary>
    InsteadOf,
}

/// <summary>The kind of row change that fires a trigger.</summary>
internal enum TriggerEvent
{
    /// <summary>A row is inserted.</summary>
    Insert,

    /// <summary>A row is updated (of the listed columns, when any are listed).</summary>
    Update,

    /// <summary>A row is deleted.</summary>
    Delete,
}

/// <summary>
/// <c>CREATE [TEMP] TRIGGER [IF NOT EXISTS] name [BEFORE | AFTER | INSTEAD OF] event ON table [FOR EACH ROW] [WHEN expr] BEGIN stmt; ... END</c>.
/// </summary>
/// <param name="WhenSql">The WHEN condition exactly as written (null without WHEN).</param>
/// <param name="UpdateColumns">The columns of <c>UPDATE OF</c>; empty for any UPDATE.</param>
/// <param name="Body">The INSERT, UPDATE, DELETE and SELECT statements the trigger runs, in order.</param>
/// <param name="BodySql">The body between BEGIN and END exactly as written.</param>
internal sealed record CreateTriggerStatement(
    QualifiedName Name,
    bool IfNotExists,
    bool Temporary,
    TriggerTiming Timing,
    TriggerEvent Event,
    SqlList<string> UpdateColumns,
    QualifiedName Table,
    bool ForEachRow,
    Expression? When,
    string? WhenSql,
    SqlList<Statement> Body,
    string BodySql,
    SourcePosition Position = default) : Statement(Position);
