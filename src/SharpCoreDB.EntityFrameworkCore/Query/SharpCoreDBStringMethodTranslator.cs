// String methods in LINQ, translated to the engine's string functions (SQLite's):
// IndexOf → instr - 1, Substring → substr (1-based), Trim family, ToUpper/ToLower,
// Replace, Contains → instr > 0, StartsWith/EndsWith → LIKE with the pattern's own % _ \
// escaped (so, as with the SQLite provider, ASCII letters match without regard to case),
// IsNullOrEmpty / IsNullOrWhiteSpace.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBStringMethodTranslator(ISqlExpressionFactory sql) : IMethodCallTranslator
{
    private const string LikeEscape = "\\";

    public SqlExpression? Translate(
        SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments, IDiagnosticsLogger<DbLoggerCategory.Query> logger)
    {
        if (method.DeclaringType != typeof(string))
        {
            return null;
        }

        if (instance is null)
        {
            return method.Name switch
            {
                nameof(string.IsNullOrEmpty) when arguments is [var text] =>
                    sql.OrElse(sql.IsNull(text), sql.Equal(text, sql.Constant(""))),
                nameof(string.IsNullOrWhiteSpace) when arguments is [var text] =>
                    sql.OrElse(sql.IsNull(text), sql.Equal(Function("trim", text), sql.Constant(""))),
                _ => null,
            };
        }

        bool stringArguments = method.GetParameters().All(p => p.ParameterType == typeof(string));
        return method.Name switch
        {
            nameof(string.ToUpper) when arguments is [] => Function("upper", instance),
            nameof(string.ToLower) when arguments is [] => Function("lower", instance),
            nameof(string.Trim) when arguments is [] => Function("trim", instance),
            nameof(string.TrimStart) when arguments is [] => Function("ltrim", instance),
            nameof(string.TrimEnd) when arguments is [] => Function("rtrim", instance),
            nameof(string.Replace) when arguments is [var from, var to] && stringArguments => Function("replace", instance, from, to),
            nameof(string.Substring) when arguments is [var start] =>
                Function("substr", instance, sql.Add(start, sql.Constant(1))),
            nameof(string.Substring) when arguments is [var start, var length] =>
                Function("substr", instance, sql.Add(start, sql.Constant(1)), length),
            nameof(string.IndexOf) when arguments is [var part] && stringArguments =>
                sql.Subtract(Function("instr", instance, part, typeof(int)), sql.Constant(1)),
            nameof(string.Contains) when arguments is [var part] && stringArguments =>
                sql.GreaterThan(Function("instr", instance, part, typeof(int)), sql.Constant(0)),
            nameof(string.StartsWith) when arguments is [var prefix] && stringArguments => Like(instance, prefix, startsWith: true),
            nameof(string.EndsWith) when arguments is [var suffix] && stringArguments => Like(instance, suffix, startsWith: false),
            _ => null,
        };
    }

    // instance LIKE escape(pattern) || '%' ESCAPE '\' (or '%' || ... for EndsWith); a constant pattern is escaped here.
    private SqlExpression Like(SqlExpression instance, SqlExpression pattern, bool startsWith)
    {
        SqlExpression escaped = pattern is SqlConstantExpression { Value: string text }
            ? sql.Constant(Escape(text))
            : Function("replace", Function("replace", Function("replace", pattern, sql.Constant(LikeEscape), sql.Constant(LikeEscape + LikeEscape)),
                sql.Constant("%"), sql.Constant(LikeEscape + "%")), sql.Constant("_"), sql.Constant(LikeEscape + "_"));
        SqlExpression likePattern = startsWith ? sql.Add(escaped, sql.Constant("%")) : sql.Add(sql.Constant("%"), escaped);
        return sql.Like(instance, likePattern, sql.Constant(LikeEscape));
    }

    private static string Escape(string text) =>
        text.Replace(LikeEscape, LikeEscape + LikeEscape, StringComparison.Ordinal)
            .Replace("%", LikeEscape + "%", StringComparison.Ordinal)
            .Replace("_", LikeEscape + "_", StringComparison.Ordinal);

    private SqlExpression Function(string name, SqlExpression argument) =>
        sql.Function(name, [argument], nullable: true, argumentsPropagateNullability: [true], typeof(string), argument.TypeMapping);

    private SqlExpression Function(string name, SqlExpression first, SqlExpression second, Type returnType) =>
        sql.Function(name, [first, second], nullable: true, argumentsPropagateNullability: [true, true], returnType);

    private SqlExpression Function(string name, SqlExpression first, SqlExpression second) =>
        sql.Function(name, [first, second], nullable: true, argumentsPropagateNullability: [true, true], typeof(string), first.TypeMapping);

    private SqlExpression Function(string name, SqlExpression first, SqlExpression second, SqlExpression third) =>
        sql.Function(name, [first, second, third], nullable: true, argumentsPropagateNullability: [true, true, true], typeof(string), first.TypeMapping);
}
