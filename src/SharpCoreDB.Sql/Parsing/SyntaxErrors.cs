// Builds SqlSyntaxException from parser state: the offending token's position
// and text, a reason that names malformed tokens (unterminated literals, stray
// characters), and the expected tokens in words a person reads ("identifier",
// FROM, ')') rather than ANTLR's internal token names.
using Antlr4.Runtime;
using Antlr4.Runtime.Misc;
using SharpCoreDB.Sql.Generated;

namespace SharpCoreDB.Sql.Parsing;

internal static class SyntaxErrors
{
    /// <summary>Longest offending text quoted in a message.</summary>
    private static readonly int MaxQuotedLength = 40;

    /// <summary>Most expected tokens listed before "...".</summary>
    private static readonly int MaxExpected = 25;

    private static readonly string[] DisplayNames = BuildDisplayNames();

    /// <summary>An error at a token, with an optional set of expected token types.</summary>
    public static SqlSyntaxException At(IToken token, string? reason, IntervalSet? expected)
    {
        string text = token.Type == TokenConstants.EOF ? string.Empty : Shorten(token.Text ?? string.Empty);
        string? tokenReason = ReasonForToken(token.Type);
        IReadOnlyList<string> expectedNames = tokenReason is null && expected is not null ? Describe(expected) : [];
        return new SqlSyntaxException(token.Line, token.Column + 1, text, tokenReason ?? reason ?? "syntax error", expectedNames);
    }

    /// <summary>An error at a token for a reason that has nothing to do with expected tokens.</summary>
    public static SqlSyntaxException At(IToken token, string reason) => At(token, reason, null);

    /// <summary>An error at an offset of the SQL text (used before any token exists).</summary>
    public static SqlSyntaxException AtOffset(string sql, int offset, int length, string reason)
    {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < offset; i++)
        {
            if (sql[i] == '\n')
            {
                line++;
                lineStart = i + 1;
            }
        }

        string text = Shorten(sql.Substring(offset, Math.Min(length, sql.Length - offset)));
        return new SqlSyntaxException(line, offset - lineStart + 1, text, reason, []);
    }

    private static string? ReasonForToken(int type) => type switch
    {
        SqlGrammarLexer.UNTERMINATED_STRING => "unterminated string literal",
        SqlGrammarLexer.UNTERMINATED_IDENTIFIER => "unterminated quoted identifier",
        SqlGrammarLexer.UNTERMINATED_COMMENT => "unterminated comment",
        SqlGrammarLexer.UNEXPECTED_CHAR or SqlGrammarLexer.MALFORMED_NUMBER => "unrecognized token",
        _ => null,
    };

    public static string Shorten(string text) =>
        text.Length <= MaxQuotedLength ? text : string.Concat(text.AsSpan(0, MaxQuotedLength), "...");

    private static List<string> Describe(IntervalSet expected)
    {
        bool identifierExpected = expected.Contains(SqlGrammarLexer.IDENTIFIER);

        // Where an expression starts, LIKE, GLOB, REGEXP and MATCH can only be function names (like(p, x)), which
        // "identifier" covers; after an expression they are operators and stay listed.
        bool functionNamesOnly = identifierExpected && !expected.Contains(SqlGrammarLexer.EQ);
        var names = new List<string>();
        foreach (int type in expected.ToArray())
        {
            if (type == TokenConstants.EPSILON)
            {
                continue;
            }

            // Keywords that double as names add nothing once "identifier" is listed.
            if ((identifierExpected && IsNonReservedKeyword(type))
                || (functionNamesOnly && type is SqlGrammarLexer.LIKE or SqlGrammarLexer.GLOB or SqlGrammarLexer.REGEXP or SqlGrammarLexer.MATCH))
            {
                continue;
            }

            string name = type >= 0 && type < DisplayNames.Length ? DisplayNames[type] : "end of input";
            if (name.Length > 0 && !names.Contains(name))
            {
                names.Add(name);
            }
        }

        if (names.Count > MaxExpected)
        {
            names.RemoveRange(MaxExpected, names.Count - MaxExpected);
            names.Add("...");
        }

        return names;
    }

    // Keywords that may stand for a name: every token the grammar's identifier rule accepts, read from the
    // generated parser, so a keyword made usable as a name is never listed beside "identifier".
    private static readonly IntervalSet NameKeywords =
        SqlGrammarParser._ATN.NextTokens(SqlGrammarParser._ATN.ruleToStartState[SqlGrammarParser.RULE_identifier]);

    private static bool IsNonReservedKeyword(int type) =>
        type is not (SqlGrammarLexer.IDENTIFIER or SqlGrammarLexer.QUOTED_IDENTIFIER) && NameKeywords.Contains(type);

    private static string[] BuildDisplayNames()
    {
        IVocabulary vocabulary = SqlGrammarLexer.DefaultVocabulary;
        var names = new string[SqlGrammarLexer.UNEXPECTED_CHAR + 1];
        for (int type = 1; type <= SqlGrammarLexer.UNEXPECTED_CHAR; type++)
        {
            string? literal = vocabulary.GetLiteralName(type);
            string? symbolic = vocabulary.GetSymbolicName(type);
            names[type] = type switch
            {
                SqlGrammarLexer.IDENTIFIER or SqlGrammarLexer.QUOTED_IDENTIFIER => "identifier",
                SqlGrammarLexer.INTEGER_LITERAL => "integer",
                SqlGrammarLexer.REAL_LITERAL => "real",
                SqlGrammarLexer.STRING_LITERAL => "string",
                SqlGrammarLexer.BLOB_LITERAL => "blob",
                SqlGrammarLexer.QUESTION_PARAMETER or SqlGrammarLexer.NAMED_PARAMETER => "parameter",
                // Keyword literals are 'SELECT': show them bare; punctuation keeps its quotes.
                _ when literal is not null && char.IsLetter(literal[1]) => symbolic ?? literal,
                _ when literal is not null => literal,
                _ => string.Empty,
            };
        }

        names[0] = "end of input";
        return names;
    }
}
