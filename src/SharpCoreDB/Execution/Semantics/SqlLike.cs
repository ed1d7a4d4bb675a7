// LIKE and GLOB pattern matching (docs/sql-semantics.md "LIKE and GLOB").
// LIKE: '%' matches any run of characters, '_' exactly one character (a code
// point: a surrogate pair counts once), ASCII letters match regardless of case
// and every other character only itself, as in SQLite; an ESCAPE character makes
// the next pattern character literal (an escape at the very end matches nothing).
// GLOB: case-sensitive, '*', '?', and '[...]' sets with ranges and '^' negation.
// A blob operand never matches (SQLite's rule, which answers 0 even beside a
// NULL). Both match iteratively, backtracking only to the last '%' or '*', which is
// exact for these wildcards, and never allocate.

namespace SharpCoreDB.Execution.Semantics;

/// <summary>SQL LIKE and GLOB matching.</summary>
internal static class SqlLike
{
    /// <summary>`text LIKE pattern [ESCAPE escape]`.</summary>
    public static bool Matches(string text, string pattern, char? escape) => Matches(text.AsSpan(), pattern.AsSpan(), escape);

    public static bool Matches(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern, char? escape)
    {
        int esc = escape ?? -1;
        int t = 0;
        int p = 0;
        int starP = -1;
        int starT = 0;
        while (t < text.Length)
        {
            if (p < pattern.Length)
            {
                char c = pattern[p];
                if (c == esc)
                {
                    if (p + 1 < pattern.Length && Fold(pattern[p + 1]) == Fold(text[t]))
                    {
                        p += 2;
                        t++;
                        continue;
                    }
                }
                else if (c == '%')
                {
                    p++;
                    starP = p;
                    starT = t;
                    continue;
                }
                else if (c == '_')
                {
                    p++;
                    t += CharLength(text, t);
                    continue;
                }
                else if (Fold(c) == Fold(text[t]))
                {
                    p++;
                    t++;
                    continue;
                }
            }

            if (starP < 0)
            {
                return false;
            }

            starT += CharLength(text, starT);
            t = starT;
            p = starP;
        }

        while (p < pattern.Length && pattern[p] == '%' && pattern[p] != esc)
        {
            p++;
        }

        return p == pattern.Length;
    }

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
    public static bool Glob(ReadOnlySpan<char> text, ReadOnlySpan<char> pattern)
    {
        int t = 0;
        int p = 0;
        int starP = -1;
        int starT = 0;
        while (t < text.Length)
        {
            if (p < pattern.Length)
            {
                char c = pattern[p];
                if (c == '*')
                {
                    p++;
                    starP = p;
                    starT = t;
                    continue;
                }

                if (c == '?')
                {
                    p++;
                    t += CharLength(text, t);
                    continue;
                }

                if (c == '[')
                {
                    int end = MatchSet(pattern, p, text[t], out bool matched);
                    if (end > 0 && matched)
                    {
                        p = end;
                        t++;
                        continue;
                    }
                }
                else if (c == text[t])
                {
                    p++;
                    t++;
                    continue;
                }
            }

            if (starP < 0)
            {
                return false;
            }

            starT += CharLength(text, starT);
            t = starT;
            p = starP;
        }

        while (p < pattern.Length && pattern[p] == '*')
        {
            p++;
        }

        return p == pattern.Length;
    }

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

    private static int CharLength(ReadOnlySpan<char> text, int index) =>
        char.IsHighSurrogate(text[index]) && index + 1 < text.Length && char.IsLowSurrogate(text[index + 1]) ? 2 : 1;

    private static int Fold(char c) => c is >= 'A' and <= 'Z' ? c + 32 : c;
}
