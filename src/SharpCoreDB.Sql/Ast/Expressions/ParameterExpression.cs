// A bound parameter. Ordinals follow SQLite's numbering within one statement:
// `?` takes the largest ordinal so far plus one, `?NNN` takes NNN, and a named
// parameter takes the next ordinal on its first appearance and reuses it after.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A parameter placeholder: <c>?</c>, <c>?NNN</c>, <c>@name</c>, <c>:name</c> or <c>$name</c>.</summary>
/// <param name="Name">The name without its prefix, or null for <c>?</c> and <c>?NNN</c>.</param>
/// <param name="Prefix">'?', '@', ':' or '$'.</param>
/// <param name="Ordinal">The 1-based position the value binds to.</param>
internal sealed record ParameterExpression(string? Name, char Prefix, int Ordinal, SourcePosition Position = default)
    : Expression(Position);
