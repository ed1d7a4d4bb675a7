// An owned collection mapped with ToJson() (m.Visits) as a table, for the LINQ operators composed
// on it: m.Visits.Count(v => ...), Any, All, Where, Select, OrderBy, Sum(v => v.Pages)...
// json_each gives one row per element, each a whole JSON object in its value column, so the
// members are read out of it with ->> in a subquery, one column per member under its JSON name:
//
//   SELECT v0.Pages FROM (SELECT v.value ->> '$.Pages' AS Pages, ..., v.key
//                         FROM json_each(m.Visits) AS v ORDER BY v.key) AS v0
//
// and the outer select projects the element type from those columns, as it would from a table.
// Nested owned objects and collections are columns of their JSON text, which EF Core reads
// further with ->> or json_each in turn. The shape is EF Core's SQLite provider's.
using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed partial class SharpCoreDBQueryableMethodTranslatingExpressionVisitor
{
    protected override ShapedQueryExpression TransformJsonQueryToTable(JsonQueryExpression jsonQueryExpression)
    {
        ITypeBase structuralType = jsonQueryExpression.StructuralType;
        RelationalTypeMapping text = _typeMappingSource.FindMapping(typeof(string))!;
        RelationalTypeMapping intMapping = IntMapping;

        // Named after the collection (the last name in its path, or the column), as EF Core names tables.
        string? collectionName = jsonQueryExpression.Path.LastOrDefault(s => s.PropertyName is not null).PropertyName;
        string alias = _sqlAliasManager.GenerateTableAlias(collectionName ?? jsonQueryExpression.JsonColumn.Name);
        JsonEachExpression jsonEach = new(alias, jsonQueryExpression.JsonColumn, jsonQueryExpression.Path);

#pragma warning disable EF1001 // EF Core's select over a table that stands for a JSON collection, as its SQLite provider uses it.
        SelectExpression elements = CreateSelect(jsonQueryExpression, jsonEach, JsonEachExpression.KeyColumn, typeof(int), intMapping);
#pragma warning restore EF1001
        elements.AppendOrdering(new OrderingExpression(
            elements.CreateColumnExpression(jsonEach, JsonEachExpression.KeyColumn, typeof(int), intMapping, columnNullable: false),
            ascending: true));
        ColumnExpression element = elements.CreateColumnExpression(jsonEach, JsonEachExpression.ValueColumn, typeof(string), text);

        // The relational layer projects several values from a select only as the members of a type, so each JSON
        // member becomes a member named as it is in the document, which also names its column.
        Dictionary<ProjectionMember, Expression> members = [];
        foreach (IProperty property in structuralType.GetPropertiesInHierarchy())
        {
            if (property.GetJsonPropertyName() is { } name)
            {
                RelationalTypeMapping mapping = property.GetRelationalTypeMapping();
                SqlExpression value = new JsonScalarExpression(
                    element, [new PathSegment(name)], Nullable.GetUnderlyingType(property.ClrType) ?? property.ClrType, mapping, property.IsNullable);
                members[Member(name)] = JsonValueConversion.ToRelational(value, mapping, _sqlExpressionFactory);
            }
        }

        if (structuralType is IEntityType entityType)
        {
            foreach (INavigation navigation in entityType.GetNavigationsInHierarchy())
            {
                if (navigation.ForeignKey.IsOwnership && navigation.ForeignKey.PrincipalToDependent == navigation
                    && navigation.TargetEntityType.IsMappedToJson() && navigation.TargetEntityType.GetJsonPropertyName() is { } name)
                {
                    members[Member(name)] = new JsonScalarExpression(
                        element, [new PathSegment(name)], typeof(string), text, nullable: !navigation.ForeignKey.IsRequiredDependent);
                }
            }
        }

        foreach (IComplexProperty complexProperty in structuralType.GetComplexProperties())
        {
            if (complexProperty.ComplexType.GetJsonPropertyName() is { } name)
            {
                members[Member(name)] = new JsonScalarExpression(
                    element, [new PathSegment(name)], typeof(string), text, nullable: jsonQueryExpression.IsNullable || complexProperty.IsNullable);
            }
        }

        elements.ReplaceProjection(members);
        elements.PushdownIntoSubquery();
        TableExpressionBase subquery = elements.Tables[0];

#pragma warning disable EF1001 // As above, now over the subquery of members.
        SelectExpression outer = CreateSelect(jsonQueryExpression, subquery, JsonEachExpression.KeyColumn, typeof(int), intMapping);
#pragma warning restore EF1001
        outer.AppendOrdering(new OrderingExpression(
            outer.CreateColumnExpression(subquery, JsonEachExpression.KeyColumn, typeof(int), intMapping, columnNullable: false),
            ascending: true));

        return new ShapedQueryExpression(
            outer,
            new RelationalStructuralTypeShaperExpression(
                structuralType,
                new ProjectionBindingExpression(outer, new ProjectionMember(), typeof(ValueBuffer)),
                nullable: false));
    }

    private static ProjectionMember Member(string jsonName) => new ProjectionMember().Append(new JsonMember(jsonName));

    // A member that exists only to carry a JSON name into the projection's alias; nothing reflects over it.
    private sealed class JsonMember(string name) : MemberInfo
    {
        public override string Name { get; } = name;

        public override MemberTypes MemberType => MemberTypes.Property;

        public override Type? DeclaringType => null;

        public override Type? ReflectedType => null;

        public override object[] GetCustomAttributes(bool inherit) => [];

        public override object[] GetCustomAttributes(Type attributeType, bool inherit) => [];

        public override bool IsDefined(Type attributeType, bool inherit) => false;
    }
}
