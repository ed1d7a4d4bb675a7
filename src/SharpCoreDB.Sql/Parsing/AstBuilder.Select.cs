// AST building for SELECT: compound bodies, result columns, FROM as a left-deep
// join tree, ORDER BY and LIMIT.
using Antlr4.Runtime.Tree;
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    public override SqlNode VisitSelectStmt(SelectStmtContext context) => Select(context);

    private SelectStatement Select(SelectStmtContext context)
    {
        Enter(context);
        WithClause? with = With(context.withClause());
        SelectBodyContext[] bodies = context.selectBody();
        CompoundOperatorContext[] operators = context.compoundOperator();
        SelectBody first = Body(bodies[0]);
        var compounds = new CompoundPart[operators.Length];
        for (int i = 0; i < operators.Length; i++)
        {
            CompoundOperator op = operators[i].Start.Type switch
            {
                UNION when operators[i].ALL() is not null => CompoundOperator.UnionAll,
                UNION => CompoundOperator.Union,
                INTERSECT => CompoundOperator.Intersect,
                _ => CompoundOperator.Except,
            };
            compounds[i] = new CompoundPart(op, Body(bodies[i + 1]), Pos(operators[i]));
        }

        SqlList<OrderingTerm> orderBy = context.orderByClause() is { } order ? OrderBy(order) : SqlList<OrderingTerm>.Empty;
        LimitClause? limit = context.limitClause() is { } limitClause ? Limit(limitClause) : null;
        Exit();
        return new SelectStatement(first, ToList(compounds), orderBy, limit, Pos(context)) { With = with };
    }

    private WithClause? With(WithClauseContext? context)
    {
        if (context is null)
        {
            return null;
        }

        CommonTableExpressionContext[] tables = context.commonTableExpression();
        var built = new CommonTableExpression[tables.Length];
        for (int i = 0; i < tables.Length; i++)
        {
            CommonTableExpressionContext cte = tables[i];
            CteMaterialization hint = cte.MATERIALIZED() is null ? CteMaterialization.Default
                : cte.NOT() is null ? CteMaterialization.Materialized
                : CteMaterialization.NotMaterialized;
            built[i] = new CommonTableExpression(Ident(cte.name), Identifiers([.. cte._columns]), Select(cte.selectStmt()), hint, Pos(cte));
        }

        return new WithClause(context.RECURSIVE() is not null, ToList(built), Pos(context));
    }

    private SelectBody Body(SelectBodyContext context)
    {
        if (context is ValuesCoreContext values)
        {
            return new ValuesBody(ValuesRows(values.valuesRow()), Pos(values));
        }

        var core = (SelectCoreContext)context;
        return new SelectCore(
            core.DISTINCT() is not null,
            ResultColumns(core.resultColumn()),
            core.fromClause() is { } from ? From(from) : null,
            core.where is { } where ? Expr(where) : null,
            Expressions(core._groupBy),
            core.having is { } having ? Expr(having) : null,
            Pos(core))
        { Windows = NamedWindows(core.namedWindow()) };
    }

    private SqlList<SqlList<Expression>> ValuesRows(ValuesRowContext[] rows)
    {
        var built = new SqlList<Expression>[rows.Length];
        for (int i = 0; i < rows.Length; i++)
        {
            built[i] = Expressions(rows[i].expr());
        }

        return ToList(built);
    }

    private SqlList<ResultColumn> ResultColumns(ResultColumnContext[] columns)
    {
        var built = new ResultColumn[columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            built[i] = columns[i] switch
            {
                AllColumnsContext all => new AllColumns(null, Pos(all)),
                TableAllColumnsContext tableAll => new AllColumns(Ident(tableAll.identifier()), Pos(tableAll)),
                ExpressionColumnContext e => new ExpressionColumn(Expr(e.expr()), e.alias() is { } alias ? Alias(alias) : null, Pos(e)),
                _ => throw SyntaxErrors.At(columns[i].Start, "syntax error"),
            };
        }

        return ToList(built);
    }

    /// <summary>Folds <c>a op b [constraint] op c ..</c> into a left-deep join tree.</summary>
    private TableSource From(FromClauseContext context)
    {
        TableSource? result = null;
        JoinOperatorContext? pendingOperator = null;
        TableSource? pendingRight = null;
        for (int i = 0; i < context.ChildCount; i++)
        {
            IParseTree child = context.GetChild(i);
            switch (child)
            {
                case TableSourceContext source when result is null:
                    result = Source(source);
                    break;
                case JoinOperatorContext op:
                    result = FinishJoin(result!, pendingOperator, pendingRight, null);
                    pendingOperator = op;
                    pendingRight = null;
                    break;
                case TableSourceContext source:
                    pendingRight = Source(source);
                    break;
                case JoinConstraintContext constraint:
                    result = FinishJoin(result!, pendingOperator, pendingRight, constraint);
                    pendingOperator = null;
                    pendingRight = null;
                    break;
            }
        }

        return FinishJoin(result!, pendingOperator, pendingRight, null);
    }

    private TableSource FinishJoin(TableSource left, JoinOperatorContext? op, TableSource? right, JoinConstraintContext? constraint)
    {
        if (op is null || right is null)
        {
            return left;
        }

        JoinKind kind = op.LEFT() is not null ? JoinKind.Left
            : op.RIGHT() is not null ? JoinKind.Right
            : op.FULL() is not null ? JoinKind.Full
            : op.CROSS() is not null || op.COMMA() is not null ? JoinKind.Cross
            : JoinKind.Inner;
        if (op.NATURAL() is not null && constraint is not null)
        {
            throw SyntaxErrors.At(constraint.Start, "a NATURAL join may not have an ON or USING clause");
        }

        Expression? on = constraint?.expr() is { } onExpr ? Expr(onExpr) : null;
        SqlList<string> usingColumns = constraint?.USING() is not null ? Identifiers(constraint.identifier()) : SqlList<string>.Empty;
        return new JoinSource(left, kind, right, on, usingColumns, Pos(op)) { Natural = op.NATURAL() is not null };
    }

    private TableSource Source(TableSourceContext context)
    {
        Enter(context);
        TableSource source = context switch
        {
            TableNameContext table => new TableReference(Name(table.qualifiedName()), table.alias() is { } alias ? Alias(alias) : null, Pos(table))
            {
                IndexHint = Hint(table.indexHint()),
            },
            FunctionSourceContext function => new TableFunctionSource(FunctionName(function.functionName()),
                Expressions(function.expr()), function.alias() is { } alias ? Alias(alias) : null, Pos(function)),
            SubquerySourceContext sub => new SubquerySource(Select(sub.selectStmt()), sub.alias() is { } alias ? Alias(alias) : null, Pos(sub)),
            NestedSourceContext nested => From(nested.fromClause()),
            _ => throw SyntaxErrors.At(context.Start, "syntax error"),
        };
        Exit();
        return source;
    }

    private IndexHint? Hint(IndexHintContext? context) =>
        context is null ? null : new IndexHint(context.index is { } index ? Ident(index) : null, Pos(context));

    private SqlList<OrderingTerm> OrderBy(OrderByClauseContext context)
    {
        OrderingTermContext[] terms = context.orderingTerm();
        var built = new OrderingTerm[terms.Length];
        for (int i = 0; i < terms.Length; i++)
        {
            OrderingTermContext term = terms[i];
            NullsOrder nulls = term.NULLS() is null ? NullsOrder.Default
                : term.FIRST() is not null ? NullsOrder.First
                : NullsOrder.Last;
            SortDirection direction = term.DESC() is not null ? SortDirection.Descending : SortDirection.Ascending;
            built[i] = new OrderingTerm(Expr(term.expr()), direction, nulls, Pos(term));
        }

        return ToList(built);
    }

    private LimitClause Limit(LimitClauseContext context)
    {
        // LIMIT a, b means OFFSET a LIMIT b (SQLite's, and MySQL's, order).
        if (context.COMMA() is not null)
        {
            return new LimitClause(Expr(context.offset), Expr(context.limit), Pos(context));
        }

        return new LimitClause(Expr(context.limit), context.offset is { } offset ? Expr(offset) : null, Pos(context));
    }

    private string Alias(AliasContext context) =>
        context.identifier() is { } identifier ? Ident(identifier) : UnquoteString(context.STRING_LITERAL().GetText());
}
