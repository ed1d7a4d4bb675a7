// The column of an entity mapped with ToJson(): TEXT holding the JSON document. EF Core
// reads it as a UTF-8 stream for its JSON reader; a literal is the document quoted as SQL
// text. The engine's JSON1 functions (->>, json_set, json_each) work on it as SQLite's do.
using System.Data.Common;
using System.Linq.Expressions;
using System.Reflection;
using System.Text;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBJsonTypeMapping : JsonTypeMapping
{
    private static readonly MethodInfo GetString = typeof(DbDataReader).GetRuntimeMethod(nameof(DbDataReader.GetString), [typeof(int)])!;
    private static readonly MethodInfo Utf8Bytes = typeof(Encoding).GetMethod(nameof(Encoding.GetBytes), [typeof(string)])!;
    private static readonly PropertyInfo Utf8 = typeof(Encoding).GetProperty(nameof(Encoding.UTF8))!;
    private static readonly ConstructorInfo Stream = typeof(MemoryStream).GetConstructor([typeof(byte[])])!;

    public SharpCoreDBJsonTypeMapping(string storeType)
        : base(storeType, typeof(JsonTypePlaceholder), System.Data.DbType.String)
    {
    }

    private SharpCoreDBJsonTypeMapping(RelationalTypeMappingParameters parameters)
        : base(parameters)
    {
    }

    public override MethodInfo GetDataReaderMethod() => GetString;

    // The document's text as the stream EF Core's JSON reader takes: new MemoryStream(Encoding.UTF8.GetBytes(text)).
    public override Expression CustomizeDataReaderExpression(Expression expression) =>
        Expression.New(Stream, Expression.Call(Expression.Property(null, Utf8), Utf8Bytes, expression));

    protected override string GenerateNonNullSqlLiteral(object value) => $"'{((string)value).Replace("'", "''", StringComparison.Ordinal)}'";

    protected override RelationalTypeMapping Clone(RelationalTypeMappingParameters parameters) => new SharpCoreDBJsonTypeMapping(parameters);
}
