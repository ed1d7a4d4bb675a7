// The rules SQLite puts on the expressions a schema stores and computes from one row
// alone: generated columns, index keys and partial-index WHERE clauses. Such an
// expression reads only the row's own columns and gives the same value every time
// (an index built yesterday must agree with a row written today), so it holds no
// subquery, parameter, aggregate or non-deterministic function. Each place has its
// own words in SQLite's messages ("prohibited in index expressions"), kept here.
namespace SharpCoreDB.Catalog;

/// <summary>Checks an expression stored in the schema and evaluated over one row.</summary>
internal static class RowExpressionRules
{
    private static readonly HashSet<string> NonDeterministic = new(StringComparer.OrdinalIgnoreCase)
    {
        "random", "randomblob", "changes", "total_changes", "last_insert_rowid",
    };

    private static readonly HashSet<string> Aggregates = new(StringComparer.OrdinalIgnoreCase)
    {
        "count", "sum", "total", "avg", "group_concat", "string_agg",
    };

    /// <summary>
    /// Throws SQLite's error when <paramref name="expression"/> breaks a rule; <paramref name="place"/> names where it
    /// stands ("generated columns", "index expressions", "partial index WHERE clauses"). <paramref name="column"/> answers
    /// for each column reference: null when it names a column of the row, else the error for it.
    /// </summary>
    public static void Check(Expression expression, string place, Func<ColumnReference, string?> column)
    {
        switch (expression)
        {
            case SubqueryExpression or ExistsExpression or InExpression { Subquery: not null }:
                throw Error($"subqueries prohibited in {place}");
            case ParameterExpression:
                throw Error($"parameters prohibited in {place}");
            case CurrentTimeLiteral:
                throw Error($"non-deterministic functions prohibited in {place}");
            case ColumnReference reference when column(reference) is { } message:
                throw Error(message);
            case FunctionCallExpression call when NonDeterministic.Contains(call.Name):
                throw Error($"non-deterministic functions prohibited in {place}");
            case FunctionCallExpression call when call.Over is not null || Aggregates.Contains(call.Name)
                || (call.Arguments.Count == 1 && call.Name.ToLowerInvariant() is "min" or "max"):
                throw Error($"misuse of aggregate function {call.Name}()");
        }

        foreach (Expression child in ExpressionWalker.Children(expression))
        {
            Check(child, place, column);
        }
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
