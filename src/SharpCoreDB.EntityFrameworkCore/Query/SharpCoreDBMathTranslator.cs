// Math and MathF methods in LINQ, translated to the engine's math functions (SQLite's
// names and NULL and domain-error rules: sqrt(-1) is NULL, as the SQLite provider gives).
using System.Reflection;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBMathTranslator(ISqlExpressionFactory sql) : SharpCoreDBMethodTranslator(sql, typeof(Math), typeof(MathF))
{
    // Methods whose result has the argument's type and mapping.
    private static readonly Dictionary<string, string> SameType = new()
    {
        [nameof(Math.Abs)] = "abs",
        [nameof(Math.Floor)] = "floor",
        [nameof(Math.Ceiling)] = "ceiling",
        [nameof(Math.Truncate)] = "trunc",
        [nameof(Math.Max)] = "max",
        [nameof(Math.Min)] = "min",
        [nameof(Math.Round)] = "round",
    };

    // Methods that compute in floating point.
    private static readonly Dictionary<string, string> Real = new()
    {
        [nameof(Math.Sqrt)] = "sqrt",
        [nameof(Math.Pow)] = "pow",
        [nameof(Math.Exp)] = "exp",
        [nameof(Math.Log10)] = "log10",
        [nameof(Math.Log2)] = "log2",
        [nameof(Math.Sin)] = "sin",
        [nameof(Math.Cos)] = "cos",
        [nameof(Math.Tan)] = "tan",
        [nameof(Math.Asin)] = "asin",
        [nameof(Math.Acos)] = "acos",
        [nameof(Math.Atan)] = "atan",
        [nameof(Math.Atan2)] = "atan2",
    };

    protected override SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments)
    {
        // Math.Round(x, MidpointRounding) and friends round differently from SQL's round: left untranslated.
        if (method.GetParameters().Any(p => p.ParameterType == typeof(MidpointRounding)))
        {
            return null;
        }

        // Math.Round of a decimal rounds half to even; SQL's round rounds half away from zero. Left to .NET (in a
        // projection), as with the SQLite provider; a double keeps SQL's round, as the SQLite provider translates it.
        if (method.Name == nameof(Math.Round) && arguments[0].Type == typeof(decimal))
        {
            return null;
        }

        if (method.Name == nameof(Math.Log) && arguments.Count == 1)
        {
            return Sql.StrictFunction("ln", arguments, method.ReturnType);
        }

        if (method.Name == nameof(Math.Sign))
        {
            return Sql.StrictFunction("sign", arguments, typeof(int));
        }

        if (SameType.TryGetValue(method.Name, out string? sameType))
        {
            return Sql.StrictFunction(sameType, arguments, method.ReturnType, arguments[0].TypeMapping);
        }

        return Real.TryGetValue(method.Name, out string? real) ? Sql.StrictFunction(real, arguments, method.ReturnType) : null;
    }
}
