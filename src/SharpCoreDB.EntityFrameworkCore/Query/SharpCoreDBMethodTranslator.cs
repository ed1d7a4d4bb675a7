// What the provider's method and member translators share. A method translator answers
// only for the methods of the types it names (any method when it names none) and never
// uses EF Core's diagnostics logger, so this base does the dispatch and hands the
// translator just the call. StrictFunction is the shape of almost every engine function
// a translation writes: NULL when any argument is NULL (as SQLite's scalar functions,
// and so the engine's, behave), which EF Core's null semantics must be told
// argument by argument.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

/// <summary>A method translator for the methods of <paramref name="declaringTypes"/> (of any type when empty).</summary>
internal abstract class SharpCoreDBMethodTranslator(ISqlExpressionFactory sql, params Type[] declaringTypes) : IMethodCallTranslator
{
    protected ISqlExpressionFactory Sql { get; } = sql;

    public SqlExpression? Translate(
        SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments, IDiagnosticsLogger<DbLoggerCategory.Query> logger) =>
        declaringTypes.Length == 0 || declaringTypes.Any(type => type == method.DeclaringType) ? Translate(instance, method, arguments) : null;

    /// <summary>The translation of a call of one of the declaring types' methods; null to leave it to others (or to .NET).</summary>
    protected abstract SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments);
}

internal static class SharpCoreDBSqlExpressions
{
    /// <summary>A call of the engine function <paramref name="name"/> that is NULL when any of its arguments is.</summary>
    public static SqlExpression StrictFunction(
        this ISqlExpressionFactory sql, string name, IReadOnlyList<SqlExpression> arguments, Type returnType, RelationalTypeMapping? typeMapping = null) =>
        sql.Function(name, arguments, nullable: true, argumentsPropagateNullability: [.. arguments.Select(_ => true)], returnType, typeMapping);
}
