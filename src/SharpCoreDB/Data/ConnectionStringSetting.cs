// One connection string setting, described once: its canonical key and aliases,
// the type of its value, the SharpCoreDBOptions property it stands for, and any
// rule a value must meet beyond parsing. The builder parses, formats, reads and
// resets every key through these, and SharpCoreDBOptions.Validate checks the same
// rules, so a key's spelling, default and validation are never written twice. The
// settings themselves are listed in ConnectionStringSettings.
namespace SharpCoreDB.Data;

/// <summary>A rule a parsed value must meet (a range, a power of two), and what it asks for, for error messages.</summary>
internal sealed record ValueRule<T>(Func<T, bool> IsValid, string Expected);

/// <summary>A connection string key and the option it sets, whatever the type of its value.</summary>
internal abstract class ConnectionStringSetting(string name, IReadOnlyList<string> aliases)
{
    /// <summary>The options every setting starts from; a setting's default is its value here.</summary>
    private protected static readonly SharpCoreDBOptions Defaults = new();

    /// <summary>The canonical key, the one the builder writes.</summary>
    public string Name { get; } = name;

    /// <summary>Other spellings that are read as this key.</summary>
    public IReadOnlyList<string> Aliases { get; } = aliases;

    /// <summary>A value never shown in messages or descriptions (the password).</summary>
    public bool IsSecret { get; init; }

    /// <summary>The type of the value the builder and the options hold.</summary>
    public abstract Type ValueType { get; }

    /// <summary>The value of a new <see cref="SharpCoreDBOptions"/>.</summary>
    public object Default => Get(Defaults);

    /// <summary>The typed value in <paramref name="options"/>.</summary>
    public abstract object Get(SharpCoreDBOptions options);

    /// <summary>The canonical text of the value in <paramref name="options"/>.</summary>
    public abstract string Format(SharpCoreDBOptions options);

    /// <summary><paramref name="options"/> with this setting read from <paramref name="value"/> (typed or text); throws naming the key.</summary>
    public abstract SharpCoreDBOptions Apply(SharpCoreDBOptions options, object value);

    /// <summary><paramref name="options"/> with this setting back at its default.</summary>
    public abstract SharpCoreDBOptions Reset(SharpCoreDBOptions options);

    /// <summary>Throws, naming the key, when the value in <paramref name="options"/> breaks the setting's rule.</summary>
    public abstract void Check(SharpCoreDBOptions options);

    private protected ArgumentException Invalid(object value, string expected) =>
        new($"Connection setting '{Name}' has the invalid value '{(IsSecret ? "***" : value)}'; expected {expected}.", Name);
}

/// <summary>A setting whose value is a <typeparamref name="T"/>.</summary>
/// <param name="name">The canonical key.</param>
/// <param name="aliases">Other accepted spellings.</param>
/// <param name="kind">How the value is parsed and formatted.</param>
/// <param name="get">Reads the value from the options.</param>
/// <param name="set">The options with the value replaced.</param>
/// <param name="rule">What a parsed value must also meet; null when any value of the kind will do.</param>
internal sealed class ConnectionStringSetting<T>(
    string name,
    IReadOnlyList<string> aliases,
    ValueKind<T> kind,
    Func<SharpCoreDBOptions, T> get,
    Func<SharpCoreDBOptions, T, SharpCoreDBOptions> set,
    ValueRule<T>? rule = null) : ConnectionStringSetting(name, aliases)
    where T : notnull
{
    public override Type ValueType => typeof(T);

    /// <summary>What a valid value looks like, for error messages.</summary>
    public string Expected => rule?.Expected ?? kind.Expected;

    /// <summary>The typed value in <paramref name="options"/>.</summary>
    public T Value(SharpCoreDBOptions options) => get(options);

    public override object Get(SharpCoreDBOptions options) => get(options);

    public override string Format(SharpCoreDBOptions options) => kind.Format(get(options));

    public override SharpCoreDBOptions Apply(SharpCoreDBOptions options, object value) =>
        kind.TryParse(value, out T? parsed) && IsValid(parsed) ? set(options, parsed) : throw Invalid(value, Expected);

    public override SharpCoreDBOptions Reset(SharpCoreDBOptions options) => set(options, get(Defaults));

    public override void Check(SharpCoreDBOptions options)
    {
        T value = get(options);
        if (!IsValid(value))
        {
            throw Invalid(value, Expected);
        }
    }

    private bool IsValid(T value) => kind.IsDefined(value) && (rule is null || rule.IsValid(value));
}
