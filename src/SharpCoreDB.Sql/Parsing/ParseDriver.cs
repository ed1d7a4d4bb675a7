// Runs the generated ANTLR parser the fast way and the safe way:
// 1. Parentheses deeper than the limit are rejected before lexing (NestingGuard).
// 2. SLL prediction with BailErrorStrategy first: correct for almost every valid
//    statement and much faster; it gives up at the first doubt.
// 3. Only then full LL prediction, whose first syntax error throws (with the
//    expected tokens) through ThrowingErrorListener. No listener ever prints.
// 4. If the thread's stack runs low (deep but legal nesting), the whole parse is
//    retried once on a thread with a large stack; if that is not enough either,
//    the statement is reported as too complex.
using System.Runtime.ExceptionServices;
using Antlr4.Runtime;
using Antlr4.Runtime.Atn;
using Antlr4.Runtime.Misc;
using SharpCoreDB.Sql.Generated;

namespace SharpCoreDB.Sql.Parsing;

internal static class ParseDriver
{
    /// <summary>Stack size of the retry thread: enough for the nesting limits with a wide margin.</summary>
    private static readonly int LargeStackBytes = 256 * 1024 * 1024;

    public static T Run<T>(string sql, Func<SqlGrammarParser, ParserRuleContext> rule, Func<AstBuilder, ParserRuleContext, T> build)
    {
        ArgumentNullException.ThrowIfNull(sql);
        NestingGuard.Check(sql, SqlParser.MaxNestingDepth);
        try
        {
            return RunCore(sql, rule, build);
        }
        catch (StackExhaustedException)
        {
            return RunOnLargeStack(sql, rule, build);
        }
    }

    private static T RunOnLargeStack<T>(string sql, Func<SqlGrammarParser, ParserRuleContext> rule, Func<AstBuilder, ParserRuleContext, T> build)
    {
        T? result = default;
        ExceptionDispatchInfo? failure = null;
        var thread = new Thread(
            () =>
            {
                try
                {
                    result = RunCore(sql, rule, build);
                }
                catch (StackExhaustedException e)
                {
                    failure = ExceptionDispatchInfo.Capture(TooDeep(e.Token));
                }
                catch (Exception e)
                {
                    failure = ExceptionDispatchInfo.Capture(e);
                }
            },
            LargeStackBytes);
        thread.Name = "SharpCoreDB deep SQL parse";
        thread.Start();
        thread.Join();
        failure?.Throw();
        return result!;
    }

    private static T RunCore<T>(string sql, Func<SqlGrammarParser, ParserRuleContext> rule, Func<AstBuilder, ParserRuleContext, T> build)
    {
        var lexer = new SqlGrammarLexer(new AntlrInputStream(sql));
        lexer.RemoveErrorListeners();
        var tokens = new CommonTokenStream(lexer);
        var parser = new SqlGrammarParser(tokens) { ErrorHandler = new BailErrorStrategy() };
        parser.RemoveErrorListeners();
        parser.Interpreter.PredictionMode = PredictionMode.SLL;

        ParserRuleContext tree;
        try
        {
            tree = rule(parser);
        }
        catch (ParseCanceledException)
        {
            tree = ParseFullLL(parser, rule);
        }
        catch (InsufficientExecutionStackException)
        {
            throw new StackExhaustedException(parser.CurrentToken);
        }
        catch (NestingLimitException e)
        {
            throw TooDeep(e.Token);
        }

        try
        {
            return build(new AstBuilder(sql), tree);
        }
        catch (InsufficientExecutionStackException)
        {
            throw new StackExhaustedException(tree.Start);
        }
    }

    private static ParserRuleContext ParseFullLL(SqlGrammarParser parser, Func<SqlGrammarParser, ParserRuleContext> rule)
    {
        parser.Reset();
        parser.ErrorHandler = new ExpectedTokensTracker();
        parser.AddErrorListener(ThrowingErrorListener.Instance);
        parser.Interpreter.PredictionMode = PredictionMode.LL;
        try
        {
            return rule(parser);
        }
        catch (InsufficientExecutionStackException)
        {
            throw new StackExhaustedException(parser.CurrentToken);
        }
        catch (NestingLimitException e)
        {
            throw TooDeep(e.Token);
        }
    }

    private static SqlSyntaxException TooDeep(IToken token) =>
        SyntaxErrors.At(token, $"statement nested too deeply (limit {SqlParser.MaxNestingDepth})");

    /// <summary>Carries the position where the stack ran out to the retry logic.</summary>
    private sealed class StackExhaustedException(IToken token) : Exception("stack exhausted while parsing")
    {
        public IToken Token { get; } = token;
    }
}
