// The collation names a schema may use: SQLite's three built-in ones. A CREATE TABLE or
// CREATE INDEX naming any other is refused, as SQLite refuses it ("no such collation
// sequence"), instead of being stored and silently compared as BINARY. How each
// compares is TextCollation's concern (docs/sql-semantics.md, "Collations").
namespace SharpCoreDB.Catalog;

internal static class Collations
{
    /// <summary>The collation called <paramref name="name"/>; throws SQLite's error when there is none.</summary>
    public static TextCollation Check(string name) =>
        TextCollation.Find(name) ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such collation sequence: {name}");
}
