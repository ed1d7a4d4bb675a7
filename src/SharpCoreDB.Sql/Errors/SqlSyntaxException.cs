// The one exception the SQL front end throws for text it cannot turn into an AST:
// a malformed statement, an out-of-range literal, or nesting beyond the limits.
// It says where (1-based line and column), what (the offending text) and, where
// the grammar knows, which tokens would have been accepted there.
namespace SharpCoreDB;

/// <summary>SQL text that does not parse. <see cref="SharpCoreDBException.ErrorCode"/> is <see cref="SharpCoreDBErrorCode.SyntaxError"/>.</summary>
public sealed class SqlSyntaxException : SharpCoreDBException
{
    /// <summary>Creates the exception; the message is built from the parts.</summary>
    /// <param name="line">1-based line of the offending text.</param>
    /// <param name="column">1-based column (UTF-16 code units) of the offending text.</param>
    /// <param name="offendingText">The token at fault; empty at the end of the input.</param>
    /// <param name="reason">What is wrong, e.g. "syntax error" or "hexadecimal literal out of 64-bit range".</param>
    /// <param name="expected">What the grammar would have accepted there; may be empty.</param>
    public SqlSyntaxException(int line, int column, string offendingText, string reason, IReadOnlyList<string> expected)
        : base(SharpCoreDBErrorCode.SyntaxError, FormatMessage(line, column, offendingText, reason, expected))
    {
        Line = line;
        Column = column;
        OffendingText = offendingText;
        Reason = reason;
        Expected = expected;
    }

    /// <summary>1-based line of the error.</summary>
    public int Line { get; }

    /// <summary>1-based column of the error.</summary>
    public int Column { get; }

    /// <summary>The text of the offending token (shortened if very long); empty at the end of the input.</summary>
    public string OffendingText { get; }

    /// <summary>What is wrong, without position: "syntax error", "unterminated string literal", ...</summary>
    public string Reason { get; }

    /// <summary>The tokens the grammar would have accepted at that point (keywords in upper case,
    /// punctuation quoted, classes such as "identifier" or "integer"); empty when not applicable.</summary>
    public IReadOnlyList<string> Expected { get; }

    private static string FormatMessage(int line, int column, string offendingText, string reason, IReadOnlyList<string> expected)
    {
        string near = offendingText.Length == 0 ? "near end of input" : $"near \"{offendingText}\"";
        string message = $"{near}: {reason} at line {line}, column {column}";
        if (expected.Count == 1)
        {
            return message + "; expected " + expected[0];
        }

        return expected.Count == 0 ? message : message + "; expected one of " + string.Join(", ", expected);
    }
}
