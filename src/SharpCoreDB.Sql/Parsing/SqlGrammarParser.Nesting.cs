// The hand-written half of the generated parser: two guards on recursion.
// - Every rule entry counts toward a depth limit (MaxRuleDepth). Legal statements
//   within SqlParser.MaxNestingDepth stay far below it; pathological ones (a
//   hundred thousand unary minuses, CASE inside CASE without end) stop at once
//   instead of costing the full-LL stage time quadratic in their depth.
// - Rules that recurse call EnterNesting() first (a grammar @init action): when the
//   thread's stack runs low it throws InsufficientExecutionStackException, which
//   ParseDriver turns into a retry on a large stack, never a crash.
using System.Runtime.CompilerServices;
using Antlr4.Runtime;

namespace SharpCoreDB.Sql.Generated;

internal partial class SqlGrammarParser
{
    /// <summary>The most nested rule invocations a parse may reach.</summary>
    internal static readonly int MaxRuleDepth = 12 * SharpCoreDB.Sql.SqlParser.MaxNestingDepth;

    private int _ruleDepth;

    public override void EnterRule(ParserRuleContext localctx, int state, int ruleIndex)
    {
        EnterDepth();
        base.EnterRule(localctx, state, ruleIndex);
    }

    public override void ExitRule()
    {
        base.ExitRule();
        _ruleDepth--;
    }

    public override void EnterRecursionRule(ParserRuleContext localctx, int state, int ruleIndex, int precedence)
    {
        EnterDepth();
        base.EnterRecursionRule(localctx, state, ruleIndex, precedence);
    }

    public override void UnrollRecursionContexts(ParserRuleContext _parentctx)
    {
        base.UnrollRecursionContexts(_parentctx);
        _ruleDepth--;
    }

    public override void Reset()
    {
        base.Reset();
        _ruleDepth = 0;
    }

    private void EnterDepth()
    {
        if (++_ruleDepth > MaxRuleDepth)
        {
            _ruleDepth--;
            throw new NestingLimitException(CurrentToken);
        }
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EnterNesting() => RuntimeHelpers.EnsureSufficientExecutionStack();
}

/// <summary>Thrown by the parser when rule nesting passes <see cref="SqlGrammarParser.MaxRuleDepth"/>.</summary>
internal sealed class NestingLimitException(IToken token) : Exception("statement nested too deeply")
{
    public IToken Token { get; } = token;
}
