// LIKE and GLOB pattern matching (docs/sql-semantics.md "LIKE and GLOB").
// LIKE: '%' matches any run of characters, '_' exactly one character (a code
// point: a surrogate pair counts once), ASCII letters match regardless of case
// and every other character only itself, as in SQLite; an ESCAPE character makes
// the next pattern character literal (an escape at the very end matches nothing).
// GLOB: case-sensitive, '*', '?', and '[...]' sets with ranges and '^' negation.
// A blob operand never matches (SQLite's rule, which answers 0 even beside a
// NULL). Both run WildcardMatch's loop, which backtracks only to the last '%' or '*'
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

        if (text.IsNull || pattern.IsNull || (hasEscape && escape.IsNull))
        {
            return DbValue.Null;
        }

        char? e = null;
        if (hasEscape)
        {
            string es = SqlTextConversion.ToText(escape)!;
            if (es.Length != 1)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "ESCAPE expression must be a single character");
            }

            e = es[0];
        }

        return DbValue.FromInt64(Matches(SqlTextConversion.ToText(text)!, SqlTextConversion.ToText(pattern)!, e) ? 1 : 0);
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
    private readonly struct LikeSyntax(int escape) : IWildcardSyntax<char>
    {
        public WildcardStep Step(ReadOnlySpan<char> pattern, ref int p, ReadOnlySpan<char> text, ref int t)
        {
            char c = pattern[p];
            if (c == escape)
            {
                if (p + 1 < pattern.Length && Fold(pattern[p + 1]) == Fold(text[t]))
                {
                    p += 2;
                    t++;
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
