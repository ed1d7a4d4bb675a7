// SQLite's three built-in collating sequences: how two texts compare. Values that
// are not both text compare as DbValueOrder says whatever the collation.
//
//   BINARY  code point order (DbValueOrder.CompareText), the default
//   NOCASE  the 26 ASCII capitals folded to lower case first, every other
//           character as it is (SQLite's rule: 'É' and 'é' still differ)
//   RTRIM   trailing spaces (U+0020 only) ignored, then BINARY
//
// Key(value) gives the value whose BINARY order and equality are this collation's
// order and equality, so an index, a GROUP BY or a DISTINCT can key by it; Compare
// compares without building that value.
namespace SharpCoreDB.Values;

/// <summary>A collating sequence for text.</summary>
internal sealed class TextCollation
{
    public static readonly TextCollation Binary = new("BINARY");
    public static readonly TextCollation NoCase = new("NOCASE");
    public static readonly TextCollation RTrim = new("RTRIM");

    private TextCollation(string name) => Name = name;

    public string Name { get; }

    public bool IsBinary => ReferenceEquals(this, Binary);

    /// <summary>The collation called <paramref name="name"/> (any case); BINARY for null; null when there is none.</summary>
    public static TextCollation? Find(string? name) => name?.ToUpperInvariant() switch
    {
        null or "BINARY" => Binary,
        "NOCASE" => NoCase,
        "RTRIM" => RTrim,
        _ => null,
    };

    /// <summary>Negative, zero or positive in the DbValue order, texts compared by this collation.</summary>
    public int Compare(in DbValue left, in DbValue right) =>
        IsBinary || left.Type != DbValueType.Text || right.Type != DbValueType.Text
            ? DbValueOrder.Compare(left, right)
            : CompareText(left.AsText(), right.AsText());

    /// <summary>The value whose BINARY order is this collation's order: texts folded, everything else unchanged.</summary>
    public DbValue Key(in DbValue value)
    {
        if (IsBinary || value.Type != DbValueType.Text)
        {
            return value;
        }

        string text = value.AsText();
        if (ReferenceEquals(this, RTrim))
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

    private int CompareText(string left, string right)
    {
        if (ReferenceEquals(this, RTrim))
        {
            return DbValueOrder.CompareText(left.AsSpan().TrimEnd(' '), right.AsSpan().TrimEnd(' '));
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
