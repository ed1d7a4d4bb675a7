// The collation names a schema may use: SQLite's three built-in ones. A CREATE TABLE or
// CREATE INDEX naming any other is refused, as SQLite refuses it ("no such collation
// sequence"), instead of being stored and silently compared as BINARY. How NOCASE and
// RTRIM compare is docs/sql-semantics.md's concern ("Collations").
namespace SharpCoreDB.Catalog;

internal static class Collations
{
    private static readonly HashSet<string> BuiltIn = new(StringComparer.OrdinalIgnoreCase) { "BINARY", "NOCASE", "RTRIM" };

    /// <summary>Returns <paramref name="name"/> if it is a known collation; throws SQLite's error otherwise.</summary>
    public static string Check(string name) =>
        BuiltIn.Contains(name) ? name : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such collation sequence: {name}");
}
