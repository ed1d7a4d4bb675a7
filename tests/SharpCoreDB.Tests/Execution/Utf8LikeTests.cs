// Byte-level LIKE (Utf8Like, used by scans to test records without decoding
// them) against the string-level SqlLike it must agree with: fixed cases for the
// rules that differ most easily (ASCII-only case folding, '_' as one code point,
// ESCAPE), then thousands of random texts and patterns over an alphabet of ASCII
// letters, wildcards, escapes, accented letters, a 3-byte and a 4-byte (surrogate
// pair) character; and ASCII patterns over random, possibly invalid, UTF-8.
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Tests.Execution;

public sealed class Utf8LikeTests
{
    private static readonly string[] Alphabet = ["a", "A", "b", "B", "%", "_", "\\", "#", "é", "É", "ß", "€", "😀", "😁", "x", "@", "."];

    private static bool Bytes(string text, string pattern, char? escape) =>
        Utf8Like.Matches(Encoding.UTF8.GetBytes(text), Utf8Like.Encode(pattern)!, escape is null ? [] : Encoding.UTF8.GetBytes(escape.Value.ToString()));

    // The shape fast paths (lit, lit%, %lit, %lit%) where they apply, the general matcher elsewhere.
    private static bool Shaped(string text, string pattern, char? escape)
    {
        byte[] p = Utf8Like.Encode(pattern)!;
        byte[] e = escape is null ? [] : Encoding.UTF8.GetBytes(escape.Value.ToString());
        LikeShape shape = Utf8Like.Classify(p, e, out Range literal);
        byte[] t = Encoding.UTF8.GetBytes(text);
        return shape == LikeShape.General ? Utf8Like.Matches(t, p, e) : Utf8Like.MatchesShape(shape, t, p.AsSpan(literal));
    }

    [Theory]
    [InlineData("abc", "abc", "Exact")]
    [InlineData("abc", "ABC%", "Prefix")]
    [InlineData("x@example42.com", "%@EXAMPLE42.com", "Suffix")]
    [InlineData("aéb", "%%É%%", "Contains")]
    [InlineData("ab", "a%b", "General")]
    [InlineData("ab", "%a_", "General")]
    [InlineData("ab", "%%", "General")]
    public void SimpleShapesAreRecognised(string text, string pattern, string shape)
    {
        Assert.Equal(shape, Utf8Like.Classify(Encoding.UTF8.GetBytes(pattern), [], out _).ToString());
        Assert.Equal(SqlLike.Matches(text, pattern, null), Shaped(text, pattern, null));
    }

    [Theory]
    [InlineData("alice@example42.com", "%@example42.com", null, true)]
    [InlineData("alice@EXAMPLE42.COM", "%@example42.com", null, true)]
    [InlineData("alice@example42.co", "%@example42.com", null, false)]
    [InlineData("café", "CAFÉ", null, false)] // only ASCII letters fold
    [InlineData("CAFé", "café", null, true)]
    [InlineData("é", "_", null, true)] // one code point of two bytes
    [InlineData("😀", "_", null, true)] // a surrogate pair is one character
    [InlineData("😀", "__", null, false)]
    [InlineData("a😀b", "a_b", null, true)]
    [InlineData("€x", "_x", null, true)]
    [InlineData("50%", "50\\%", '\\', true)]
    [InlineData("500", "50\\%", '\\', false)]
    [InlineData("a_b", "a#_b", '#', true)]
    [InlineData("axb", "a#_b", '#', false)]
    [InlineData("ab", "ab#", '#', false)] // an escape at the end matches nothing
    [InlineData("a%", "a%%", '%', true)] // '%' as the escape is literal
    [InlineData("a", "a%%", '%', false)]
    [InlineData("aé", "a#é", '#', true)]
    [InlineData("aÉ", "a#é", '#', false)]
    [InlineData("xéy", "x€y", 'é', false)]
    [InlineData("x😀y", "x😀y", '€', true)]
    [InlineData("", "%", null, true)]
    [InlineData("", "_", null, false)]
    [InlineData("abc", "", null, false)]
    public void AgreesWithTheStringMatcher(string text, string pattern, char? escape, bool expected)
    {
        Assert.Equal(expected, SqlLike.Matches(text, pattern, escape));
        Assert.Equal(expected, Bytes(text, pattern, escape));
        Assert.Equal(expected, Shaped(text, pattern, escape));
    }

    [Fact]
    public void RandomTextsAndPatternsMatchAsStringsDo()
    {
        var random = new Random(20261123);
        int matches = 0;
        for (int i = 0; i < 20_000; i++)
        {
            string text = RandomString(random, 8, allowWildcards: random.Next(4) == 0);
            string pattern = random.Next(3) switch
            {
                0 => Mutate(random, text),
                1 => Affix(random, text),
                _ => RandomString(random, 6, allowWildcards: true),
            };
            char? escape = random.Next(3) switch
            {
                0 => null,
                1 => '\\',
                _ => Alphabet[random.Next(Alphabet.Length)] is { Length: 1 } e ? e[0] : null,
            };
            bool expected = SqlLike.Matches(text, pattern, escape);
            Assert.True(expected == Bytes(text, pattern, escape), $"'{text}' LIKE '{pattern}' ESCAPE '{escape}': strings say {expected}");
            Assert.True(expected == Shaped(text, pattern, escape), $"'{text}' LIKE '{pattern}' ESCAPE '{escape}' by shape: strings say {expected}");
            matches += expected ? 1 : 0;
        }

        // The generator must exercise both answers.
        Assert.InRange(matches, 1000, 19_000);
    }

    [Fact]
    public void AsciiPatternsWithoutUnderscoreAgreeEvenOnInvalidUtf8()
    {
        var random = new Random(5);
        byte[] pieces = [(byte)'a', (byte)'B', (byte)'@', 0x80, 0xBF, 0xC3, 0xA9, 0xE2, 0xF0, 0x9F, 0xFF];
        string[] patterns = ["%a", "a%", "%@%", "%B@a%", "%", "a", "%aa%b", "%ab"];
        foreach (string pattern in patterns)
        {
            Assert.False(Utf8Like.NeedsValidText(Encoding.UTF8.GetBytes(pattern), []));
        }

        Assert.True(Utf8Like.NeedsValidText("a_"u8, []));
        Assert.True(Utf8Like.NeedsValidText("é%"u8, []));
        for (int i = 0; i < 5000; i++)
        {
            byte[] text = new byte[random.Next(0, 9)];
            for (int j = 0; j < text.Length; j++)
            {
                text[j] = pieces[random.Next(pieces.Length)];
            }

            string pattern = patterns[random.Next(patterns.Length)];
            string decoded = Encoding.UTF8.GetString(text);
            byte[] p = Encoding.UTF8.GetBytes(pattern);
            Assert.Equal(SqlLike.Matches(decoded, pattern, null), Utf8Like.Matches(text, p, []));
            LikeShape shape = Utf8Like.Classify(p, [], out Range literal);
            if (shape != LikeShape.General)
            {
                Assert.Equal(SqlLike.Matches(decoded, pattern, null), Utf8Like.MatchesShape(shape, text, p.AsSpan(literal)));
            }
        }
    }

    [Fact]
    public void PatternsWithUnpairedSurrogatesAreRefused()
    {
        Assert.Null(Utf8Like.Encode("a\uD800b"));
        Assert.Null(Utf8Like.Encode("\uDC00"));
        Assert.NotNull(Utf8Like.Encode("a😀b"));
    }

    private static string RandomString(Random random, int maxLength, bool allowWildcards)
    {
        var builder = new StringBuilder();
        int length = random.Next(0, maxLength + 1);
        while (builder.Length < length)
        {
            string piece = Alphabet[random.Next(Alphabet.Length)];
            if (!allowWildcards && piece is "%" or "_")
            {
                continue;
            }

            builder.Append(piece);
        }

        return builder.ToString();
    }

    // A pattern derived from a text: some characters replaced by '_' or '%', some letters' case flipped.
    private static string Mutate(Random random, string text)
    {
        var builder = new StringBuilder();
        foreach (string element in CodePoints(text))
        {
            int roll = random.Next(8);
            builder.Append(roll switch
            {
                0 => "_",
                1 => "%",
                2 => element.ToUpperInvariant(),
                3 => element.ToLowerInvariant(),
                _ => element,
            });
        }

        return builder.ToString();
    }

    // `lit`, `lit%`, `%lit` or `%lit%` with a literal cut from the text (or not), some letters' case flipped.
    private static string Affix(Random random, string text)
    {
        List<string> points = CodePoints(text);
        int from = random.Next(points.Count + 1);
        int to = random.Next(from, points.Count + 1);
        string literal = string.Concat(points.GetRange(from, to - from).Select(p => random.Next(3) == 0 ? p.ToUpperInvariant() : p));
        if (random.Next(5) == 0)
        {
            literal += Alphabet[random.Next(Alphabet.Length)].Replace("%", "x").Replace("_", "y");
        }

        return (random.Next(2) == 0 ? "%" : string.Empty) + literal.Replace("%", string.Empty).Replace("_", string.Empty)
            + (random.Next(2) == 0 ? "%" : string.Empty);
    }

    private static List<string> CodePoints(string text)
    {
        var elements = new List<string>();
        for (int i = 0; i < text.Length; i++)
        {
            int length = char.IsHighSurrogate(text[i]) && i + 1 < text.Length ? 2 : 1;
            elements.Add(text.Substring(i, length));
            i += length - 1;
        }

        return elements;
    }
}
