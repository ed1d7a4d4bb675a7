// The error strategy of the full-LL stage. ANTLR detects most errors late: at
// `SELECT * FROMM t` every optional clause (FROM?, WHERE?, ORDER BY?, ...) is
// silently skipped and the error surfaces where only ';' or the end could follow,
// so the parser's own expected set says just that. ANTLR calls Sync before each
// of those optional decisions; this strategy records what each could have
// consumed at the current token, so the error message can list every token that
// was acceptable at the offending position.
using Antlr4.Runtime;
using Antlr4.Runtime.Atn;
using Antlr4.Runtime.Misc;

namespace SharpCoreDB.Sql.Parsing;

internal sealed class ExpectedTokensTracker : DefaultErrorStrategy
{
    private int _tokenIndex = -1;
    private IntervalSet _expected = new();

    public override void Sync(Parser recognizer)
    {
        int index = recognizer.InputStream.Index;
        if (index != _tokenIndex)
        {
            _tokenIndex = index;
            _expected = new IntervalSet();
        }

        ATNState state = recognizer.Interpreter.atn.states[recognizer.State];
        _expected.AddAll(recognizer.Atn.NextTokens(state));
        base.Sync(recognizer);
    }

    /// <summary>The tokens acceptable at <paramref name="token"/> that optional clauses passed over.</summary>
    public IntervalSet ExpectedAt(IToken token) => token.TokenIndex == _tokenIndex ? _expected : new IntervalSet();
}
