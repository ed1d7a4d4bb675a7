// How each type of connection string value is read and written: text, true/false,
// integers, byte counts with KB/MB/GB suffixes, and enum names. A value arrives
// either typed (builder.PageSize = 4096, builder["Mode"] = SharpCoreDBOpenMode.ReadOnly)
// or as text from a connection string; both become the same typed value, and Format
// writes it in the one spelling TryParse reads back. Whether a parsed value is
// allowed (a page size must be a power of two) is the setting's rule, not the kind's.
using System.Diagnostics.CodeAnalysis;
using System.Globalization;

namespace SharpCoreDB.Data;

/// <summary>Reads a value from its typed form or its text; false when it is neither.</summary>
internal delegate bool ValueParser<T>(object value, [MaybeNullWhen(false)] out T result);

/// <summary>One type of connection string value.</summary>
/// <param name="Expected">What a value of this type looks like, for error messages.</param>
/// <param name="TryParse">Reads a typed value or its text.</param>
/// <param name="Format">The canonical text of a value; <paramref name="TryParse"/> reads it back to the same value.</param>
/// <param name="IsDefined">False for a typed value no text could give (an enum number without a name).</param>
internal sealed record ValueKind<T>(string Expected, ValueParser<T> TryParse, Func<T, string> Format, Func<T, bool> IsDefined);

/// <summary>The value types of the connection string keys.</summary>
internal static class ValueKinds
{
    public static readonly ValueKind<string> Text = new("text", TryText, static text => text, static _ => true);

    public static readonly ValueKind<bool> Boolean = new(
        "true or false", TryBoolean, static flag => flag ? "True" : "False", static _ => true);

    public static readonly ValueKind<int> Int32 = new(
        "an integer", TryInt32, static number => number.ToString(CultureInfo.InvariantCulture), static _ => true);

    public static readonly ValueKind<long> ByteCount = new(
        "a byte count such as 67108864 or 64MB", TryByteCount, static bytes => bytes.ToString(CultureInfo.InvariantCulture), static _ => true);

    private static readonly (string Suffix, long Factor)[] Suffixes =
    [
        ("KiB", 1L << 10), ("MiB", 1L << 20), ("GiB", 1L << 30),
        ("KB", 1L << 10), ("MB", 1L << 20), ("GB", 1L << 30),
        ("K", 1L << 10), ("M", 1L << 20), ("G", 1L << 30),
    ];

    /// <summary>The names of <typeparamref name="T"/>, matched without regard to case; numbers are refused.</summary>
    public static ValueKind<T> Enum<T>()
        where T : struct, Enum =>
        new("one of " + string.Join(", ", System.Enum.GetNames<T>()), TryEnum, static value => value.ToString(), System.Enum.IsDefined);

    private static string TextOf(object value) => value as string ?? Convert.ToString(value, CultureInfo.InvariantCulture) ?? "";

    private static bool TryText(object value, out string result)
    {
        result = TextOf(value);
        return true;
    }

    private static bool TryBoolean(object value, out bool result)
    {
        if (value is bool flag)
        {
            result = flag;
            return true;
        }

        string text = TextOf(value).Trim();
        if (text.Equals("true", StringComparison.OrdinalIgnoreCase) || text.Equals("yes", StringComparison.OrdinalIgnoreCase) || text == "1")
        {
            result = true;
            return true;
        }

        result = false;
        return text.Equals("false", StringComparison.OrdinalIgnoreCase) || text.Equals("no", StringComparison.OrdinalIgnoreCase) || text == "0";
    }

    private static bool TryInt32(object value, out int result)
    {
        if (value is int number)
        {
            result = number;
            return true;
        }

        return int.TryParse(TextOf(value).Trim(), NumberStyles.Integer, CultureInfo.InvariantCulture, out result);
    }

    private static bool TryByteCount(object value, out long result)
    {
        if (value is long or int)
        {
            result = Convert.ToInt64(value, CultureInfo.InvariantCulture);
            return true;
        }

        string text = TextOf(value).Trim();
        long multiplier = 1;
        foreach ((string suffix, long factor) in Suffixes)
        {
            if (text.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            {
                multiplier = factor;
                text = text[..^suffix.Length].TrimEnd();
                break;
            }
        }

        // No sign and no separators: "-5" or "1,000" is more likely a mistake than a size.
        if (long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long count) && count <= long.MaxValue / multiplier)
        {
            result = count * multiplier;
            return true;
        }

        result = 0;
        return false;
    }

    private static bool TryEnum<T>(object value, out T result)
        where T : struct, Enum
    {
        if (value is T typed)
        {
            result = typed;
            return true;
        }

        string text = TextOf(value).Trim();
        // Names only: "1" would parse as an enum value but says nothing a reader can check.
        if (text.Length > 0 && !char.IsAsciiDigit(text[0]) && text[0] != '-' && System.Enum.TryParse(text, ignoreCase: true, out result))
        {
            return true;
        }

        result = default;
        return false;
    }
}
