// json_each(document [, '$.path']) as a table in a query's FROM: one row per element of a JSON
// array, with the engine's columns key (the index), value (the element as an SQL value, an
// object or array as JSON text), type, atom, id, parent, fullkey and path. LINQ over a
// primitive collection (an int[] or List<string> column, or a collection parameter sent as one
// JSON text) and over an owned collection mapped with ToJson() reads the collection through it.
// The path is kept as segments rather than text because an index inside it may be an SQL
// expression (m.Visits[i]) that the query's visitors must reach; the SQL generator writes it
// out. The engine reads the function's arguments from the tables left of it, once per row
// (docs/sql-semantics.md, JSON), which is what a correlated collection needs.
using System.Linq.Expressions;
using System.Reflection;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class JsonEachExpression : TableValuedFunctionExpression
{
    public const string FunctionName = "json_each";

    // The columns the engine's json_each gives that the translation reads: the array index, which keeps the
    // elements in the array's order, and the element itself.
    public const string KeyColumn = "key";
    public const string ValueColumn = "value";

    private static readonly ConstructorInfo QuotingConstructor =
        typeof(JsonEachExpression).GetConstructor([typeof(string), typeof(SqlExpression), typeof(IReadOnlyList<PathSegment>)])!;

    public JsonEachExpression(string alias, SqlExpression json, IReadOnlyList<PathSegment>? path = null)
        : this(alias, json, path, annotations: null)
    {
    }

    private JsonEachExpression(string alias, SqlExpression json, IReadOnlyList<PathSegment>? path, IReadOnlyDictionary<string, IAnnotation>? annotations)
        : base(alias, FunctionName, schema: null, builtIn: true, [json], annotations)
    {
        Path = path;
    }

    public SqlExpression Json => Arguments[0];

    // Where the array is inside the document; null for the document itself.
    public IReadOnlyList<PathSegment>? Path { get; }

    public JsonEachExpression Update(SqlExpression json, IReadOnlyList<PathSegment>? path) =>
        ReferenceEquals(json, Json) && SamePath(path, Path) ? this : new JsonEachExpression(Alias, json, path, Annotations);

    // The relational layer replaces the argument this way (a parameter collection whose NULLs were taken out);
    // the result must stay a json_each with its path.
    public override TableValuedFunctionExpression Update(IReadOnlyList<SqlExpression> arguments) => Update(arguments[0], Path);

    public override TableExpressionBase Clone(string? alias, ExpressionVisitor cloningExpressionVisitor)
    {
        JsonEachExpression clone = new(alias!, (SqlExpression)cloningExpressionVisitor.Visit(Json), VisitPath(cloningExpressionVisitor));
        foreach (IAnnotation annotation in GetAnnotations())
        {
            clone.AddAnnotation(annotation.Name, annotation.Value);
        }

        return clone;
    }

    public override JsonEachExpression WithAlias(string newAlias) => new(newAlias, Json, Path, Annotations);

    public override Expression Quote() =>
        New(
            QuotingConstructor,
            Constant(Alias, typeof(string)),
            Json.Quote(),
            Path is null ? Constant(null, typeof(IReadOnlyList<PathSegment>)) : NewArrayInit(typeof(PathSegment), Path.Select(s => s.Quote())));

    public override bool Equals(object? obj) =>
        ReferenceEquals(this, obj) || (obj is JsonEachExpression other && base.Equals(other) && SamePath(Path, other.Path));

    public override int GetHashCode() => base.GetHashCode();

    protected override TableValuedFunctionExpression WithAnnotations(IReadOnlyDictionary<string, IAnnotation> annotations) =>
        new JsonEachExpression(Alias, Json, Path, annotations);

    protected override Expression VisitChildren(ExpressionVisitor visitor) =>
        Update((SqlExpression)visitor.Visit(Json), VisitPath(visitor));

    protected override void Print(ExpressionPrinter expressionPrinter)
    {
        expressionPrinter.Append(FunctionName).Append("(");
        expressionPrinter.Visit(Json);
        if (Path is not null)
        {
            expressionPrinter.Append(", '$").Append(string.Concat(Path.Select(s => s.PropertyName is null ? s.ToString() : "." + s))).Append("'");
        }

        expressionPrinter.Append(")");
        PrintAnnotations(expressionPrinter);
        expressionPrinter.Append(" AS ").Append(Alias);
    }

    private static bool SamePath(IReadOnlyList<PathSegment>? a, IReadOnlyList<PathSegment>? b) =>
        ReferenceEquals(a, b) || (a is not null && b is not null && a.SequenceEqual(b));

    // Only an index that is an SQL expression has anything to visit; names are constants. The list is copied only
    // when a visitor changed an index, so an unchanged tree stays the same instance.
    private IReadOnlyList<PathSegment>? VisitPath(ExpressionVisitor visitor)
    {
        if (Path is null)
        {
            return null;
        }

        PathSegment[]? changed = null;
        for (int i = 0; i < Path.Count; i++)
        {
            if (Path[i].ArrayIndex is { } index && visitor.Visit(index) is SqlExpression visited && !ReferenceEquals(visited, index))
            {
                changed ??= [.. Path];
                changed[i] = new PathSegment(visited);
            }
        }

        return changed ?? Path;
    }
}
