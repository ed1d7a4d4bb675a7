// Replaces ANTLR's console listener in the full-LL stage: the first syntax error
// throws SqlSyntaxException, so nothing is printed and no error recovery runs.
using Antlr4.Runtime;
using Antlr4.Runtime.Misc;

namespace SharpCoreDB.Sql.Parsing;

internal sealed class ThrowingErrorListener : BaseErrorListener
{
    public static readonly ThrowingErrorListener Instance = new();

    public override void SyntaxError(TextWriter output, IRecognizer recognizer, IToken offendingSymbol, int line,
        int charPositionInLine, string msg, RecognitionException e)
    {
        IntervalSet? expected = null;
        if (recognizer is Parser parser)
        {
            // The exception's set is the one of the decision that failed; without one
            // (a missing or extra token) the parser's current state knows.
            expected = new IntervalSet();
            expected.AddAll(e?.GetExpectedTokens() ?? parser.GetExpectedTokens());
            if (parser.ErrorHandler is ExpectedTokensTracker tracker)
            {
                expected.AddAll(tracker.ExpectedAt(offendingSymbol));
            }
        }

        throw SyntaxErrors.At(offendingSymbol, "syntax error", expected);
    }
}
