// The last rewrite of a query once its parameter values are known: EF Core's null semantics,
// told that json_each over a parameter is a collection parameter. ids.Contains(x.NullableId)
// with the list sent as one JSON text (EF.Parameter(ids), or the Parameter collection mode)
// then works as with VALUES: the NULLs are taken out of the sent list and tested with IS NULL.
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBParameterBasedSqlProcessor(
    RelationalParameterBasedSqlProcessorDependencies dependencies,
    RelationalParameterBasedSqlProcessorParameters parameters)
    : RelationalParameterBasedSqlProcessor(dependencies, parameters)
{
    protected override Expression ProcessSqlNullability(Expression queryExpression, ParametersCacheDecorator parametersDecorator) =>
        new SharpCoreDBSqlNullabilityProcessor(Dependencies, Parameters).Process(queryExpression, parametersDecorator);
}

#pragma warning disable EF1001 // The collection hooks are how EF Core's SQLite provider does the same for its json_each.
internal sealed class SharpCoreDBSqlNullabilityProcessor(
    RelationalParameterBasedSqlProcessorDependencies dependencies,
    RelationalParameterBasedSqlProcessorParameters parameters)
    : SqlNullabilityProcessor(dependencies, parameters)
{
    protected override bool IsCollectionTable(TableExpressionBase table, [NotNullWhen(true)] out Expression? collection)
    {
        if (table is JsonEachExpression { Path: null } jsonEach)
        {
            collection = jsonEach.Json;
            return true;
        }

        return base.IsCollectionTable(table, out collection);
    }

    protected override TableExpressionBase UpdateParameterCollection(TableExpressionBase table, SqlParameterExpression newCollectionParameter) =>
        table is JsonEachExpression jsonEach
            ? jsonEach.Update(newCollectionParameter, jsonEach.Path)
            : base.UpdateParameterCollection(table, newCollectionParameter);
}
#pragma warning restore EF1001

internal sealed class SharpCoreDBParameterBasedSqlProcessorFactory(RelationalParameterBasedSqlProcessorDependencies dependencies)
    : IRelationalParameterBasedSqlProcessorFactory
{
    public RelationalParameterBasedSqlProcessor Create(RelationalParameterBasedSqlProcessorParameters parameters) =>
        new SharpCoreDBParameterBasedSqlProcessor(dependencies, parameters);
}
