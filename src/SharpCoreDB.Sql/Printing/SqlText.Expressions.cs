// The expression half of SqlText: prints every expression node with enough
// parentheses that re-parsing gives the same tree.
using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Printing;

internal static partial class SqlText
{
    internal static void Append(StringBuilder b, Expression expression)
    {
        switch (expression)
        {
            case IntegerLiteral i:
                b.Append(i.Value.ToString(CultureInfo.InvariantCulture));
                break;
            case RealLiteral r:
                b.Append(Number(r.Value));
                break;
            case StringLiteral s:
                b.Append(Quote(s.Value));
                break;
            case BlobLiteral blob:
                b.Append("X'").Append(Convert.ToHexString(blob.Value.AsSpan())).Append('\'');
                break;
            case BooleanLiteral boolean:
                b.Append(boolean.Value ? "TRUE" : "FALSE");
                break;
            case NullLiteral:
                b.Append("NULL");
                break;
            case CurrentTimeLiteral time:
                b.Append(time.Kind switch
                {
                    CurrentTimeKind.Date => "CURRENT_DATE",
                    CurrentTimeKind.Time => "CURRENT_TIME",
                    _ => "CURRENT_TIMESTAMP",
                });
                break;
            case ColumnReference column:
                if (column.Table is not null)
                {
                    b.Append(Name(column.Table)).Append('.');
                }

                b.Append(Name(column.Column));
                break;
            case ParameterExpression parameter:
                b.Append(parameter.Name is null ? "?" + parameter.Ordinal.ToString(CultureInfo.InvariantCulture) : parameter.Prefix + parameter.Name);
                break;
            case UnaryExpression unary:
                b.Append(unary.Operator switch
                {
                    UnaryOperator.Negate => "-",
                    UnaryOperator.Plus => "+",
                    UnaryOperator.BitwiseNot => "~",
                    _ => "NOT ",
                });

                // "-15" parses as the literal -15, not as minus applied to 15.
                if (unary.Operator == UnaryOperator.Negate && unary.Operand is IntegerLiteral or RealLiteral)
                {
                    b.Append('(');
                    Append(b, unary.Operand);
                    b.Append(')');
                }
                else
                {
                    Nested(b, unary.Operand);
                }

                break;
            case BinaryExpression binary:
                Nested(b, binary.Left);
                b.Append(' ').Append(Operator(binary.Operator)).Append(' ');
                Nested(b, binary.Right);
                break;
            case IsExpression isExpression:
                Nested(b, isExpression.Left);
                b.Append(isExpression.Negated ? " IS NOT " : " IS ");
                Nested(b, isExpression.Right);
                break;
            case InExpression inExpression:
                Nested(b, inExpression.Operand);
                b.Append(inExpression.Negated ? " NOT IN (" : " IN (");
                if (inExpression.Subquery is not null)
                {
                    b.Append("SELECT ...");
                }
                else
                {
                    AppendList(b, inExpression.Values);
                }

                b.Append(')');
                break;
            case LikeExpression like:
                Nested(b, like.Operand);
                b.Append(like.Negated ? " NOT " : " ").Append(like.Operator.ToString().ToUpperInvariant()).Append(' ');
                Nested(b, like.Pattern);
                if (like.Escape is not null)
                {
                    b.Append(" ESCAPE ");
                    Nested(b, like.Escape);
                }

                break;
            case BetweenExpression between:
                Nested(b, between.Operand);
                b.Append(between.Negated ? " NOT BETWEEN " : " BETWEEN ");
                Nested(b, between.Low);
                b.Append(" AND ");
                Nested(b, between.High);
                break;
            case ExistsExpression exists:
                b.Append(exists.Negated ? "NOT EXISTS (SELECT ...)" : "EXISTS (SELECT ...)");
                break;
            case SubqueryExpression:
                b.Append("(SELECT ...)");
                break;
            case RowValueExpression row:
                b.Append('(');
                AppendList(b, row.Values);
                b.Append(')');
                break;
            case CaseExpression caseExpression:
                b.Append("CASE");
                if (caseExpression.Operand is not null)
                {
                    b.Append(' ');
                    Nested(b, caseExpression.Operand);
                }

                foreach (WhenClause when in caseExpression.Whens)
                {
                    b.Append(" WHEN ");
                    Append(b, when.When);
                    b.Append(" THEN ");
                    Append(b, when.Then);
                }

                if (caseExpression.Else is not null)
                {
                    b.Append(" ELSE ");
                    Append(b, caseExpression.Else);
                }

                b.Append(" END");
                break;
            case CastExpression cast:
                b.Append("CAST(");
                Append(b, cast.Operand);
                b.Append(" AS ").Append(cast.Type.Text).Append(')');
                break;
            case RaiseExpression raise:
                b.Append("RAISE(").Append(raise.Kind.ToString().ToUpperInvariant());
                if (raise.Message is not null)
                {
                    b.Append(", ");
                    Append(b, raise.Message);
                }

                b.Append(')');
                break;
            case CollateExpression collate:
                Nested(b, collate.Operand);
                b.Append(" COLLATE ").Append(Name(collate.Collation));
                break;
            case FunctionCallExpression call:
                b.Append(call.Name).Append('(');
                if (call.Star)
                {
                    b.Append('*');
                }
                else
                {
                    b.Append(call.Distinct ? "DISTINCT " : string.Empty);
                    AppendList(b, call.Arguments);
                    AppendOrderBy(b, call.OrderBy, " ORDER BY ");
                }

                b.Append(')');
                AppendFilterAndOver(b, call);
                break;
            default:
                b.Append(expression.GetType().Name);
                break;
        }
    }

    private static void AppendList(StringBuilder b, SqlList<Expression> list)
    {
        for (int i = 0; i < list.Count; i++)
        {
            if (i > 0)
            {
                b.Append(", ");
            }

            Append(b, list[i]);
        }
    }

    // Operands that are themselves operators get parentheses; atoms do not.
    private static void Nested(StringBuilder b, Expression expression)
    {
        bool atom = expression is LiteralExpression or ColumnReference or ParameterExpression or FunctionCallExpression
            or CastExpression or CaseExpression or SubqueryExpression or ExistsExpression or RowValueExpression or RaiseExpression;
        if (atom && !(expression is IntegerLiteral { Value: < 0 } or RealLiteral { Value: < 0 }))
        {
            Append(b, expression);
            return;
        }

        b.Append('(');
        Append(b, expression);
        b.Append(')');
    }

    /// <summary>The SQL spelling of a binary operator (`||`, `&lt;&gt;`, `AND`, ...).</summary>
    public static string Operator(BinaryOperator op) => op switch
    {
        BinaryOperator.Concat => "||",
        BinaryOperator.JsonPart => "->",
        BinaryOperator.JsonValue => "->>",
        BinaryOperator.Multiply => "*",
        BinaryOperator.Divide => "/",
        BinaryOperator.Modulo => "%",
        BinaryOperator.Add => "+",
        BinaryOperator.Subtract => "-",
        BinaryOperator.BitwiseAnd => "&",
        BinaryOperator.BitwiseOr => "|",
        BinaryOperator.ShiftLeft => "<<",
        BinaryOperator.ShiftRight => ">>",
        BinaryOperator.Less => "<",
        BinaryOperator.LessOrEqual => "<=",
        BinaryOperator.Greater => ">",
        BinaryOperator.GreaterOrEqual => ">=",
        BinaryOperator.Equal => "=",
        BinaryOperator.NotEqual => "<>",
        BinaryOperator.And => "AND",
        _ => "OR",
    };
}
