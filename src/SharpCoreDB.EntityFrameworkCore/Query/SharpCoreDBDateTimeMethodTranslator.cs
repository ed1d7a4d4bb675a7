// DateTime.AddYears/AddMonths/AddDays/AddHours/AddMinutes/AddSeconds/AddMilliseconds/AddTicks
// and DateOnly.AddYears/AddMonths/AddDays in LINQ: the engine's date functions with a
// '+N unit' modifier (SQLite's), cast back to a DATETIME value so that the result compares
// and sorts as a time. As with the SQLite provider, the arithmetic keeps milliseconds (the
// %f of strftime) and months and years keep the day of the month, normalising past the
// month's end (January 31 + 1 month is March 2 in a leap year), which is SQLite's rule,
// not .NET's.
using System.Reflection;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBDateTimeMethodTranslator(ISqlExpressionFactory sql, IRelationalTypeMappingSource typeMappings)
    : SharpCoreDBMethodTranslator(sql, typeof(DateTime), typeof(DateOnly))
{
    // The unit each method adds, and the factor a value of its argument is multiplied by to count that unit.
    private static readonly Dictionary<string, (string Unit, double? Scale)> Units = new()
    {
        [nameof(DateTime.AddYears)] = (" years", null),
        [nameof(DateTime.AddMonths)] = (" months", null),
        [nameof(DateTime.AddDays)] = (" days", null),
        [nameof(DateTime.AddHours)] = (" hours", null),
        [nameof(DateTime.AddMinutes)] = (" minutes", null),
        [nameof(DateTime.AddSeconds)] = (" seconds", null),
        [nameof(DateTime.AddMilliseconds)] = (" seconds", 1.0 / 1000),
        [nameof(DateTime.AddTicks)] = (" seconds", 1.0 / TimeSpan.TicksPerSecond),
    };

    protected override SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments)
    {
        if (instance is null || arguments.Count != 1 || !Units.TryGetValue(method.Name, out (string Unit, double? Scale) unit))
        {
            return null;
        }

        SqlExpression amount = unit.Scale is { } scale ? Sql.Multiply(arguments[0], Sql.Constant(scale)) : arguments[0];
        SqlExpression modifier = Sql.Add(Sql.Convert(amount, typeof(string)), Sql.Constant(unit.Unit));
        SqlExpression text = method.DeclaringType == typeof(DateOnly)
            ? Sql.StrictFunction("date", [instance, modifier], typeof(string))
            : Sql.Function("strftime", [Sql.Constant("%Y-%m-%d %H:%M:%f"), instance, modifier], nullable: true,
                argumentsPropagateNullability: [false, true, true], typeof(string));
        return Sql.Convert(text, method.ReturnType, typeMappings.FindMapping(method.ReturnType));
    }
}
