// The collation names a schema may use. A CREATE TABLE or CREATE INDEX may name SQLite's
// three built-in ones or one the connection registered (CreateCollation); any other is
// refused, as SQLite refuses it ("no such collation sequence"), instead of being stored
// and silently compared as BINARY. A schema read back from the file names whatever it
// was created with: an application collation's name becomes TextCollation.Unregistered,
// which each statement resolves against its own connection (ApplicationCollations), so
// that opening the file never needs the application's collations, only using them does.
// How each compares is TextCollation's concern (docs/sql-semantics.md, "Collations").
namespace SharpCoreDB.Catalog;

internal static class Collations
{
    /// <summary>
    /// The collation called <paramref name="name"/> as a schema holds it. With <paramref name="registered"/> (a schema
    /// statement being run) the name must be built in or registered there, else SQLite's error; without (a schema read
    /// back) any name is taken.
    /// </summary>
    public static TextCollation Check(string name, ApplicationCollations? registered)
    {
        if (TextCollation.Find(name) is { } builtIn)
        {
            return builtIn;
        }

        return registered is null || registered.Find(name) is not null ? TextCollation.Unregistered(name) : throw TextCollation.Missing(name);
    }
}
