// Where a node of the AST starts in the SQL text, so that errors found after
// parsing (unknown column, type mismatch) can name the place a person must fix.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A place in SQL text: 1-based line and 1-based column (in UTF-16 code units).</summary>
internal readonly record struct SourcePosition(int Line, int Column)
{
    /// <summary>The position of nodes built in code rather than parsed.</summary>
    public static SourcePosition None => default;

    /// <inheritdoc />
    public override string ToString() => $"line {Line}, column {Column}";
}
