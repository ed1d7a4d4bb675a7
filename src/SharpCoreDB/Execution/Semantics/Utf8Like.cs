// LIKE matched on UTF-8 bytes, so a scan can test a record's text column in place
// without decoding it into a string (docs/query-engine.md, "Record filters").
// The rules are SqlLike's, byte for byte: '%' matches any run, '_' one code point
// (a lead byte and its continuation bytes, which is a surrogate pair's code point
// counted once, as SqlLike counts it), ASCII letters fold (bytes 'A'..'Z' occur in
// UTF-8 only as those letters), every other character only itself; the escape
// (one UTF-16 character, given as its UTF-8 bytes) makes the next pattern code
// point literal, and an escape at the very end matches nothing.
//
// Equivalence with SqlLike over the decoded strings holds when the text is valid
// UTF-8 (the record writer only produces valid UTF-8) and the pattern is the UTF-8
// form of a string without unpaired surrogates. Backtracking steps over a lead byte
// and its continuation bytes only, so it never skips an ASCII byte even in broken
// input: a pattern of ASCII literals and '%' therefore gives SqlLike's answer for
// any bytes. Callers that see invalid text with other patterns fall back to strings
// (NeedsValidText).
using System.Text;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>The shape of a LIKE pattern without '_' or ESCAPE: a literal, alone or with '%' before and/or after.</summary>
internal enum LikeShape
{
    General,
    Exact,
    Prefix,
    Suffix,
    Contains,
}

/// <summary>SQL LIKE over UTF-8 bytes.</summary>
internal static class Utf8Like
{
    /// <summary>
    /// Recognises `lit`, `lit%`, `%lit` and `%lit%` (runs of '%' count as one), which match by comparing the literal
    /// once (ASCII letters folded) instead of backtracking; everything else is General.
    /// </summary>
    public static LikeShape Classify(ReadOnlySpan<byte> pattern, ReadOnlySpan<byte> escape, out Range literal)
    {
        literal = default;
        if (!escape.IsEmpty || pattern.Contains((byte)'_'))
        {
            return LikeShape.General;
        }

        int start = 0;
        while (start < pattern.Length && pattern[start] == '%')
        {
            start++;
        }

        int end = pattern.Length;
        while (end > start && pattern[end - 1] == '%')
        {
            end--;
        }

        if (start == pattern.Length || pattern[start..end].Contains((byte)'%'))
        {
            // Only '%' (or nothing), or a '%' inside the literal.
            return LikeShape.General;
        }

        literal = start..end;
        bool leading = start > 0;
        bool trailing = end < pattern.Length;
        return leading ? (trailing ? LikeShape.Contains : LikeShape.Suffix) : (trailing ? LikeShape.Prefix : LikeShape.Exact);
    }

    /// <summary>Matches a pattern of a shape other than General, given its literal (the bytes between the '%'s).</summary>
    public static bool MatchesShape(LikeShape shape, ReadOnlySpan<byte> text, ReadOnlySpan<byte> literal)
    {
        switch (shape)
        {
            case LikeShape.Exact:
                return text.Length == literal.Length && FoldEquals(literal, text);
            case LikeShape.Prefix:
                return text.Length >= literal.Length && FoldEquals(literal, text[..literal.Length]);
            case LikeShape.Suffix:
                return text.Length >= literal.Length && FoldEquals(literal, text[^literal.Length..]);
            case LikeShape.Contains:
                for (int i = 0; i + literal.Length <= text.Length; i++)
                {
                    if (FoldEquals(literal, text.Slice(i, literal.Length)))
                    {
                        return true;
                    }
                }

                return false;
            default:
                throw new ArgumentOutOfRangeException(nameof(shape));
        }
    }

    /// <summary>`text LIKE pattern ESCAPE escape` on UTF-8; <paramref name="escape"/> is empty when there is none.</summary>
    public static bool Matches(ReadOnlySpan<byte> text, ReadOnlySpan<byte> pattern, ReadOnlySpan<byte> escape) =>
        WildcardMatch.Matches(new LikeSyntax(escape), text, pattern);

    /// <summary>
    /// True when the pattern's answer on invalid UTF-8 could differ from SqlLike's on the decoded string (it has
    /// '_', an escape, or non-ASCII characters), so the text must be checked with Utf8.IsValid first.
    /// </summary>
    public static bool NeedsValidText(ReadOnlySpan<byte> pattern, ReadOnlySpan<byte> escape)
    {
        if (!escape.IsEmpty)
        {
            return true;
        }

        foreach (byte b in pattern)
        {
            if (b == '_' || b >= 0x80)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The UTF-8 form of a pattern or escape string, or null when it holds an unpaired surrogate (its UTF-8 form
    /// would be U+FFFD, which SqlLike would not match the same way).
    /// </summary>
    public static byte[]? Encode(string value)
    {
        for (int i = 0; i < value.Length; i++)
        {
            char c = value[i];
            if (char.IsHighSurrogate(c) && i + 1 < value.Length && char.IsLowSurrogate(value[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(c))
            {
                return null;
            }
        }

        return Encoding.UTF8.GetBytes(value);
    }

    // LIKE's elements over UTF-8: '%', '_' (one code point), the escape's bytes and the code point after them, any
    // other byte (ASCII letters folded; a multi-byte code point matches byte by byte, which is the same).
    private readonly ref struct LikeSyntax(ReadOnlySpan<byte> escape) : IWildcardSyntax<byte>
    {
        private readonly ReadOnlySpan<byte> _escape = escape;

        public WildcardStep Step(ReadOnlySpan<byte> pattern, ref int p, ReadOnlySpan<byte> text, ref int t)
        {
            if (!_escape.IsEmpty && pattern[p..].StartsWith(_escape))
            {
                int q = p + _escape.Length;
                if (q < pattern.Length)
                {
                    int n = Utf8Like.CodePointLength(pattern, q);
                    if (text.Length - t >= n && FoldEquals(pattern.Slice(q, n), text.Slice(t, n)))
                    {
                        p = q + n;
                        t += n;
                        return WildcardStep.Matched;
                    }
                }

                return WildcardStep.Mismatch;
            }

            return WildcardMatch.LikeElement(this, pattern, ref p, text, ref t);
        }

        // A '%' that is itself the (one-byte) escape is not a wildcard.
        public bool IsAnyRun(ReadOnlySpan<byte> pattern, int p) => pattern[p] == '%' && !(_escape.Length == 1 && _escape[0] == '%');

        public int CodePointLength(ReadOnlySpan<byte> text, int t) => Utf8Like.CodePointLength(text, t);
    }

    // A lead byte and the continuation bytes after it (at most three): one code point in valid UTF-8, and never
    // more than the bytes up to the next ASCII or lead byte in invalid input.
    private static int CodePointLength(ReadOnlySpan<byte> bytes, int index)
    {
        int end = index + 1;
        int limit = Math.Min(bytes.Length, index + 4);
        if (bytes[index] >= 0xC0)
        {
            while (end < limit && (bytes[end] & 0xC0) == 0x80)
            {
                end++;
            }
        }

        return end - index;
    }

    private static bool FoldEquals(ReadOnlySpan<byte> a, ReadOnlySpan<byte> b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            if (Fold(a[i]) != Fold(b[i]))
            {
                return false;
            }
        }

        return true;
    }

    private static int Fold(byte c) => c is >= (byte)'A' and <= (byte)'Z' ? c + 32 : c;
}
