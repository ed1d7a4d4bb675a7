// Short constructors for expected ASTs in tests. Positions are left at their
// default: node equality ignores them (positions have their own tests).
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Tests;

internal static class Ast
{
    public static ColumnReference Col(string name, string? table = null) => new(table, name);

    public static IntegerLiteral Int(long value) => new(value);

    public static StringLiteral Str(string value) => new(value);

    public static BinaryExpression Bin(BinaryOperator op, Expression left, Expression right) => new(op, left, right);

    public static TableReference Table(string name, string? alias = null) => new(new QualifiedName(name), alias);

    public static ExpressionColumn Column(Expression expression, string? alias = null) => new(expression, alias);

    public static SelectCore Core(SqlList<ResultColumn> columns, TableSource? from = null, Expression? where = null) =>
        new(false, columns, from, where, [], null);

    public static SelectStatement Query(SelectBody body) => new(body, [], [], null);

    public static TypeName Type(string text, SqlTypeAffinity affinity, params long[] arguments) =>
        new(text, affinity, SqlList.Create<long>(arguments));

    public static T One<T>(string sql)
        where T : Statement => Assert.IsAssignableFrom<T>(SqlParser.ParseStatement(sql));
}
