// A schema object name, optionally qualified by schema (main.t1). Names keep the
// spelling of the text with quotes removed; comparison is the catalog's job.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A table, index or view name: <c>name</c> or <c>schema.name</c>.</summary>
internal sealed record QualifiedName(string? Schema, string Name, SourcePosition Position = default) : SqlNode(Position)
{
    /// <summary>An unqualified name.</summary>
    public QualifiedName(string name, SourcePosition position = default)
        : this(null, name, position)
    {
    }

    /// <inheritdoc />
    public override string ToString() => Schema is null ? Name : Schema + "." + Name;
}
