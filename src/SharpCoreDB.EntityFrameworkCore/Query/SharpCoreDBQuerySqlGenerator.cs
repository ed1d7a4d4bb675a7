// SELECT text for the engine's dialect, which is SQLite's, where it differs from the
// relational default: `||` concatenates strings (`+` is arithmetic), LIMIT/OFFSET
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
