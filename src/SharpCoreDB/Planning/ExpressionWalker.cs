// The direct sub-expressions of an expression node (not descending into
// subqueries), for the analyses the planner makes over ASTs.
using SharpCoreDB.Sql.Ast;

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
                foreach (Expression value in inExpression.Values)
                {
                    yield return value;
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

                foreach (WhenClause when in c.Whens)
                {
                    yield return when.When;
                    yield return when.Then;
                }

                if (c.Else is not null)
                {
                    yield return c.Else;
                }

                break;
            case CastExpression cast:
                yield return cast.Operand;
                break;
            case CollateExpression collate:
                yield return collate.Operand;
                break;
            case FunctionCallExpression call:
                foreach (Expression argument in call.Arguments)
                {
                    yield return argument;
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

        if (expression is BinaryExpression { Operator: BinaryOperator.And } and)
        {
            Conjuncts(and.Left, into);
            Conjuncts(and.Right, into);
            return;
        }

        into.Add(expression);
    }
}
