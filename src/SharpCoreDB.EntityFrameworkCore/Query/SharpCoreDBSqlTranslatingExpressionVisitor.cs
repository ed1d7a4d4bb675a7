// The translation of LINQ expressions that are not method calls or members: the length
// of a byte[] (an ArrayLength node) becomes length(x), the byte count of a BLOB, so that
// it can filter and sort as with the SQLite provider; everything else is the relational
// layer's.
using System.Linq.Expressions;
using Microsoft.EntityFrameworkCore.Query;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBSqlTranslatingExpressionVisitor(
    RelationalSqlTranslatingExpressionVisitorDependencies dependencies,
    QueryCompilationContext queryCompilationContext,
    QueryableMethodTranslatingExpressionVisitor queryableMethodTranslatingExpressionVisitor)
    : RelationalSqlTranslatingExpressionVisitor(dependencies, queryCompilationContext, queryableMethodTranslatingExpressionVisitor)
{
    protected override Expression VisitUnary(UnaryExpression unaryExpression)
    {
        if (unaryExpression.NodeType == ExpressionType.ArrayLength && unaryExpression.Operand.Type == typeof(byte[])
            && Visit(unaryExpression.Operand) is Microsoft.EntityFrameworkCore.Query.SqlExpressions.SqlExpression bytes)
        {
            return Dependencies.SqlExpressionFactory.StrictFunction("length", [bytes], typeof(int));
        }

        return base.VisitUnary(unaryExpression);
    }
}

internal sealed class SharpCoreDBSqlTranslatingExpressionVisitorFactory(RelationalSqlTranslatingExpressionVisitorDependencies dependencies)
    : IRelationalSqlTranslatingExpressionVisitorFactory
{
    public RelationalSqlTranslatingExpressionVisitor Create(
        QueryCompilationContext queryCompilationContext, QueryableMethodTranslatingExpressionVisitor queryableMethodTranslatingExpressionVisitor) =>
        new SharpCoreDBSqlTranslatingExpressionVisitor(dependencies, queryCompilationContext, queryableMethodTranslatingExpressionVisitor);
}
