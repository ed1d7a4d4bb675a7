// A collating sequence for text: how two texts compare. Values that are not both
// text compare as DbValueOrder says whatever the collation.
//
//   BINARY  code point order (DbValueOrder.CompareText), the default
//   NOCASE  the 26 ASCII capitals folded to lower case first, every other
//           character as it is (SQLite's rule: 'É' and 'é' still differ)
//   RTRIM   trailing spaces (U+0020 only) ignored, then BINARY
//   an application's, registered on its connection (CreateCollation): its
//           Comparison<string> decides; a schema that names one holds only its
//           name (Unregistered below), which each statement's planner replaces by
//           the connection's registration, so that two connections may register
//           different comparisons under one name, as in SQLite
//
// Key(value) gives the value whose BINARY order and equality are this collation's
// order and equality, so an index, a GROUP BY or a DISTINCT can key by it; an
// application collation has no such value (CanFold is false): its index orders keys
// with a comparer (Storage/Records/CollatedKeyOrder) and its GROUP BY or DISTINCT
// groups by comparison (Execution/CollatedKeys).
namespace SharpCoreDB.Values;

/// <summary>A collating sequence for text.</summary>
internal sealed class TextCollation
{
    public static readonly TextCollation Binary = new("BINARY", Kind.Binary, null);
    public static readonly TextCollation NoCase = new("NOCASE", Kind.NoCase, null);
    public static readonly TextCollation RTrim = new("RTRIM", Kind.RTrim, null);

    private readonly Kind _kind;
    private readonly Comparison<string>? _comparison;

    private TextCollation(string name, Kind kind, Comparison<string>? comparison)
    {
        Name = name;
        _kind = kind;
        _comparison = comparison;
    }

    private enum Kind
    {
        Binary,
        NoCase,
        RTrim,
        Application,
        Unregistered,
    }

    public string Name { get; }

    public bool IsBinary => _kind == Kind.Binary;

    /// <summary>BINARY, NOCASE or RTRIM: an index may store keys folded by <see cref="Key"/>.</summary>
    public bool IsBuiltIn => _kind is Kind.Binary or Kind.NoCase or Kind.RTrim;

    /// <summary>True when <see cref="Key"/> gives values whose BINARY equality is this collation's (every built-in one).</summary>
    public bool CanFold => IsBuiltIn;

    /// <summary>A name the schema uses that no registration answers (yet): comparing under it fails.</summary>
    public bool IsUnregistered => _kind == Kind.Unregistered;

    /// <summary>The application's comparison of two texts, for an application collation (null otherwise).</summary>
    public Comparison<string>? TextComparison => _comparison;

    /// <summary>The built-in collation called <paramref name="name"/> (any case); BINARY for null; null when there is none.</summary>
    public static TextCollation? Find(string? name) => name?.ToUpperInvariant() switch
    {
        null or "BINARY" => Binary,
        "NOCASE" => NoCase,
        "RTRIM" => RTrim,
        _ => null,
    };

    /// <summary>An application collation <paramref name="name"/> comparing texts by <paramref name="comparison"/>.</summary>
    public static TextCollation Application(string name, Comparison<string> comparison) => new(name, Kind.Application, comparison);

    /// <summary>What a schema's collation <paramref name="name"/> is before a connection's registration answers it.</summary>
    public static TextCollation Unregistered(string name) => new(name, Kind.Unregistered, null);

    /// <summary>SQLite's error for a collation nobody registered.</summary>
    public static SharpCoreDBException Missing(string name) =>
        new(SharpCoreDBErrorCode.SemanticError, $"no such collation sequence: {name}");

    /// <summary>This collation, or SQLite's error when it is only a name no registration answers.</summary>
    public TextCollation Usable() => _kind == Kind.Unregistered ? throw Missing(Name) : this;

    /// <summary>Whether <paramref name="other"/> is the collation of the same name (any case): the same order within one connection.</summary>
    public bool SameAs(TextCollation? other) =>
        other is not null && (ReferenceEquals(this, other) || string.Equals(Name, other.Name, StringComparison.OrdinalIgnoreCase));

    /// <summary>Negative, zero or positive in the DbValue order, texts compared by this collation.</summary>
    public int Compare(in DbValue left, in DbValue right) =>
        _kind == Kind.Binary || left.Type != DbValueType.Text || right.Type != DbValueType.Text
            ? DbValueOrder.Compare(left, right)
            : CompareText(left.AsText(), right.AsText());

    /// <summary>
    /// The value whose BINARY order is this collation's order: texts folded, everything else unchanged. An application
    /// collation cannot fold (<see cref="CanFold"/>): its values are returned as they are.
    /// </summary>
    public DbValue Key(in DbValue value)
    {
        if (_kind is not (Kind.NoCase or Kind.RTrim) || value.Type != DbValueType.Text)
        {
            return value;
        }

        string text = value.AsText();
        if (_kind == Kind.RTrim)
        {
            string trimmed = text.TrimEnd(' ');
            return trimmed.Length == text.Length ? value : DbValue.FromText(trimmed);
        }

        return text.AsSpan().IndexOfAnyInRange('A', 'Z') < 0 ? value : DbValue.FromText(string.Create(text.Length, text, static (span, source) =>
        {
            for (int i = 0; i < span.Length; i++)
            {
                span[i] = FoldAscii(source[i]);
            }
        }));
    }

    /// <summary>Negative, zero or positive as <paramref name="left"/> sorts before, with or after <paramref name="right"/> under this collation.</summary>
    public int CompareText(string left, string right)
    {
        switch (_kind)
        {
            case Kind.Binary:
                return DbValueOrder.CompareText(left, right);
            case Kind.RTrim:
                return DbValueOrder.CompareText(left.AsSpan().TrimEnd(' '), right.AsSpan().TrimEnd(' '));
            case Kind.Application:
                // Equal texts are equal under any sane collation: no call, as a B+tree search compares a key with itself.
                return string.Equals(left, right, StringComparison.Ordinal) ? 0 : Math.Sign(_comparison!(left, right));
            case Kind.Unregistered:
                throw Missing(Name);
        }

        int n = Math.Min(left.Length, right.Length);
        for (int i = 0; i < n; i++)
        {
            char a = FoldAscii(left[i]);
            char b = FoldAscii(right[i]);
            if (a != b)
            {
                return DbValueOrder.CompareText([a], [b]);
            }
        }

        return left.Length.CompareTo(right.Length);
    }

    private static char FoldAscii(char c) => c is >= 'A' and <= 'Z' ? (char)(c + 32) : c;

    public override string ToString() => Name;
}
