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

    // A value inside a JSON column (ToJson): column ->> '$.path' (SQLite's operator: a scalar as its SQL value, an
    // object or array as its JSON text). An index that is not a constant is spliced into the path text.
    protected override Expression VisitJsonScalar(JsonScalarExpression jsonScalarExpression)
    {
        Visit(jsonScalarExpression.Json);
        if (jsonScalarExpression.Path.Count == 0)
        {
            return jsonScalarExpression;
        }

        Sql.Append(" ->> ('$");
        foreach (PathSegment segment in jsonScalarExpression.Path)
        {
            if (segment.PropertyName is { } name)
            {
                Sql.Append(".").Append(Dependencies.SqlGenerationHelper.DelimitJsonPathElement(name).Replace("'", "''", StringComparison.Ordinal));
            }
            else if (segment.ArrayIndex is SqlConstantExpression constant)
            {
                Sql.Append("[").Append(Convert.ToString(constant.Value, System.Globalization.CultureInfo.InvariantCulture)!).Append("]");
            }
            else
            {
                Sql.Append("[' || (");
                Visit(segment.ArrayIndex!);
                Sql.Append(") || ']");
            }
        }

        Sql.Append("')");
        return jsonScalarExpression;
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
