// Members in LINQ: string.Length → length(), the parts of a DateTime or DateOnly read
// with strftime, DateTime.Date, Now, UtcNow and Today as DATETIME values (a date
// function's TEXT result cast, so it compares with DATETIME columns as a time).
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBMemberTranslatorProvider : RelationalMemberTranslatorProvider
{
    public SharpCoreDBMemberTranslatorProvider(RelationalMemberTranslatorProviderDependencies dependencies, IRelationalTypeMappingSource typeMappings)
        : base(dependencies) =>
        AddTranslators([new MemberTranslator(dependencies.SqlExpressionFactory, typeMappings)]);

    private sealed class MemberTranslator(ISqlExpressionFactory sql, IRelationalTypeMappingSource typeMappings) : IMemberTranslator
    {
        private static readonly Dictionary<string, string> Parts = new()
        {
            [nameof(DateTime.Year)] = "%Y",
            [nameof(DateTime.Month)] = "%m",
            [nameof(DateTime.Day)] = "%d",
            [nameof(DateTime.Hour)] = "%H",
            [nameof(DateTime.Minute)] = "%M",
            [nameof(DateTime.Second)] = "%S",
            [nameof(DateTime.DayOfYear)] = "%j",
            [nameof(DateTime.DayOfWeek)] = "%w",
        };

        public SqlExpression? Translate(
            SqlExpression? instance, MemberInfo member, Type returnType, IDiagnosticsLogger<DbLoggerCategory.Query> logger)
        {
            Type? declaringType = member.DeclaringType;
            if (declaringType == typeof(string) && member.Name == nameof(string.Length) && instance is not null)
            {
                return sql.StrictFunction("length", [instance], typeof(int));
            }

            if (declaringType != typeof(DateTime) && declaringType != typeof(DateOnly))
            {
                return null;
            }

            if (instance is not null && Parts.TryGetValue(member.Name, out string? format))
            {
                SqlExpression text = sql.Function(
                    "strftime", [sql.Constant(format), instance], nullable: true, argumentsPropagateNullability: [false, true], typeof(string));
                return sql.Convert(text, returnType);
            }

            return (instance, member.Name) switch
            {
                (not null, nameof(DateTime.Date)) => AsDateTime(sql.StrictFunction("date", [instance], typeof(string))),
                (null, nameof(DateTime.Now)) => AsDateTime(Now("localtime")),
                (null, nameof(DateTime.UtcNow)) => AsDateTime(Now(null)),
                (null, nameof(DateTime.Today)) => AsDateTime(sql.Function(
                    "date", [sql.Constant("now"), sql.Constant("localtime")], nullable: false, argumentsPropagateNullability: [false, false], typeof(string))),
                _ => null,
            };
        }

        private SqlExpression Now(string? modifier) => modifier is null
            ? sql.Function("datetime", [sql.Constant("now")], nullable: false, argumentsPropagateNullability: [false], typeof(string))
            : sql.Function("datetime", [sql.Constant("now"), sql.Constant(modifier)], nullable: false, argumentsPropagateNullability: [false, false], typeof(string));

        private SqlExpression AsDateTime(SqlExpression text) =>
            sql.Convert(text, typeof(DateTime), typeMappings.FindMapping(typeof(DateTime)));
    }
}
