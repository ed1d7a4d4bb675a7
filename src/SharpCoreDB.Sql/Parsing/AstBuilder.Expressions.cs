// AST building for expressions. Operator chains (a + b + c .., x AND y AND ..,
// equality tails) are folded in loops rather than by recursion, so a long flat
// chain costs no stack; its length still counts toward the depth limit, as the
// resulting left-deep tree is that deep.
using Antlr4.Runtime;
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    private Expression Expr(ExprContext context) =>
        LeftFold(context, context.andExpr(), And, BinaryOperator.Or, i => context.OR(i).Symbol);

    private Expression And(AndExprContext context) =>
        LeftFold(context, context.equality(), Equality, BinaryOperator.And, i => context.AND(i).Symbol);

    /// <summary>`t0 op t1 op t2 ...` as ((t0 op t1) op t2), each operator at its own token.</summary>
    private Expression LeftFold<TTerm>(ParserRuleContext context, TTerm[] terms, Func<TTerm, Expression> build, BinaryOperator op, Func<int, IToken> operatorAt)
    {
        if (terms.Length == 1)
        {
            return build(terms[0]);
        }

        Enter(context, terms.Length - 1);
        Expression result = build(terms[0]);
        for (int i = 1; i < terms.Length; i++)
        {
            result = new BinaryExpression(op, result, build(terms[i]), Pos(operatorAt(i - 1)));
        }

        Exit(terms.Length - 1);
        return result;
    }

    private Expression Equality(EqualityContext context)
    {
        EqualityTailContext[] tails = context.equalityTail();
        if (tails.Length == 0)
        {
            return Comparison(context.comparison());
        }

        Enter(context, tails.Length);
        Expression result = Comparison(context.comparison());
        foreach (EqualityTailContext tail in tails)
        {
            result = ApplyTail(result, tail);
        }

        Exit(tails.Length);
        return result;
    }

    private Expression Comparison(ComparisonContext context) =>
        IsBinary(context) ? BinaryChain(context) : (Expression)context.Accept(this);

    private static bool IsBinary(ComparisonContext context) => context is ConcatExprContext or MultiplicativeExprContext
        or AdditiveExprContext or BitwiseExprContext or RelationalExprContext;

    /// <summary>Builds a left-deep chain of binary operators without recursing down its left spine.</summary>
    private Expression BinaryChain(ComparisonContext top)
    {
        var spine = new List<ComparisonContext>();
        ComparisonContext current = top;
        while (IsBinary(current))
        {
            spine.Add(current);
            current = current.GetRuleContext<ComparisonContext>(0);
        }

        Enter(top, spine.Count);
        Expression result = Comparison(current);
        for (int i = spine.Count - 1; i >= 0; i--)
        {
            ComparisonContext node = spine[i];
            IToken op = OperatorToken(node);
            Expression right = Comparison(node.GetRuleContext<ComparisonContext>(1));
            result = new BinaryExpression(BinaryOperatorOf(op.Type), result, right, Pos(op));
        }

        Exit(spine.Count);
        return result;
    }

    private static IToken OperatorToken(ComparisonContext node) => node switch
    {
        ConcatExprContext concat => concat.op,
        MultiplicativeExprContext multiplicative => multiplicative.op,
        AdditiveExprContext additive => additive.op,
        BitwiseExprContext bitwise => bitwise.op,
        _ => ((RelationalExprContext)node).op,
    };

    private static BinaryOperator BinaryOperatorOf(int tokenType) => tokenType switch
    {
        PIPE2 => BinaryOperator.Concat,
        PTR => BinaryOperator.JsonPart,
        PTR2 => BinaryOperator.JsonValue,
        STAR => BinaryOperator.Multiply,
        DIV => BinaryOperator.Divide,
        MOD => BinaryOperator.Modulo,
        PLUS => BinaryOperator.Add,
        MINUS => BinaryOperator.Subtract,
        AMP => BinaryOperator.BitwiseAnd,
        PIPE => BinaryOperator.BitwiseOr,
        LT2 => BinaryOperator.ShiftLeft,
        GT2 => BinaryOperator.ShiftRight,
        LT => BinaryOperator.Less,
        LT_EQ => BinaryOperator.LessOrEqual,
        GT => BinaryOperator.Greater,
        GT_EQ => BinaryOperator.GreaterOrEqual,
        ASSIGN or EQ => BinaryOperator.Equal,
        _ => BinaryOperator.NotEqual,
    };

    private Expression ApplyTail(Expression left, EqualityTailContext tail)
    {
        switch (tail)
        {
            case CompareTailContext compare:
                return new BinaryExpression(BinaryOperatorOf(compare.op.Type), left, Comparison(compare.comparison()), Pos(compare.op));
            case IsTailContext isTail:
                // IS DISTINCT FROM is IS NOT; IS NOT DISTINCT FROM is IS.
                bool negated = (isTail.NOT() is not null) ^ (isTail.DISTINCT() is not null);
                return new IsExpression(left, Comparison(isTail.comparison()), negated, Pos(isTail));
            case InTailContext inTail:
                Enter(inTail);
                InExpression inExpression = inTail.selectStmt() is { } subquery
                    ? new InExpression(left, SqlList<Expression>.Empty, Select(subquery), inTail.NOT() is not null, Pos(inTail.IN().Symbol))
                    : new InExpression(left, Expressions(inTail.expr()), null, inTail.NOT() is not null, Pos(inTail.IN().Symbol));
                Exit();
                return inExpression;
            case InTableTailContext inTable:
                {
                    // `x IN t` is `x IN (SELECT * FROM t)`, as SQLite defines it.
                    SourcePosition at = Pos(inTable.IN().Symbol);
                    var all = new SqlList<ResultColumn>([new AllColumns(null, at)]);
                    var source = new TableReference(Name(inTable.qualifiedName()), null, Pos(inTable.qualifiedName()));
                    var core = new SelectCore(false, all, source, null, SqlList<Expression>.Empty, null, at);
                    var query = new SelectStatement(core, SqlList<CompoundPart>.Empty, SqlList<OrderingTerm>.Empty, null, at);
                    return new InExpression(left, SqlList<Expression>.Empty, query, inTable.NOT() is not null, at);
                }
            case LikeTailContext like:
                LikeOperator likeOperator = like.op.Type switch
                {
                    LIKE => LikeOperator.Like,
                    GLOB => LikeOperator.Glob,
                    REGEXP => LikeOperator.Regexp,
                    _ => LikeOperator.Match,
                };
                return new LikeExpression(likeOperator, left, Comparison(like.comparison(0)),
                    like.escape is { } escape ? Comparison(escape) : null, like.NOT() is not null, Pos(like.op));
            case BetweenTailContext between:
                return new BetweenExpression(left, Comparison(between.low), Comparison(between.high), between.NOT() is not null,
                    Pos(between.BETWEEN().Symbol));
            default:
                // ISNULL, NOTNULL, NOT NULL.
                var nullTail = (NullTailContext)tail;
                return new IsExpression(left, new NullLiteral(Pos(nullTail)), nullTail.ISNULL() is null, Pos(nullTail));
        }
    }

    public override SqlNode VisitLiteralExpr(LiteralExprContext context) => Literal(context.literal());

    public override SqlNode VisitParameterExpr(ParameterExprContext context) => Parameter(context.parameter());

    public override SqlNode VisitColumnExpr(ColumnExprContext context)
    {
        IdentifierContext[] parts = context.identifier();
        return parts.Length switch
        {
            1 => new ColumnReference(null, null, Ident(parts[0]), Pos(context)),
            2 => new ColumnReference(null, Ident(parts[0]), Ident(parts[1]), Pos(context)),
            _ => new ColumnReference(Ident(parts[0]), Ident(parts[1]), Ident(parts[2]), Pos(context)),
        };
    }

    public override SqlNode VisitFunctionExpr(FunctionExprContext context)
    {
        Enter(context);
        var call = new FunctionCallExpression(
            FunctionName(context.functionName()),
            Expressions(context.expr()),
            context.DISTINCT() is not null,
            context.STAR() is not null,
            Pos(context))
        {
            OrderBy = context.orderByClause() is { } order ? OrderBy(order) : SqlList<OrderingTerm>.Empty,
            Filter = context.filterClause() is { } filter ? Expr(filter.expr()) : null,
            Over = context.overClause() is { } over ? Over(over) : null,
        };
        Exit();
        return call;
    }

    public override SqlNode VisitParenExpr(ParenExprContext context) => context.expr().Length == 1
        ? Expr(context.expr(0))
        : new RowValueExpression(Expressions(context.expr()), Pos(context));

    public override SqlNode VisitSubqueryExpr(SubqueryExprContext context) =>
        new SubqueryExpression(Select(context.selectStmt()), Pos(context));

    public override SqlNode VisitExistsExpr(ExistsExprContext context) =>
        new ExistsExpression(Select(context.selectStmt()), Negated: false, Pos(context));

    public override SqlNode VisitCaseExpr(CaseExprContext context)
    {
        Enter(context);
        CaseWhenContext[] whens = context.caseWhen();
        var built = new WhenClause[whens.Length];
        for (int i = 0; i < whens.Length; i++)
        {
            built[i] = new WhenClause(Expr(whens[i].when), Expr(whens[i].then), Pos(whens[i]));
        }

        var result = new CaseExpression(
            context.operand is { } operand ? Expr(operand) : null,
            ToList(built),
            context.elseExpr is { } elseExpr ? Expr(elseExpr) : null,
            Pos(context));
        Exit();
        return result;
    }

    public override SqlNode VisitCastExpr(CastExprContext context)
    {
        Enter(context);
        var cast = new CastExpression(Expr(context.expr()), Type(context.typeName()), Pos(context));
        Exit();
        return cast;
    }

    public override SqlNode VisitNotExpr(NotExprContext context)
    {
        Enter(context);
        EqualityContext operand = context.equality();
        SqlNode result;
        if (operand.equalityTail().Length == 0 && operand.comparison() is ExistsExprContext exists)
        {
            // NOT EXISTS (..) is one node, as the executor runs it as one anti-join test.
            result = new ExistsExpression(Select(exists.selectStmt()), Negated: true, Pos(context));
        }
        else
        {
            result = new UnaryExpression(UnaryOperator.Not, Equality(operand), Pos(context));
        }

        Exit();
        return result;
    }

    public override SqlNode VisitCollateExpr(CollateExprContext context)
    {
        Enter(context);
        var collate = new CollateExpression(Comparison(context.comparison()), Ident(context.identifier()), Pos(context.COLLATE().Symbol));
        Exit();
        return collate;
    }

    public override SqlNode VisitUnaryExpr(UnaryExprContext context)
    {
        ComparisonContext operand = context.comparison();
        if (context.op.Type == MINUS && operand is LiteralExprContext literal && NegatedNumber(literal.literal(), context.op) is { } folded)
        {
            return folded;
        }

        Enter(context);
        UnaryOperator op = context.op.Type switch
        {
            MINUS => UnaryOperator.Negate,
            PLUS => UnaryOperator.Plus,
            _ => UnaryOperator.BitwiseNot,
        };
        var unary = new UnaryExpression(op, Comparison(operand), Pos(context));
        Exit();
        return unary;
    }

    private SqlList<Expression> Expressions(IList<ExprContext> expressions)
    {
        if (expressions.Count == 0)
        {
            return SqlList<Expression>.Empty;
        }

        var built = new Expression[expressions.Count];
        for (int i = 0; i < built.Length; i++)
        {
            built[i] = Expr(expressions[i]);
        }

        return new SqlList<Expression>(built);
    }
}
