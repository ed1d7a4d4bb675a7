// The direct sub-expressions of an expression node (not descending into
// subqueries), for the analyses the planner makes over ASTs.

namespace SharpCoreDB.Planning;

/// <summary>Enumerates child expressions.</summary>
internal static class ExpressionWalker
{
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

    /// <summary>Splits a condition into its AND-ed parts.</summary>
    public static void Conjuncts(Expression? expression, List<Expression> into)
    {
        if (expression is null)
        {
            return;
        }

        // A row value comparison splits too: `(a, b) = (1, 2)` is `a = 1 AND b = 2`, which indexes serve.
        expression = RowValues.Lower(expression) ?? expression;
        if (expression is BinaryExpression { Operator: BinaryOperator.And } and)
        {
            Conjuncts(and.Left, into);
            Conjuncts(and.Right, into);
            return;
        }

        into.Add(expression);
    }
}
