// The rule SQLite puts on application functions in what a schema stores and computes
// from one row (index keys, partial-index WHEREs, generated columns): only a function
// registered as deterministic may appear there, since an index built yesterday must
// agree with a row written today. The schema's own checks (Catalog/RowExpressionRules)
// know only the built-in functions; the application's are the session's, so they are
// checked here, where such an expression is compiled with them: at CREATE INDEX and
// REINDEX, and by every statement that writes the table.
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Planning;

/// <summary>Refuses non-deterministic application functions in row expressions a schema stores.</summary>
internal static class ApplicationFunctionRules
{
    /// <summary>Throws SQLite's error when <paramref name="expression"/> calls an application function not registered as deterministic.</summary>
    public static void RequireDeterministic(Expression expression, UserFunctions functions, string place)
    {
        if (expression is FunctionCallExpression call && functions.TryGet(call.Name, call.Arguments.Count, out ScalarFunctionInfo function)
            && !function.IsDeterministic)
        {
            throw new SharpCoreDBException(
                SharpCoreDBErrorCode.SemanticError,
                $"non-deterministic functions prohibited in {place}: register {call.Name}() with isDeterministic: true to use it there");
        }

        foreach (Expression child in ExpressionWalker.Children(expression))
        {
            RequireDeterministic(child, functions, place);
        }
    }
}
