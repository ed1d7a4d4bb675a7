// LINQ operators over collections that live in one column as a JSON array: primitive
// collections (int[], List<string>: EF Core stores them as JSON text), collection parameters
// sent as one JSON text (EF.Parameter(ids), or UseParameterizedCollectionMode(Parameter)), and
// owned collections mapped with ToJson() (the .JsonTable.cs part). Each becomes
// `json_each(column)` as a table, ordered by its key (the array index) so that the elements keep
// the array's order, and EF Core's relational layer composes Where, Select, OrderBy, Count, Any,
// All, Contains, Sum, Max, Skip, Take, ElementAt.. over it as over any table. As with EF Core's
// SQLite provider, which this follows (the engine speaks SQLite's JSON1), Count() and Any()
// without a predicate read json_array_length(column), and an element at an index reads
// column ->> '$[i]' rather than a subquery.
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed partial class SharpCoreDBQueryableMethodTranslatingExpressionVisitor : RelationalQueryableMethodTranslatingExpressionVisitor
{
    private readonly IRelationalTypeMappingSource _typeMappingSource;
    private readonly ISqlExpressionFactory _sqlExpressionFactory;
    private readonly SqlAliasManager _sqlAliasManager;

    public SharpCoreDBQueryableMethodTranslatingExpressionVisitor(
        QueryableMethodTranslatingExpressionVisitorDependencies dependencies,
        RelationalQueryableMethodTranslatingExpressionVisitorDependencies relationalDependencies,
        RelationalQueryCompilationContext queryCompilationContext)
        : base(dependencies, relationalDependencies, queryCompilationContext)
    {
        _typeMappingSource = relationalDependencies.TypeMappingSource;
        _sqlExpressionFactory = relationalDependencies.SqlExpressionFactory;
        _sqlAliasManager = queryCompilationContext.SqlAliasManager;
    }

    private SharpCoreDBQueryableMethodTranslatingExpressionVisitor(SharpCoreDBQueryableMethodTranslatingExpressionVisitor parent)
        : base(parent)
    {
        _typeMappingSource = parent._typeMappingSource;
        _sqlExpressionFactory = parent._sqlExpressionFactory;
        _sqlAliasManager = parent._sqlAliasManager;
    }

    private RelationalTypeMapping IntMapping => _typeMappingSource.FindMapping(typeof(int))!;

    protected override QueryableMethodTranslatingExpressionVisitor CreateSubqueryVisitor() =>
        new SharpCoreDBQueryableMethodTranslatingExpressionVisitor(this);

    // SELECT value FROM json_each(collection) ORDER BY key. A column collection knows its element type mapping from
    // the model; a parameter's is inferred later from how the elements are used (SharpCoreDBTypeMappingPostprocessor),
    // which also adds the SQL that turns a JSON value into the column's kind of value (JsonValueConversion): doing it
    // here would hide the bare value column that TranslateElementAtOrDefault looks for.
    protected override ShapedQueryExpression? TranslatePrimitiveCollection(SqlExpression sqlExpression, IProperty? property, string tableAlias)
    {
        RelationalTypeMapping? elementTypeMapping = (RelationalTypeMapping?)sqlExpression.TypeMapping?.ElementTypeMapping;
        Type elementClrType = JsonValueConversion.ElementType(sqlExpression.Type);
        Type elementType = Nullable.GetUnderlyingType(elementClrType) ?? elementClrType;
        JsonEachExpression jsonEach = new(tableAlias, sqlExpression);

        // A parameter has only its CLR type: its elements may be null whenever that type allows it.
        bool elementNullable = property?.GetElementType()?.IsNullable ?? (!elementClrType.IsValueType || elementType != elementClrType);
        RelationalTypeMapping intMapping = IntMapping;

#pragma warning disable EF1001 // The constructor for a table with a projection and an identifier is EF Core's own, used as its SQLite provider uses it.
        SelectExpression select = new(
            [jsonEach],
            new ColumnExpression(JsonEachExpression.ValueColumn, tableAlias, elementType, elementTypeMapping, elementNullable),
            [(new ColumnExpression(JsonEachExpression.KeyColumn, tableAlias, typeof(int), intMapping, nullable: false), intMapping.Comparer)],
            _sqlAliasManager);
#pragma warning restore EF1001

        select.AppendOrdering(new OrderingExpression(
            select.CreateColumnExpression(jsonEach, JsonEachExpression.KeyColumn, typeof(int), intMapping, columnNullable: false),
            ascending: true));

        Type nullableElement = elementType.IsValueType ? typeof(Nullable<>).MakeGenericType(elementType) : elementType;
        Expression shaper = new ProjectionBindingExpression(select, new ProjectionMember(), nullableElement);
        if (shaper.Type != elementClrType)
        {
            shaper = Expression.Convert(shaper, elementClrType);
        }

        return new ShapedQueryExpression(select, shaper);
    }

    // x.Tags.Any() is json_array_length(x.Tags) > 0 rather than EXISTS (SELECT 1 FROM json_each(x.Tags)).
    protected override ShapedQueryExpression? TranslateAny(ShapedQueryExpression source, LambdaExpression? predicate) =>
        predicate is null && BareArray(source) is { } array
            ? Scalar(source, _sqlExpressionFactory.GreaterThan(ArrayLength(array), _sqlExpressionFactory.Constant(0, IntMapping)))
            : base.TranslateAny(source, predicate);

    // x.Tags.Count() (and x.Tags.Count, x.Scores.Length) is json_array_length(x.Tags) rather than a COUNT(*) subquery.
    protected override ShapedQueryExpression? TranslateCount(ShapedQueryExpression source, LambdaExpression? predicate) =>
        predicate is null && BareArray(source) is { } array
            ? Scalar(source, ArrayLength(array))
            : base.TranslateCount(source, predicate);

    // x.Tags[i] and x.Tags.ElementAt(i) read the element in place: x.Tags ->> '$[i]', NULL past the end (the
    // relational layer's OFFSET subquery would mean the same but cost a table). An index into a parameter collection
    // that depends on a column (ids[x.Id % 3]) reads the parameter sent as JSON the same way.
    protected override ShapedQueryExpression? TranslateElementAtOrDefault(ShapedQueryExpression source, Expression index, bool returnDefault)
    {
        if (!returnDefault && source.QueryExpression is SelectExpression select && TranslateExpression(index) is { } translatedIndex)
        {
            SqlExpression? array = select switch
            {
                {
                    Tables: [ValuesExpression { ValuesParameter: { } parameter }],
                    Predicate: null,
                    GroupBy: [],
                    Having: null,
                    IsDistinct: false,
#pragma warning disable EF1001 // The name of VALUES' ordering column, which EF Core gives it.
                    Orderings: [{ Expression: ColumnExpression { Name: ValuesOrderingColumnName }, IsAscending: true }],
#pragma warning restore EF1001
                    Limit: null,
                    Offset: null,
                } => parameter,
                _ => BareArray(source, orderedByKey: true),
            };

            if (array is not null && ElementInPlace(source, select, array, translatedIndex) is { } element)
            {
                return Scalar(source, element);
            }
        }

        return base.TranslateElementAtOrDefault(source, index, returnDefault);
    }

    // An ordering on the key of json_each is the array's own order, which EF Core added, not one the query asked
    // for: operators that need an explicit order (Last, a warning for Skip without OrderBy) treat it as such.
    protected override bool IsNaturallyOrdered(SelectExpression selectExpression) =>
        selectExpression is { Tables: [var first, ..], Orderings: [{ Expression: ColumnExpression { Name: JsonEachExpression.KeyColumn } key, IsAscending: true }] }
        && key.TableAlias == first.Alias
        && IsKeyOfJsonEach(selectExpression, key);

    private static bool IsKeyOfJsonEach(SelectExpression select, ColumnExpression column) =>
        select.Tables.FirstOrDefault(t => t.Alias == column.TableAlias)?.UnwrapJoin() switch
        {
            JsonEachExpression => true,
            SelectExpression inner => inner.Projection.FirstOrDefault(p => p.Alias == JsonEachExpression.KeyColumn)?.Expression is ColumnExpression projected
                && IsKeyOfJsonEach(inner, projected),
            _ => false,
        };

    // The array argument when the source is json_each of a whole document with nothing composed on it yet (other than
    // its own ordering by key, which an element access needs and a count may ignore).
    private static SqlExpression? BareArray(ShapedQueryExpression source, bool orderedByKey = false) =>
        source.QueryExpression is SelectExpression
        {
            Tables: [JsonEachExpression { Path: null } jsonEach],
            Predicate: null,
            GroupBy: [],
            Having: null,
            IsDistinct: false,
            Limit: null,
            Offset: null,
        } select
        && (!orderedByKey || (select.Orderings is [{ Expression: ColumnExpression { Name: JsonEachExpression.KeyColumn } key, IsAscending: true }]
            && key.TableAlias == jsonEach.Alias))
            ? jsonEach.Json
            : null;

    private SqlExpression ArrayLength(SqlExpression array) =>
        _sqlExpressionFactory.StrictFunction("json_array_length", [array], typeof(int), IntMapping);

#pragma warning disable EF1001 // A select of one value with no table, as EF Core's SQLite provider builds for these shortcuts.
    private ShapedQueryExpression Scalar(ShapedQueryExpression source, SqlExpression value) =>
        source.UpdateQueryExpression(new SelectExpression(value, _sqlAliasManager));
#pragma warning restore EF1001

    // The element the source projects (a bare value column of json_each or of VALUES), read at the index straight
    // from the array; nested paths are joined so that it is one ->> rather than ->> of ->>.
    private SqlExpression? ElementInPlace(ShapedQueryExpression source, SelectExpression select, SqlExpression array, SqlExpression index)
    {
        Expression shaper = source.ShaperExpression is UnaryExpression { NodeType: ExpressionType.Convert } convert
            && Nullable.GetUnderlyingType(convert.Operand.Type) == convert.Type
            ? convert.Operand
            : source.ShaperExpression;
        if (shaper is not ProjectionBindingExpression binding || select.GetProjection(binding) is not ColumnExpression element)
        {
            return null;
        }

        (SqlExpression json, PathSegment[] path) = array is JsonScalarExpression inner
            ? (inner.Json, [.. inner.Path, new PathSegment(index)])
            : (array, new[] { new PathSegment(index) });
        SqlExpression value = new JsonScalarExpression(json, path, element.Type, element.TypeMapping, element.IsNullable);
        return element.TypeMapping is null ? value : JsonValueConversion.ToRelational(value, element.TypeMapping, _sqlExpressionFactory);
    }
}

internal sealed class SharpCoreDBQueryableMethodTranslatingExpressionVisitorFactory(
    QueryableMethodTranslatingExpressionVisitorDependencies dependencies,
    RelationalQueryableMethodTranslatingExpressionVisitorDependencies relationalDependencies)
    : IQueryableMethodTranslatingExpressionVisitorFactory
{
    public QueryableMethodTranslatingExpressionVisitor Create(QueryCompilationContext queryCompilationContext) =>
        new SharpCoreDBQueryableMethodTranslatingExpressionVisitor(dependencies, relationalDependencies, (RelationalQueryCompilationContext)queryCompilationContext);
}
