// ToString() on a column in LINQ: integers as CAST(x AS TEXT) (the same digits .NET
// writes), booleans as 'True'/'False', strings as themselves; a NULL becomes the empty
// string, as with the SQLite provider. Other types are left to .NET in projections,
// because their text differs (a DECIMAL keeps no trailing zeros, a DATETIME is ISO text).
using System.Reflection;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Query.SqlExpressions;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBToStringTranslator(ISqlExpressionFactory sql) : SharpCoreDBMethodTranslator(sql)
{
    private static readonly HashSet<Type> Integers =
        [typeof(int), typeof(long), typeof(short), typeof(byte), typeof(sbyte), typeof(uint), typeof(ushort)];

    protected override SqlExpression? Translate(SqlExpression? instance, MethodInfo method, IReadOnlyList<SqlExpression> arguments)
    {
        if (instance is null || method.Name != nameof(ToString) || arguments.Count != 0)
        {
            return null;
        }

        if (instance.Type == typeof(string))
        {
            return instance;
        }

        if (instance.Type == typeof(bool))
        {
            return Sql.Case(
                instance,
                [new CaseWhenClause(Sql.Constant(false), Sql.Constant(bool.FalseString)), new CaseWhenClause(Sql.Constant(true), Sql.Constant(bool.TrueString))],
                Sql.Constant(string.Empty));
        }

        return Integers.Contains(instance.Type) && instance.TypeMapping?.Converter is null
            ? Sql.Coalesce(Sql.Convert(instance, typeof(string)), Sql.Constant(string.Empty))
            : null;
    }
}
