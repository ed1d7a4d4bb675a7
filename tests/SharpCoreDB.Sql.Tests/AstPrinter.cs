// Renders expressions fully parenthesised ("(a + (b * c))") so that precedence and
// associativity tests can state the expected tree as one readable string. SqlText prints
// the SQL the engine stores (parentheses only where needed); this shows the tree's shape,
// with the operators spelled as SqlText spells them.
using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Sql.Tests;

internal static class AstPrinter
{
    public static string Print(Expression expression) => expression switch
    {
        IntegerLiteral i => i.Value.ToString(CultureInfo.InvariantCulture),
        RealLiteral r => r.Value.ToString("R", CultureInfo.InvariantCulture),
        StringLiteral s => "'" + s.Value.Replace("'", "''", StringComparison.Ordinal) + "'",
        BlobLiteral b => "X'" + Convert.ToHexString(b.Value.ToArray()) + "'",
        BooleanLiteral b => b.Value ? "TRUE" : "FALSE",
        NullLiteral => "NULL",
        CurrentTimeLiteral c => "CURRENT_" + c.Kind.ToString().ToUpperInvariant(),
        ColumnReference c => (c.Schema is null ? string.Empty : c.Schema + ".") + (c.Table is null ? string.Empty : c.Table + ".") + c.Column,
        ParameterExpression p => p.Name is null ? "?" + p.Ordinal : p.Prefix + p.Name + "#" + p.Ordinal,
        UnaryExpression u => "(" + Unary(u.Operator) + " " + Print(u.Operand) + ")",
        BinaryExpression b => "(" + Print(b.Left) + " " + SqlText.Operator(b.Operator) + " " + Print(b.Right) + ")",
        IsExpression i => "(" + Print(i.Left) + (i.Negated ? " IS NOT " : " IS ") + Print(i.Right) + ")",
        InExpression i => "(" + Print(i.Operand) + (i.Negated ? " NOT IN (" : " IN (")
            + (i.Subquery is null ? string.Join(", ", i.Values.Select(Print)) : "SELECT") + "))",
        LikeExpression l => "(" + Print(l.Operand) + (l.Negated ? " NOT " : " ") + l.Operator.ToString().ToUpperInvariant() + " "
            + Print(l.Pattern) + (l.Escape is null ? string.Empty : " ESCAPE " + Print(l.Escape)) + ")",
        BetweenExpression b => "(" + Print(b.Operand) + (b.Negated ? " NOT BETWEEN " : " BETWEEN ") + Print(b.Low) + " AND " + Print(b.High) + ")",
        ExistsExpression e => e.Negated ? "(NOT EXISTS SELECT)" : "(EXISTS SELECT)",
        SubqueryExpression => "(SELECT)",
        CaseExpression c => Case(c),
        CastExpression c => "CAST(" + Print(c.Operand) + " AS " + c.Type.Text + ")",
        FunctionCallExpression f => f.Name + "(" + (f.Star ? "*" : (f.Distinct ? "DISTINCT " : string.Empty) + string.Join(", ", f.Arguments.Select(Print))) + ")",
        CollateExpression c => "(" + Print(c.Operand) + " COLLATE " + c.Collation + ")",
        _ => throw new ArgumentException("unknown node " + expression.GetType().Name),
    };

    private static string Case(CaseExpression c)
    {
        var text = new StringBuilder("CASE");
        if (c.Operand is not null)
        {
            text.Append(' ').Append(Print(c.Operand));
        }

        foreach (WhenClause when in c.Whens)
        {
            text.Append(" WHEN ").Append(Print(when.When)).Append(" THEN ").Append(Print(when.Then));
        }

        if (c.Else is not null)
        {
            text.Append(" ELSE ").Append(Print(c.Else));
        }

        return text.Append(" END").ToString();
    }

    private static string Unary(UnaryOperator op) => op switch
    {
        UnaryOperator.Negate => "-",
        UnaryOperator.Plus => "+",
        UnaryOperator.BitwiseNot => "~",
        _ => "NOT",
    };
}
