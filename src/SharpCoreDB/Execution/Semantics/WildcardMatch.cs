// The backtracking loop that LIKE (over strings and over UTF-8 bytes) and GLOB
// share. A pattern is a run of elements; each syntax says how one element matches
// at the current text position (IWildcardSyntax.Step), which element matches any
// run ('%' or '*'), and how long one code point of text is. The loop remembers only
// the last any-run element and, on a mismatch, retries it one code point further:
// exact for patterns whose only variable-length element is the any-run, as both
// LIKE's and GLOB's are, in O(text × pattern) time and without allocating.
using System.Numerics;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>What one pattern element did at the current text position.</summary>
internal enum WildcardStep
{
    /// <summary>The element matched: pattern and text positions moved past it.</summary>
    Matched,

    /// <summary>The element matches any run of text (only the pattern position moved).</summary>
    AnyRun,

    /// <summary>The element does not match here; neither position moved.</summary>
    Mismatch,
}

/// <summary>One pattern language (LIKE or GLOB) over one kind of text unit (char or UTF-8 byte).</summary>
internal interface IWildcardSyntax<T>
{
    /// <summary>Matches the element at <paramref name="p"/> against the text at <paramref name="t"/> (t is within the text).</summary>
    WildcardStep Step(ReadOnlySpan<T> pattern, ref int p, ReadOnlySpan<T> text, ref int t);

    /// <summary>True when the element at <paramref name="p"/> matches any run, so it also matches nothing at the text's end.</summary>
    bool IsAnyRun(ReadOnlySpan<T> pattern, int p);

    /// <summary>The units of the code point at <paramref name="t"/>.</summary>
    int CodePointLength(ReadOnlySpan<T> text, int t);
}

/// <summary>The shared matching loop.</summary>
internal static class WildcardMatch
{
    public static bool Matches<TSyntax, T>(TSyntax syntax, ReadOnlySpan<T> text, ReadOnlySpan<T> pattern)
        where TSyntax : IWildcardSyntax<T>, allows ref struct
    {
        int t = 0;
        int p = 0;
        int anyRunP = -1;
        int anyRunT = 0;
        while (t < text.Length)
        {
            if (p < pattern.Length)
            {
                WildcardStep step = syntax.Step(pattern, ref p, text, ref t);
                if (step == WildcardStep.AnyRun)
                {
                    anyRunP = p;
                    anyRunT = t;
                    continue;
                }

                if (step == WildcardStep.Matched)
                {
                    continue;
                }
            }

            if (anyRunP < 0)
            {
                return false;
            }

            // Let the last any-run element take one more code point and retry from there.
            anyRunT += syntax.CodePointLength(text, anyRunT);
            t = anyRunT;
            p = anyRunP;
        }

        while (p < pattern.Length && syntax.IsAnyRun(pattern, p))
        {
            p++;
        }

        return p == pattern.Length;
    }

    /// <summary>
    /// LIKE's elements other than the escape, the same over chars and UTF-8 bytes: '%', '_' (one code point), any other
    /// unit matching itself with ASCII letters folded (in UTF-8 the bytes 'A'..'Z' occur only as those letters).
    /// </summary>
    public static WildcardStep LikeElement<TSyntax, T>(TSyntax syntax, ReadOnlySpan<T> pattern, ref int p, ReadOnlySpan<T> text, ref int t)
        where TSyntax : IWildcardSyntax<T>, allows ref struct
        where T : unmanaged, IBinaryInteger<T>
    {
        T c = pattern[p];
        if (c == T.CreateTruncating('%'))
        {
            p++;
            return WildcardStep.AnyRun;
        }

        if (c == T.CreateTruncating('_'))
        {
            p++;
            t += syntax.CodePointLength(text, t);
            return WildcardStep.Matched;
        }

        if (FoldAscii(c) != FoldAscii(text[t]))
        {
            return WildcardStep.Mismatch;
        }

        p++;
        t++;
        return WildcardStep.Matched;
    }

    private static T FoldAscii<T>(T c)
        where T : unmanaged, IBinaryInteger<T> =>
        c >= T.CreateTruncating('A') && c <= T.CreateTruncating('Z') ? c + T.CreateTruncating(32) : c;
}
