// LIKE and GLOB pattern matching (docs/sql-semantics.md "LIKE and GLOB").
// LIKE: '%' matches any run of characters, '_' exactly one character (a code
// point: a surrogate pair counts once), ASCII letters match regardless of case
// and every other character only itself, as in SQLite; an ESCAPE character makes
// the next pattern character literal (an escape at the very end matches nothing).
// GLOB: case-sensitive, '*', '?', and '[...]' sets with ranges and '^' negation.
// A blob operand never matches (SQLite's rule, which answers 0 even beside a
// NULL). SQLite reads the operands and the escape as C strings, so each ends at its
// first NUL character; the escape is one character (a code point: an emoji may
// escape). Both run WildcardMatch's loop, which backtracks only to the last '%' or '*'
// (exact for these wildcards) and never allocates.

namespace SharpCoreDB.Execution.Semantics;

/// <summary>SQL LIKE and GLOB matching.</summary>
internal static class SqlLike
{
    /// <summary>`text LIKE pattern [ESCAPE escape]`.</summary>
    public static bool Matches(string text, string pattern, char? escape) => Matches(text.AsSpan(), pattern.AsSpan(), escape);

    public static bool Matches(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern, char? escape) =>
        WildcardMatch.Matches(new LikeSyntax(escape ?? -1), text, pattern);

    /// <summary>Evaluates `l LIKE r [ESCAPE e]` on values: NULL if any operand is NULL, operands read as text.</summary>
    public static DbValue Like(in DbValue text, in DbValue pattern, in DbValue escape, bool hasEscape)
    {
        if (text.Type == DbValueType.Blob || pattern.Type == DbValueType.Blob)
        {
            // SQLite (3.53): a blob never matches, even against NULL.
            return DbValue.FromInt64(0);
        }

        // The escape is checked first, as SQLite does: a bad one is an error even beside a NULL operand.
        int e = -1;
        if (hasEscape)
        {
            if (escape.IsNull)
            {
                return DbValue.Null;
            }

            string es = UpToNul(SqlTextConversion.ToText(escape)!);
            if (es.Length == 0 || es.Length != (char.IsHighSurrogate(es[0]) && es.Length == 2 ? 2 : 1))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "ESCAPE expression must be a single character");
            }

            e = char.ConvertToUtf32(es, 0);
        }

        if (text.IsNull || pattern.IsNull)
        {
            return DbValue.Null;
        }

        bool matched = WildcardMatch.Matches<LikeSyntax, char>(new LikeSyntax(e), UpToNul(SqlTextConversion.ToText(text)!), UpToNul(SqlTextConversion.ToText(pattern)!));
        return DbValue.FromInt64(matched ? 1 : 0);
    }

    /// <summary>Evaluates `text GLOB pattern` on values: 0 for a blob operand, NULL for a NULL one, operands read as text.</summary>
    public static DbValue Glob(in DbValue text, in DbValue pattern)
    {
        if (text.Type == DbValueType.Blob || pattern.Type == DbValueType.Blob)
        {
            return DbValue.FromInt64(0);
        }

        if (text.IsNull || pattern.IsNull)
        {
            return DbValue.Null;
        }

        return DbValue.FromInt64(Glob(UpToNul(SqlTextConversion.ToText(text)!), UpToNul(SqlTextConversion.ToText(pattern)!)) ? 1 : 0);
    }

    /// <summary>The text up to its first NUL character (SQLite reads pattern operands as C strings).</summary>
    public static string UpToNul(string text)
    {
        int nul = text.IndexOf('\0');
        return nul < 0 ? text : text[..nul];
    }

    /// <summary>`text GLOB pattern`.</summary>
    public static bool Glob(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern) => WildcardMatch.Matches(default(GlobSyntax), text, pattern);

    /// <summary>Matches one character against the set starting at pattern[start] == '['; returns the index after ']' or -1 if unterminated.</summary>
    private static int MatchSet(ReadOnlySpan<char> pattern, int start, char ch, out bool matched)
    {
        int i = start + 1;
        bool invert = false;
        matched = false;
        if (i < pattern.Length && pattern[i] == '^')
        {
            invert = true;
            i++;
        }

        bool first = true;
        bool found = false;
        while (i < pattern.Length && (pattern[i] != ']' || first))
        {
            char lo = pattern[i];
            if (i + 2 < pattern.Length && pattern[i + 1] == '-' && pattern[i + 2] != ']')
            {
                found |= ch >= lo && ch <= pattern[i + 2];
                i += 3;
            }
            else
            {
                found |= ch == lo;
                i++;
            }

            first = false;
        }

        if (i >= pattern.Length)
        {
            return -1;
        }

        matched = found != invert;
        return i + 1;
    }

    // LIKE's elements: '%', '_', the escape and the character after it, any other character (ASCII letters folded).
    // The escape is a code point (-1 for none); one beyond the BMP is a surrogate pair in the pattern.
    private readonly struct LikeSyntax(int escape) : IWildcardSyntax<char>
    {
        public WildcardStep Step(ReadOnlySpan<char> pattern, ref int p, ReadOnlySpan<char> text, ref int t)
        {
            char c = pattern[p];
            int width = escape <= char.MaxValue ? (c == escape ? 1 : 0)
                : p + 1 < pattern.Length && char.IsSurrogatePair(c, pattern[p + 1]) && char.ConvertToUtf32(c, pattern[p + 1]) == escape ? 2 : 0;
            if (width > 0)
            {
                // The escaped character matches itself (an ASCII letter in either case), a surrogate pair whole.
                int q = p + width;
                int n = q < pattern.Length ? CharLength(pattern, q) : 0;
                if (n > 0 && n == CharLength(text, t) && (n == 1 ? Fold(pattern[q]) == Fold(text[t]) : pattern.Slice(q, n).SequenceEqual(text.Slice(t, n))))
                {
                    p = q + n;
                    t += n;
                    return WildcardStep.Matched;
                }

                return WildcardStep.Mismatch;
            }

            return WildcardMatch.LikeElement(this, pattern, ref p, text, ref t);
        }

        public bool IsAnyRun(ReadOnlySpan<char> pattern, int p) => pattern[p] == '%' && pattern[p] != escape;

        public int CodePointLength(ReadOnlySpan<char> text, int t) => CharLength(text, t);
    }

    // GLOB's elements: '*', '?', a '[...]' set, any other character (exact).
    private readonly struct GlobSyntax : IWildcardSyntax<char>
    {
        public WildcardStep Step(ReadOnlySpan<char> pattern, ref int p, ReadOnlySpan<char> text, ref int t)
        {
            char c = pattern[p];
            switch (c)
            {
                case '*':
                    p++;
                    return WildcardStep.AnyRun;
                case '?':
                    p++;
                    t += CharLength(text, t);
                    return WildcardStep.Matched;
                case '[':
                    int end = MatchSet(pattern, p, text[t], out bool matched);
                    if (end <= 0 || !matched)
                    {
                        return WildcardStep.Mismatch;
                    }

                    p = end;
                    t++;
                    return WildcardStep.Matched;
                default:
                    if (c != text[t])
                    {
                        return WildcardStep.Mismatch;
                    }

                    p++;
                    t++;
                    return WildcardStep.Matched;
            }
        }

        public bool IsAnyRun(ReadOnlySpan<char> pattern, int p) => pattern[p] == '*';

        public int CodePointLength(ReadOnlySpan<char> text, int t) => CharLength(text, t);
    }

    private static int CharLength(ReadOnlySpan<char> text, int index) =>
        char.IsHighSurrogate(text[index]) && index + 1 < text.Length && char.IsLowSurrogate(text[index + 1]) ? 2 : 1;

    private static int Fold(char c) => c is >= 'A' and <= 'Z' ? c + 32 : c;
}
