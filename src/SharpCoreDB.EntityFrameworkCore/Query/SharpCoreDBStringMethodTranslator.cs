// String methods in LINQ, translated to the engine's string functions (SQLite's):
// IndexOf → instr - 1, Substring → substr (1-based), Trim family, ToUpper/ToLower,
// Replace, Contains → instr > 0, StartsWith/EndsWith → LIKE with the pattern's own % _ \
// escaped (so, as with the SQLite provider, ASCII letters match without regard to case),
// IsNullOrEmpty / IsNullOrWhiteSpace.
using System.Reflection;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBStringMethodTranslator(ISqlExpressionFactory sql) : SharpCoreDBMethodTranslator(sql, typeof(string))
{
    private const string LikeEscape = "\\";

    protected override SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments)
    {
        if (instance is null)
        {
            return method.Name switch
            {
                nameof(string.IsNullOrEmpty) when arguments is [var text] =>
                    Sql.OrElse(Sql.IsNull(text), Sql.Equal(text, Sql.Constant(""))),
                nameof(string.IsNullOrWhiteSpace) when arguments is [var text] =>
                    Sql.OrElse(Sql.IsNull(text), Sql.Equal(Text("trim", text), Sql.Constant(""))),
                _ => null,
            };
        }

        bool stringArguments = method.GetParameters().All(p => p.ParameterType == typeof(string));
        return method.Name switch
        {
            nameof(string.ToUpper) when arguments is [] => Text("upper", instance),
            nameof(string.ToLower) when arguments is [] => Text("lower", instance),
            nameof(string.Trim) when arguments is [] => Text("trim", instance),
            nameof(string.TrimStart) when arguments is [] => Text("ltrim", instance),
            nameof(string.TrimEnd) when arguments is [] => Text("rtrim", instance),
            nameof(string.Replace) when arguments is [var from, var to] && stringArguments => Text("replace", instance, from, to),
            nameof(string.Substring) when arguments is [var start] =>
                Text("substr", instance, Sql.Add(start, Sql.Constant(1))),
            nameof(string.Substring) when arguments is [var start, var length] =>
                Text("substr", instance, Sql.Add(start, Sql.Constant(1)), length),
            nameof(string.IndexOf) when arguments is [var part] && stringArguments =>
                Sql.Subtract(Sql.StrictFunction("instr", [instance, part], typeof(int)), Sql.Constant(1)),
            nameof(string.Contains) when arguments is [var part] && stringArguments =>
                Sql.GreaterThan(Sql.StrictFunction("instr", [instance, part], typeof(int)), Sql.Constant(0)),
            nameof(string.StartsWith) when arguments is [var prefix] && stringArguments => Like(instance, prefix, startsWith: true),
            nameof(string.EndsWith) when arguments is [var suffix] && stringArguments => Like(instance, suffix, startsWith: false),
            _ => null,
        };
    }

    // instance LIKE escape(pattern) || '%' ESCAPE '\' (or '%' || ... for EndsWith); a constant pattern is escaped here.
    private SqlExpression Like(SqlExpression instance, SqlExpression pattern, bool startsWith)
    {
        SqlExpression escaped = pattern is SqlConstantExpression { Value: string text }
            ? Sql.Constant(Escape(text))
            : Text("replace", Text("replace", Text("replace", pattern, Sql.Constant(LikeEscape), Sql.Constant(LikeEscape + LikeEscape)),
                Sql.Constant("%"), Sql.Constant(LikeEscape + "%")), Sql.Constant("_"), Sql.Constant(LikeEscape + "_"));
        SqlExpression likePattern = startsWith ? Sql.Add(escaped, Sql.Constant("%")) : Sql.Add(Sql.Constant("%"), escaped);
        return Sql.Like(instance, likePattern, Sql.Constant(LikeEscape));
    }

    private static string Escape(string text) =>
        text.Replace(LikeEscape, LikeEscape + LikeEscape, StringComparison.Ordinal)
            .Replace("%", LikeEscape + "%", StringComparison.Ordinal)
            .Replace("_", LikeEscape + "_", StringComparison.Ordinal);

    // A string function whose result has the first argument's type mapping (its collation, its size).
    private SqlExpression Text(string name, params SqlExpression[] arguments) =>
        Sql.StrictFunction(name, arguments, typeof(string), arguments[0].TypeMapping);
}
