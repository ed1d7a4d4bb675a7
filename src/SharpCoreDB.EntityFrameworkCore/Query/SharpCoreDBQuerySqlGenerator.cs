// SELECT text for the engine's dialect, which is SQLite's, where it differs from the
// relational default: `||` concatenates strings (`+` is arithmetic), no `^` operator, LIMIT/OFFSET
// (LIMIT -1 for an OFFSET alone), a set operation nested in another is wrapped as
// SELECT * FROM (...) because the grammar, like SQLite's, takes no parentheses there, and JSON:
// `->>` into a document and json_each(document, '$.path') as a table, joined as
// JOIN json_each(...) ON 1 where EF Core asks for CROSS or OUTER APPLY of it. ExecuteUpdate
// also sets the next value of each row version the provider makes (RowVersions) that it
// does not set itself, as SaveChanges' UPDATE does.
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBQuerySqlGenerator(QuerySqlGeneratorDependencies dependencies) : QuerySqlGenerator(dependencies)
{
    protected override string GetOperator(SqlBinaryExpression binaryExpression) =>
        binaryExpression.OperatorType == ExpressionType.Add && binaryExpression.Type == typeof(string)
            ? " || "
            : base.GetOperator(binaryExpression);

    protected override Expression VisitUpdate(UpdateExpression updateExpression)
    {
        var setters = updateExpression.ColumnValueSetters.ToList();
        foreach (IColumnBase column in updateExpression.Table.Table.Columns)
        {
            if (!setters.Any(s => s.Column.Name == column.Name)
                && RowVersions.NextValue(column, Dependencies.SqlGenerationHelper, updateExpression.Table.Alias) is { } next)
            {
                var target = new ColumnExpression(column.Name, updateExpression.Table.Alias, column.ProviderClrType, column.StoreTypeMapping, column.IsNullable);
                setters.Add(new ColumnValueSetter(target, new SqlFragmentExpression(next)));
            }
        }

        return setters.Count == updateExpression.ColumnValueSetters.Count
            ? base.VisitUpdate(updateExpression)
            : base.VisitUpdate(new UpdateExpression(updateExpression.Table, updateExpression.SelectExpression, setters).ApplyTags(updateExpression.Tags));
    }

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
    // object or array as its JSON text).
    protected override Expression VisitJsonScalar(JsonScalarExpression jsonScalarExpression)
    {
        Visit(jsonScalarExpression.Json);
        if (jsonScalarExpression.Path.Count == 0)
        {
            return jsonScalarExpression;
        }

        Sql.Append(" ->> (");
        AppendJsonPath(jsonScalarExpression.Path);
        Sql.Append(")");
        return jsonScalarExpression;
    }

    protected override Expression VisitExtension(Expression extensionExpression)
    {
        if (extensionExpression is not JsonEachExpression jsonEach)
        {
            return base.VisitExtension(extensionExpression);
        }

        // A JSON array as a table: json_each(document[, '$.path']) AS alias.
        Sql.Append(JsonEachExpression.FunctionName).Append("(");
        Visit(jsonEach.Json);
        if (jsonEach.Path is { Count: > 0 } path)
        {
            Sql.Append(", ");
            AppendJsonPath(path);
        }

        Sql.Append(")").Append(AliasSeparator).Append(Dependencies.SqlGenerationHelper.DelimitIdentifier(jsonEach.Alias));
        return jsonEach;
    }

    // The only APPLY that reaches here is of json_each (SharpCoreDBQueryTranslationPostprocessor refuses the others),
    // whose argument may read the tables left of it in a plain join: one row per element, and for OUTER one row of
    // NULLs for a row whose collection is empty or NULL.
    protected override Expression VisitCrossApply(CrossApplyExpression crossApplyExpression)
    {
        Sql.Append("INNER JOIN ");
        Visit(crossApplyExpression.Table);
        Sql.Append(" ON 1");
        return crossApplyExpression;
    }

    protected override Expression VisitOuterApply(OuterApplyExpression outerApplyExpression)
    {
        Sql.Append("LEFT JOIN ");
        Visit(outerApplyExpression.Table);
        Sql.Append(" ON 1");
        return outerApplyExpression;
    }

    // The path as SQL text, '$.Name[0]'. An index that is not a constant is spliced in: '$.Name[' || (i) || ']'.
    private void AppendJsonPath(IReadOnlyList<PathSegment> path)
    {
        Sql.Append("'$");
        foreach (PathSegment segment in path)
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

        Sql.Append("'");
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
