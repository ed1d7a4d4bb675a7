// SELECT text for the engine's dialect, which is SQLite's, where it differs from the
// relational default: `||` concatenates strings (`+` is arithmetic), no `^` operator, LIMIT/OFFSET
// (LIMIT -1 for an OFFSET alone), and a set operation nested in another is wrapped as
// SELECT * FROM (...) because the grammar, like SQLite's, takes no parentheses there.
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBQuerySqlGenerator(QuerySqlGeneratorDependencies dependencies) : QuerySqlGenerator(dependencies)
{
    protected override string GetOperator(SqlBinaryExpression binaryExpression) =>
        binaryExpression.OperatorType == ExpressionType.Add && binaryExpression.Type == typeof(string)
            ? " || "
            : base.GetOperator(binaryExpression);

    // The engine has no ^ (neither has SQLite): a ^ b is (a | b) - (a & b) on integers.
    protected override Expression VisitSqlBinary(SqlBinaryExpression sqlBinaryExpression)
    {
        if (sqlBinaryExpression.OperatorType != ExpressionType.ExclusiveOr || sqlBinaryExpression.Type == typeof(bool))
        {
            return base.VisitSqlBinary(sqlBinaryExpression);
        }

        Sql.Append("((");
        Visit(sqlBinaryExpression.Left);
        Sql.Append(" | ");
        Visit(sqlBinaryExpression.Right);
        Sql.Append(") - (");
        Visit(sqlBinaryExpression.Left);
        Sql.Append(" & ");
        Visit(sqlBinaryExpression.Right);
        Sql.Append("))");
        return sqlBinaryExpression;
    }

    protected override void GenerateLimitOffset(SelectExpression selectExpression)
    {
        if (selectExpression.Limit is null && selectExpression.Offset is null)
        {
            return;
        }

        Sql.AppendLine().Append("LIMIT ");
        if (selectExpression.Limit is { } limit)
        {
            Visit(limit);
        }
        else
        {
            Sql.Append("-1");
        }

        if (selectExpression.Offset is { } offset)
        {
            Sql.Append(" OFFSET ");
            Visit(offset);
        }
    }

    protected override void GenerateSetOperationOperand(SetOperationBase setOperation, SelectExpression operand)
    {
        if (operand.Tables is [SetOperationBase] || operand.Tables is [ValuesExpression { RowValues.Count: > 1 }])
        {
            Sql.Append("SELECT * FROM (").AppendLine();
            using (Sql.Indent())
            {
                Visit(operand);
            }

            Sql.AppendLine().Append(")");
        }
        else
        {
            Visit(operand);
        }
    }
}

internal sealed class SharpCoreDBQuerySqlGeneratorFactory(QuerySqlGeneratorDependencies dependencies) : IQuerySqlGeneratorFactory
{
    public QuerySqlGenerator Create() => new SharpCoreDBQuerySqlGenerator(dependencies);
}
