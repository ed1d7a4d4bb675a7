// The scalar functions, aggregates and collations an application registers on its
// connection (SharpCoreDBConnection.CreateFunction, CreateAggregate, CreateCollation).
// Functions are looked up before the built-in ones (an application may replace a
// built-in function for its own connection, as in SQLite), by name (any case) and
// argument count, a registration for any count coming after the exact ones;
// collations live in Values/ApplicationCollations. Every change advances Version, so
// that statements compiled before it are compiled again.
namespace SharpCoreDB.Execution.Functions;

/// <summary>A connection's application-defined scalar functions and aggregates.</summary>
internal sealed class UserFunctions
{
    /// <summary>The argument count of a function registered for any number of arguments.</summary>
    public const int AnyCount = -1;

    private readonly Dictionary<string, List<(int Arguments, ScalarFunctionInfo Item)>> _byName = new(StringComparer.OrdinalIgnoreCase);
    private readonly Dictionary<string, List<(int Arguments, Func<IAggregate> Item)>> _aggregates = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>Changes with every registration and removal.</summary>
    public int Version { get; private set; }

    /// <summary>The connection's collations (changed through <see cref="SetCollation"/>).</summary>
    public ApplicationCollations Collations { get; } = new();

    /// <summary>Registers <paramref name="comparison"/> as the collation <paramref name="name"/>, or removes it when null.</summary>
    public void SetCollation(string name, Comparison<string>? comparison)
    {
        Collations.Set(name, comparison);
        Version++;
    }

    /// <summary>Registers <paramref name="body"/> as <paramref name="name"/> with <paramref name="arguments"/> arguments (replacing one registered so before), or removes it when the body is null.</summary>
    public void Set(string name, int arguments, ScalarFunction? body, bool deterministic) =>
        Put(_byName, name, arguments, body is null ? null : new ScalarFunctionInfo(name, body, deterministic, SqlTypeAffinity.None));

    /// <summary>The function <paramref name="name"/> registered for <paramref name="argumentCount"/> arguments (or for any count).</summary>
    public bool TryGet(string name, int argumentCount, out ScalarFunctionInfo function) => Find(_byName, name, argumentCount, out function);

    /// <summary>Registers the aggregate <paramref name="name"/> with <paramref name="arguments"/> arguments, made fresh per group by <paramref name="create"/> (null removes it).</summary>
    public void SetAggregate(string name, int arguments, Func<IAggregate>? create) => Put(_aggregates, name, arguments, create);

    /// <summary>The application aggregate <paramref name="name"/> for <paramref name="argumentCount"/> arguments (or for any count).</summary>
    public bool TryGetAggregate(string name, int argumentCount, out Func<IAggregate> create) => Find(_aggregates, name, argumentCount, out create);

    // Replaces the registration of name with that argument count (none when item is null); statements compile again.
    private void Put<T>(Dictionary<string, List<(int Arguments, T Item)>> byName, string name, int arguments, T? item)
        where T : class
    {
        if (!byName.TryGetValue(name, out var overloads))
        {
            byName[name] = overloads = [];
        }

        overloads.RemoveAll(o => o.Arguments == arguments);
        if (item is not null)
        {
            overloads.Add((arguments, item));
        }

        Version++;
    }

    // An exact argument count wins over a registration for any count.
    private static bool Find<T>(Dictionary<string, List<(int Arguments, T Item)>> byName, string name, int argumentCount, out T found)
    {
        found = default!;
        if (byName.Count == 0 || !byName.TryGetValue(name, out var overloads))
        {
            return false;
        }

        foreach (var (arguments, candidate) in overloads.OrderBy(o => o.Arguments == AnyCount ? 1 : 0))
        {
            if (arguments == argumentCount || arguments == AnyCount)
            {
                found = candidate;
                return true;
            }
        }

        return false;
    }

    /// <summary>Forgets every registration (a pooled session goes back to the pool without its connection's functions).</summary>
    public void Clear()
    {
        _byName.Clear();
        _aggregates.Clear();
        Collations.Clear();
        Version++;
    }

    /// <summary>Whether any registration of <paramref name="name"/> exists (for "wrong number of arguments").</summary>
    public bool Exists(string name) =>
        (_byName.TryGetValue(name, out var overloads) && overloads.Count > 0) || (_aggregates.TryGetValue(name, out var aggregates) && aggregates.Count > 0);
}
