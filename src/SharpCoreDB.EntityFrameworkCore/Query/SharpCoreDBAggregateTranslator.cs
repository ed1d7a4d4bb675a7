// Aggregates whose SQL the relational layer would get wrong for this engine: the average
// of DECIMAL values. The engine's avg() computes in floating point (as SQLite's), so
// 15 digits would come back where .NET's Average gives 28; sum() of DECIMAL values is
// exact, so the average is written as sum(x) / count(x), a DECIMAL division (NULL over an
// empty set, as avg). A filter or DISTINCT of the source applies to both.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBAggregateTranslator(ISqlExpressionFactory sql) : IAggregateMethodCallTranslator
{
    public SqlExpression? Translate(
        MethodInfo method, EnumerableExpression source, IReadOnlyList<SqlExpression> arguments, IDiagnosticsLogger<DbLoggerCategory.Query> logger)
    {
        if (method.DeclaringType != typeof(Queryable) || method.Name != nameof(Queryable.Average)
            || source.Selector is not SqlExpression selector
            || (selector.TypeMapping?.Converter?.ProviderClrType ?? selector.TypeMapping?.ClrType ?? selector.Type) != typeof(decimal))
        {
            return null;
        }

        SqlExpression values = source.Predicate is { } predicate ? sql.Case([new CaseWhenClause(predicate, selector)], elseResult: null) : selector;
        if (source.IsDistinct)
        {
            values = new DistinctExpression(values);
        }

        SqlExpression sum = sql.Function("sum", [values], nullable: true, argumentsPropagateNullability: [false], selector.Type, selector.TypeMapping);
        SqlExpression count = sql.Function("count", [values], nullable: false, argumentsPropagateNullability: [false], typeof(int));
        return sql.Divide(sum, count, selector.TypeMapping);
    }
}

internal sealed class SharpCoreDBAggregateMethodCallTranslatorProvider : RelationalAggregateMethodCallTranslatorProvider
{
    public SharpCoreDBAggregateMethodCallTranslatorProvider(RelationalAggregateMethodCallTranslatorProviderDependencies dependencies)
        : base(dependencies) =>
        AddTranslators([new SharpCoreDBAggregateTranslator(dependencies.SqlExpressionFactory)]);
}
