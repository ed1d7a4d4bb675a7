// The direct sub-expressions of an expression node (not descending into
// subqueries), for the analyses made over ASTs: the planner's, and the schema
// checks of ALTER TABLE (which columns an expression names).

namespace SharpCoreDB.Sql.Ast;

/// <summary>Enumerates child expressions.</summary>
internal static class ExpressionWalker
{
    /// <summary>The direct sub-expressions of <paramref name="expression"/>, subqueries not entered.</summary>
    public static IEnumerable<Expression> Children(Expression expression)
    {
        switch (expression)
        {
            case UnaryExpression u:
                yield return u.Operand;
                break;
            case BinaryExpression b:
                yield return b.Left;
                yield return b.Right;
                break;
            case IsExpression i:
                yield return i.Left;
                yield return i.Right;
                break;
            case BetweenExpression between:
                yield return between.Operand;
                yield return between.Low;
                yield return between.High;
                break;
            case InExpression inExpression:
                yield return inExpression.Operand;
                for (int i = 0; i < inExpression.Values.Count; i++)
                {
                    yield return inExpression.Values[i];
                }

                break;
            case LikeExpression like:
                yield return like.Operand;
                yield return like.Pattern;
                if (like.Escape is not null)
                {
                    yield return like.Escape;
                }

                break;
            case CaseExpression c:
                if (c.Operand is not null)
                {
                    yield return c.Operand;
                }

                for (int i = 0; i < c.Whens.Count; i++)
                {
                    yield return c.Whens[i].When;
                    yield return c.Whens[i].Then;
                }

                if (c.Else is not null)
                {
                    yield return c.Else;
                }

                break;
            case CastExpression cast:
                yield return cast.Operand;
                break;
            case RowValueExpression row:
                for (int i = 0; i < row.Values.Count; i++)
                {
                    yield return row.Values[i];
                }

                break;
            case CollateExpression collate:
                yield return collate.Operand;
                break;
            case RaiseExpression { Message: { } message }:
                yield return message;
                break;
            case FunctionCallExpression call:
                for (int i = 0; i < call.Arguments.Count; i++)
                {
                    yield return call.Arguments[i];
                }

                for (int i = 0; i < call.OrderBy.Count; i++)
                {
                    yield return call.OrderBy[i].Expression;
                }

                if (call.Filter is not null)
                {
                    yield return call.Filter;
                }

                if (call.Over is { } over)
                {
                    for (int i = 0; i < over.PartitionBy.Count; i++)
                    {
                        yield return over.PartitionBy[i];
                    }

                    for (int i = 0; i < over.OrderBy.Count; i++)
                    {
                        yield return over.OrderBy[i].Expression;
                    }
                }

                break;
        }
    }

    /// <summary>Whether <paramref name="expression"/> (subqueries not entered) names the column <paramref name="column"/>, qualified or not.</summary>
    public static bool NamesColumn(Expression expression, string column) =>
        expression is ColumnReference reference && string.Equals(reference.Column, column, StringComparison.OrdinalIgnoreCase)
        || Children(expression).Any(child => NamesColumn(child, column));

    /// <summary>
    /// <paramref name="expression"/> with every node <paramref name="replace"/> answers (non-null) replaced, the rest rebuilt
    /// around their rewritten children; subqueries and a call's ORDER BY, FILTER and OVER are kept as they are.
    /// </summary>
    public static Expression Rewrite(Expression expression, Func<Expression, Expression?> replace)
    {
        if (replace(expression) is { } replaced)
        {
            return replaced;
        }

        Expression R(Expression e) => Rewrite(e, replace);
        Expression? Maybe(Expression? e) => e is null ? null : Rewrite(e, replace);
        SqlList<Expression> All(SqlList<Expression> list) => list.Count == 0 ? list : [.. list.Select(R)];
        return expression switch
        {
            UnaryExpression u => u with { Operand = R(u.Operand) },
            BinaryExpression b => b with { Left = R(b.Left), Right = R(b.Right) },
            IsExpression i => i with { Left = R(i.Left), Right = R(i.Right) },
            BetweenExpression between => between with { Operand = R(between.Operand), Low = R(between.Low), High = R(between.High) },
            InExpression inExpression => inExpression with { Operand = R(inExpression.Operand), Values = All(inExpression.Values) },
            LikeExpression like => like with { Operand = R(like.Operand), Pattern = R(like.Pattern), Escape = Maybe(like.Escape) },
            CaseExpression c => c with
            {
                Operand = Maybe(c.Operand),
                Whens = [.. c.Whens.Select(w => w with { When = R(w.When), Then = R(w.Then) })],
                Else = Maybe(c.Else),
            },
            CastExpression cast => cast with { Operand = R(cast.Operand) },
            CollateExpression collate => collate with { Operand = R(collate.Operand) },
            RowValueExpression row => row with { Values = All(row.Values) },
            FunctionCallExpression call => call with { Arguments = All(call.Arguments) },
            RaiseExpression raise => raise with { Message = Maybe(raise.Message) },
            _ => expression,
        };
    }

    /// <summary><paramref name="expression"/> with each reference to column <paramref name="from"/> (any case, qualified or not) naming <paramref name="to"/>.</summary>
    public static Expression RenameColumn(Expression expression, string from, string to) =>
        Rewrite(expression, e => e is ColumnReference c && string.Equals(c.Column, from, StringComparison.OrdinalIgnoreCase) ? c with { Column = to } : null);
}
