// After translation: type mappings for json_each tables (SharpCoreDBTypeMappingPostprocessor),
// and a clear refusal of the APPLY the SQL cannot say. The relational layer writes a correlated
// subquery in FROM as CROSS/OUTER APPLY (a projection of m.Visits.Where(...).ToList(),
// SelectMany over a filtered collection), which neither SQLite nor SharpCoreDB has: such a
// query fails here naming the reason, as it does with EF Core's SQLite provider, rather than as a
// syntax error from the engine. An APPLY of json_each itself (m.Tags.SelectMany, m.Scores.ToList()
// in a projection) is let through: the SQL generator writes it as a JOIN, since the engine
// reads json_each's argument from the tables left of it, once per row.
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBQueryTranslationPostprocessor(
    QueryTranslationPostprocessorDependencies dependencies,
    RelationalQueryTranslationPostprocessorDependencies relationalDependencies,
    RelationalQueryCompilationContext queryCompilationContext)
    : RelationalQueryTranslationPostprocessor(dependencies, relationalDependencies, queryCompilationContext)
{
    public const string ApplyNotSupported =
        "Translating this query requires the SQL APPLY operation (a subquery in FROM that reads the tables left of it), which SharpCoreDB, as SQLite, does not have, "
        + "except for json_each of a collection itself. "
        + "Rewrite the query without it, or switch to client evaluation with AsEnumerable() before the operator.";

    public override Expression Process(Expression query)
    {
        Expression result = base.Process(query);
        new ApplyRefusingVisitor().Visit(result);
        return result;
    }

    protected override Expression ProcessTypeMappings(Expression expression) =>
        new SharpCoreDBTypeMappingPostprocessor(Dependencies, RelationalDependencies, RelationalQueryCompilationContext).Process(expression);

    private sealed class ApplyRefusingVisitor : ExpressionVisitor
    {
        protected override Expression VisitExtension(Expression node)
        {
            switch (node)
            {
                case ShapedQueryExpression shaped:
                    Visit(shaped.QueryExpression);
                    Visit(shaped.ShaperExpression);
                    return node;
                case SelectExpression select
                    when select.Tables.Any(t => t is CrossApplyExpression { Table: not JsonEachExpression } or OuterApplyExpression { Table: not JsonEachExpression }):
                    throw new InvalidOperationException(ApplyNotSupported);
                default:
                    return base.VisitExtension(node);
            }
        }
    }
}

// The type mapping of what json_each reads. A parameter collection has none until its elements meet a typed value
// (ids.Contains(x.Id) gives them x.Id's): the parameter then gets the collection mapping for that element type, which
// sends it as JSON text. And wherever a json_each value column is used, with a mapping from the model or inferred, it
// is read through JsonValueConversion so that it compares and sums as the column type does.
internal sealed class SharpCoreDBTypeMappingPostprocessor(
    QueryTranslationPostprocessorDependencies dependencies,
    RelationalQueryTranslationPostprocessorDependencies relationalDependencies,
    RelationalQueryCompilationContext queryCompilationContext)
    : RelationalTypeMappingPostprocessor(dependencies, relationalDependencies, queryCompilationContext)
{
    private Dictionary<string, RelationalTypeMapping>? _valueMappings;

    protected override Expression VisitExtension(Expression expression)
    {
        switch (expression)
        {
            case JsonEachExpression { Json: SqlParameterExpression parameter } jsonEach
                when TryGetInferredTypeMapping(jsonEach.Alias, JsonEachExpression.ValueColumn, out RelationalTypeMapping? elementMapping):
                return jsonEach.Update(parameter.ApplyTypeMapping(CollectionMapping(parameter, elementMapping)), jsonEach.Path);

            case SelectExpression select:
                Dictionary<string, RelationalTypeMapping>? outer = _valueMappings;
                foreach (TableExpressionBase table in select.Tables)
                {
                    if (table.UnwrapJoin() is JsonEachExpression jsonEach
                        && TryGetInferredTypeMapping(jsonEach.Alias, JsonEachExpression.ValueColumn, out RelationalTypeMapping? mapping))
                    {
                        _valueMappings = ReferenceEquals(_valueMappings, outer) ? new Dictionary<string, RelationalTypeMapping>(outer ?? []) : _valueMappings;
                        _valueMappings![jsonEach.Alias] = mapping;
                    }
                }

                Expression visited = base.VisitExtension(select);
                _valueMappings = outer;
                return visited;

            case ColumnExpression { Name: JsonEachExpression.ValueColumn } column
                when _valueMappings is not null && _valueMappings.TryGetValue(column.TableAlias, out RelationalTypeMapping? valueMapping):
                return JsonValueConversion.ToRelational(column.ApplyTypeMapping(valueMapping), valueMapping, RelationalDependencies.SqlExpressionFactory);

            default:
                return base.VisitExtension(expression);
        }
    }

    private RelationalTypeMapping CollectionMapping(SqlParameterExpression parameter, RelationalTypeMapping elementMapping) =>
        RelationalDependencies.TypeMappingSource.FindMapping(parameter.Type, QueryCompilationContext.Model, elementMapping) is { ElementTypeMapping: not null } mapping
            ? mapping
            : throw new InvalidOperationException($"No JSON collection type mapping for the parameter '{parameter.Name}' of type '{parameter.Type}'.");
}

internal sealed class SharpCoreDBQueryTranslationPostprocessorFactory(
    QueryTranslationPostprocessorDependencies dependencies,
    RelationalQueryTranslationPostprocessorDependencies relationalDependencies)
    : IQueryTranslationPostprocessorFactory
{
    public QueryTranslationPostprocessor Create(QueryCompilationContext queryCompilationContext) =>
        new SharpCoreDBQueryTranslationPostprocessor(dependencies, relationalDependencies, (RelationalQueryCompilationContext)queryCompilationContext);
}
