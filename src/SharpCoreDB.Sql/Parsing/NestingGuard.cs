// A cheap pass over the raw characters, before any token exists, that rejects
// parentheses nested deeper than SqlParser.MaxNestingDepth. Recursive descent
// would otherwise go one stack frame deeper per '(' (10 MB of '(' would be ten
// million frames), and lexing all of it first would cost gigabytes of tokens.
// It skips string literals, quoted identifiers and comments as the lexer does.
namespace SharpCoreDB.Sql.Parsing;

internal static class NestingGuard
{
    /// <summary>Returns the deepest parenthesis nesting of the text; throws past the limit.</summary>
    public static int Check(string sql, int limit)
    {
        int depth = 0;
        int max = 0;
        int i = 0;
        while (i < sql.Length)
        {
            char c = sql[i];
            switch (c)
            {
                case '(':
                    depth++;
                    if (depth > limit)
                    {
                        throw SyntaxErrors.AtOffset(sql, i, 1, $"parentheses nested too deeply (limit {limit})");
                    }

                    max = Math.Max(max, depth);
                    i++;
                    break;
                case ')':
                    depth = Math.Max(0, depth - 1);
                    i++;
                    break;
                case '\'' or '"' or '`':
                    i = SkipQuoted(sql, i + 1, c);
                    break;
                case '[':
                    i = SkipQuoted(sql, i + 1, ']');
                    break;
                case '-' when i + 1 < sql.Length && sql[i + 1] == '-':
                    int lineEnd = sql.IndexOf('\n', i);
                    i = lineEnd < 0 ? sql.Length : lineEnd + 1;
                    break;
                case '/' when i + 1 < sql.Length && sql[i + 1] == '*':
                    int commentEnd = sql.IndexOf("*/", i + 2, StringComparison.Ordinal);
                    i = commentEnd < 0 ? sql.Length : commentEnd + 2;
                    break;
                default:
                    i++;
                    break;
            }
        }

        return max;
    }

    /// <summary>Returns the index after the closing quote (a doubled quote is an escape), or the end.</summary>
    private static int SkipQuoted(string sql, int i, char close)
    {
        while (i < sql.Length)
        {
            if (sql[i] == close)
            {
                // '' inside a string is an escaped quote; ]] is not an escape for [..].
                if (close != ']' && i + 1 < sql.Length && sql[i + 1] == close)
                {
                    i += 2;
                    continue;
                }

                return i + 1;
            }

            i++;
        }

        return i;
    }
}
