// The visitor that turns ANTLR's parse tree into the immutable AST. No ANTLR
// type escapes it. It is split by area (statements, selects, schema, expressions,
// literals) into partial files; this one holds the script level and the shared
// state: the SQL text (for view and type texts), parameter numbering per statement,
// and the depth counter that bounds expression and subquery nesting.
using System.Runtime.CompilerServices;
using Antlr4.Runtime;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Generated;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder : SqlGrammarParserBaseVisitor<SqlNode>
{
    private readonly string _sql;
    private int _depth;

    public AstBuilder(string sql) => _sql = sql;

    public SqlScript BuildScript(ScriptContext context)
    {
        StatementContext[] statements = context.statement();
        var built = new Statement[statements.Length];
        var spans = new int[statements.Length * 2];
        for (int i = 0; i < statements.Length; i++)
        {
            ResetParameters();
            built[i] = (Statement)statements[i].Accept(this);
            int start = statements[i].Start.StartIndex;
            spans[2 * i] = start;
            spans[(2 * i) + 1] = statements[i].Stop.StopIndex - start + 1;
        }

        return new SqlScript(_sql, built.Length == 0 ? SqlList<Statement>.Empty : new SqlList<Statement>(built), spans);
    }

    public Expression BuildSingleExpression(SingleExpressionContext context)
    {
        ResetParameters();
        return Expr(context.expr());
    }

    public override SqlNode VisitExplainStatement(ExplainStatementContext context) =>
        new ExplainStatement((Statement)context.innerStatement().Accept(this), context.QUERY() is not null, Pos(context));

    public override SqlNode VisitPlainStatement(PlainStatementContext context) => context.innerStatement().Accept(this);

    public override SqlNode VisitInnerStatement(InnerStatementContext context) => context.GetChild(0).Accept(this);

    /// <summary>Counts <paramref name="levels"/> more levels of AST nesting; throws past the limit or when the stack runs low.</summary>
    private void Enter(ParserRuleContext context, int levels = 1)
    {
        _depth += levels;
        if (_depth > SqlParser.MaxNestingDepth)
        {
            throw SyntaxErrors.At(context.Start, $"expression tree too deep (limit {SqlParser.MaxNestingDepth})");
        }

        RuntimeHelpers.EnsureSufficientExecutionStack();
    }

    private void Exit(int levels = 1) => _depth -= levels;

    private static SourcePosition Pos(ParserRuleContext context) => Pos(context.Start);

    private static SourcePosition Pos(IToken token) => new(token.Line, token.Column + 1);

    /// <summary>The SQL text a rule matched, exactly as written.</summary>
    private string SourceText(ParserRuleContext context)
    {
        int start = context.Start.StartIndex;
        return _sql.Substring(start, context.Stop.StopIndex - start + 1);
    }

    private static SqlList<T> ToList<T>(T[] items) => items.Length == 0 ? SqlList<T>.Empty : new SqlList<T>(items);
}
