// Application-defined collations, as Microsoft.Data.Sqlite offers them: CreateCollation
// with a Comparison<string> (or a state and a Func<T, string, string, int>). Like the
// connection's functions they belong to the connection object: registered before or
// after Open, kept across Close and Open, never seen by other connections (a pooled
// session is handed back without them), and a new registration makes prepared
// statements compile again. A collation may be named wherever SQLite takes one: COLLATE
// in expressions and ORDER BY, column declarations, and the keys of indexes, UNIQUE
// and PRIMARY KEY constraints, whose B+trees are then ordered by the comparison
// (docs/sql-semantics.md, "Application collations"). A statement that needs a
// collation this connection has not registered fails with SQLite's "no such collation
// sequence". An exception thrown inside the comparison fails the statement, which is
// undone like any failed statement, with a SharpCoreDBException naming the collation.
// Passing a null comparison removes the registration. BINARY, NOCASE and RTRIM cannot
// be replaced (indexes store their keys folded).
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBConnection
{
    private readonly Dictionary<string, Comparison<string>> _collations = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// Registers (or, with a null <paramref name="comparison"/>, removes) the collation <paramref name="name"/> on this
    /// connection: texts compare as <paramref name="comparison"/> says (negative, zero or positive).
    /// </summary>
    public void CreateCollation(string name, Comparison<string>? comparison)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        ApplicationCollations.CheckName(name);
        Comparison<string>? guarded = comparison is null ? null : (left, right) => Compare(name, comparison, left, right);
        _session?.Functions.SetCollation(name, guarded);
        if (guarded is null)
        {
            _collations.Remove(name);
        }
        else
        {
            _collations[name] = guarded;
        }
    }

    /// <summary>Registers (or removes) the collation <paramref name="name"/>, which compares with <paramref name="state"/> passed to <paramref name="comparison"/>.</summary>
    public void CreateCollation<T>(string name, T state, Func<T, string, string, int>? comparison) =>
        CreateCollation(name, comparison is null ? null : (left, right) => comparison(state, left, right));

    // A session taken at Open gets this connection's collations too (after ApplyFunctions cleared it).
    private void ApplyCollations(Session session)
    {
        foreach ((string name, Comparison<string> comparison) in _collations)
        {
            session.Functions.SetCollation(name, comparison);
        }
    }

    private static int Compare(string name, Comparison<string> comparison, string left, string right)
    {
        try
        {
            return comparison(left, right);
        }
        catch (Exception e) when (e is not SharpCoreDBException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"collation {name} failed: {e.Message}", e);
        }
    }
}
