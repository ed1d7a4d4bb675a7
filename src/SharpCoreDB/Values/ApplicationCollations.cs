// The collations an application registers on its connection
// (SharpCoreDBConnection.CreateCollation), by name in any case, beside SQLite's three
// built-in ones, which cannot be replaced: indexes store NOCASE and RTRIM keys folded,
// which another comparison would contradict. A schema names collations only by name
// (TextCollation.Unregistered); Resolve turns such a name into this connection's
// registration while a statement is compiled, and leaves it unresolved (an error at
// its first use) when the connection has none.
namespace SharpCoreDB.Values;

/// <summary>A connection's application-defined collations.</summary>
internal sealed class ApplicationCollations
{
    private readonly Dictionary<string, TextCollation> _byName = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>How many collations are registered.</summary>
    public int Count => _byName.Count;

    /// <summary>Registers <paramref name="comparison"/> as <paramref name="name"/> (replacing one so named), or removes it when null.</summary>
    public void Set(string name, Comparison<string>? comparison)
    {
        CheckName(name);
        if (comparison is null)
        {
            _byName.Remove(name);
        }
        else
        {
            _byName[name] = TextCollation.Application(name, comparison);
        }
    }

    /// <summary>Throws when <paramref name="name"/> is a built-in collation's, which an application cannot replace.</summary>
    public static void CheckName(string name)
    {
        if (TextCollation.Find(name) is not null)
        {
            throw new ArgumentException($"The built-in collation {name.ToUpperInvariant()} cannot be replaced: indexes store its keys folded by it.", nameof(name));
        }
    }

    /// <summary>The collation called <paramref name="name"/>: a built-in one, this connection's, or null.</summary>
    public TextCollation? Find(string name) => TextCollation.Find(name) ?? (_byName.TryGetValue(name, out TextCollation? found) ? found : null);

    /// <summary>
    /// The collation <paramref name="collation"/> (as a schema holds it) is on this connection: itself when built in or
    /// registered, the registration of its name, or, when there is none, the unregistered name (which fails when used).
    /// </summary>
    public TextCollation Resolve(TextCollation collation) =>
        collation.IsBuiltIn || _byName.Count == 0 ? collation
        : _byName.TryGetValue(collation.Name, out TextCollation? found) ? found
        : collation;

    /// <summary>Forgets every registration.</summary>
    public void Clear() => _byName.Clear();
}
