// Compiles a window function call (`f(..) [FILTER (WHERE ..)] OVER (..)`) found in a
// result column or the ORDER BY of a SELECT core: resolves a named window of the
// WINDOW clause (with SQLite's rules for extending one), checks the function and the
// frame as SQLite does, compiles the arguments, PARTITION BY and ORDER BY in the
// core's scope, and registers the call with the scope. The call itself becomes a read
// of its slot in the window frame, which WindowNode fills for each row.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Sql.Printing;

namespace SharpCoreDB.Planning;

/// <summary>Window function calls to evaluators.</summary>
internal sealed class WindowCompiler(ExpressionCompiler expressions)
{
    // The functions that exist only with OVER: name to (kind, fewest and most arguments).
    private static readonly Dictionary<string, (WindowFunctionKind Kind, int Min, int Max)> WindowOnly = new(StringComparer.OrdinalIgnoreCase)
    {
        ["row_number"] = (WindowFunctionKind.RowNumber, 0, 0),
        ["rank"] = (WindowFunctionKind.Rank, 0, 0),
        ["dense_rank"] = (WindowFunctionKind.DenseRank, 0, 0),
        ["percent_rank"] = (WindowFunctionKind.PercentRank, 0, 0),
        ["cume_dist"] = (WindowFunctionKind.CumeDist, 0, 0),
        ["ntile"] = (WindowFunctionKind.Ntile, 1, 1),
        ["lag"] = (WindowFunctionKind.Lag, 1, 3),
        ["lead"] = (WindowFunctionKind.Lead, 1, 3),
        ["first_value"] = (WindowFunctionKind.FirstValue, 1, 1),
        ["last_value"] = (WindowFunctionKind.LastValue, 1, 1),
        ["nth_value"] = (WindowFunctionKind.NthValue, 2, 2),
    };

    /// <summary>True for row_number, rank and the other functions that need OVER.</summary>
    public static bool IsWindowOnly(string name) => WindowOnly.ContainsKey(name);

    /// <summary>The names of the functions that exist only with OVER (for the docs' check that every function is listed).</summary>
    public static IEnumerable<string> WindowOnlyNames => WindowOnly.Keys;

    public Evaluator Compile(FunctionCallExpression call, Scope? scope)
    {
        if (scope is null || !scope.WindowsAllowed || scope.WindowFrame is null)
        {
            throw Error($"misuse of window function {call.Name}()");
        }

        for (int i = 0; i < scope.WindowCalls.Count; i++)
        {
            if (scope.WindowCalls[i].Call.Equals(call))
            {
                return new SlotEvaluator(scope.WindowFrame, i, SqlTypeAffinity.None);
            }
        }

        WindowDefinition window = Resolve(call.Over!, scope.NamedWindows, depth: 0);
        WindowFunctionKind kind = Kind(call);
        scope.WindowsAllowed = false;
        try
        {
            Evaluator[] arguments = [.. call.Arguments.Select(a => expressions.Compile(a, scope))];
            Evaluator? filter = call.Filter is null ? null : expressions.Compile(call.Filter, scope);
            Evaluator[] partition = [.. window.PartitionBy.Select(p => expressions.Compile(p, scope))];
            var partitionKeys = new SortKey[partition.Length];
            for (int i = 0; i < partitionKeys.Length; i++)
            {
                partitionKeys[i] = new SortKey(i, Descending: false, NullsFirst: true, partition[i].Collation is { IsBinary: false } c ? c : null);
            }

            var order = new Evaluator[window.OrderBy.Count];
            var orderKeys = new SortKey[order.Length];
            for (int i = 0; i < order.Length; i++)
            {
                order[i] = expressions.Compile(window.OrderBy[i].Expression, scope);
                orderKeys[i] = SelectPlanner.Key(i, window.OrderBy[i], order[i].Collation);
            }

            WindowFrameSpec frame = Frame(window, scope);
            Func<IAggregate>? create = null;
            if (kind == WindowFunctionKind.Aggregate)
            {
                string name = call.Name;
                int argc = arguments.Length;
                TextCollation collation = argc > 0 ? arguments[0].Collation ?? TextCollation.Binary : TextCollation.Binary;
                UserFunctions application = expressions.Functions;
                create = () =>
                {
                    FunctionRegistry.TryCreateAggregate(name, argc, distinct: false, collation, application, out IAggregate? aggregate);
                    return aggregate!;
                };
            }

            string identity = string.Join(", ", window.PartitionBy.Select(SqlText.Of)) + " | " + string.Join(", ", window.OrderBy.Select(
                t => SqlText.Of(t.Expression) + " " + t.Direction + " " + t.Nulls));
            var spec = new WindowFunctionSpec(call.Name, kind, arguments, filter, partition, partitionKeys, order, orderKeys, frame, create, identity);
            scope.WindowCalls.Add((call, spec));
            scope.WindowFrame.Reserve(1);
            return new SlotEvaluator(scope.WindowFrame, scope.WindowCalls.Count - 1, SqlTypeAffinity.None);
        }
        finally
        {
            scope.WindowsAllowed = true;
        }
    }

    private WindowFunctionKind Kind(FunctionCallExpression call)
    {
        int argc = call.Arguments.Count;
        if (call.OrderBy.Count > 0)
        {
            throw Error($"ORDER BY may not be used with non-aggregate {call.Name}()");
        }

        if (call.Distinct)
        {
            throw Error("DISTINCT is not supported for window functions");
        }

        if (WindowOnly.TryGetValue(call.Name, out (WindowFunctionKind Kind, int Min, int Max) known))
        {
            if (call.Filter is not null)
            {
                throw Error("FILTER clause may only be used with aggregate window functions");
            }

            return argc >= known.Min && argc <= known.Max && !call.Star ? known.Kind : throw Error($"wrong number of arguments to function {call.Name}()");
        }

        if (FunctionRegistry.IsAggregate(call.Name, argc, expressions.Functions) || (call.Star && string.Equals(call.Name, "COUNT", StringComparison.OrdinalIgnoreCase)))
        {
            return FunctionRegistry.TryCreateAggregate(call.Name, argc, distinct: false, TextCollation.Binary, expressions.Functions, out _)
                ? WindowFunctionKind.Aggregate
                : throw Error($"wrong number of arguments to function {call.Name}()");
        }

        throw Error(FunctionRegistry.Exists(call.Name) ? $"{call.Name}() may not be used as a window function" : $"no such function: {call.Name}");
    }

    // OVER name, or OVER (name ...) extending it: SQLite lets the extension add an ORDER BY the
    // named window lacks, and a frame when the named window has none, and nothing else.
    private static WindowDefinition Resolve(WindowDefinition over, SqlList<NamedWindow> named, int depth)
    {
        if (over.BaseName is null)
        {
            return over;
        }

        NamedWindow? found = null;
        foreach (NamedWindow window in named)
        {
            if (string.Equals(window.Name, over.BaseName, StringComparison.OrdinalIgnoreCase))
            {
                found = window;
            }
        }

        if (found is null || depth > named.Count)
        {
            throw Error($"no such window: {over.BaseName}");
        }

        WindowDefinition baseWindow = Resolve(found.Definition, named, depth + 1);
        bool extends = over.PartitionBy.Count > 0 || over.OrderBy.Count > 0 || over.Frame is not null;
        if (!extends)
        {
            return baseWindow;
        }

        if (over.PartitionBy.Count > 0)
        {
            throw Error($"cannot override PARTITION clause of window: {over.BaseName}");
        }

        if (over.OrderBy.Count > 0 && baseWindow.OrderBy.Count > 0)
        {
            throw Error($"cannot override ORDER BY clause of window: {over.BaseName}");
        }

        if (baseWindow.Frame is not null)
        {
            throw Error($"cannot override frame specification of window: {over.BaseName}");
        }

        return new WindowDefinition(null, baseWindow.PartitionBy, over.OrderBy.Count > 0 ? over.OrderBy : baseWindow.OrderBy, over.Frame, over.Position);
    }

    private WindowFrameSpec Frame(WindowDefinition window, Scope scope)
    {
        if (window.Frame is not { } frame)
        {
            // Without ORDER BY every row is a peer: the default frame is then the whole partition.
            return WindowFrameSpec.Default;
        }

        if (frame.Start.Kind == FrameBoundKind.UnboundedFollowing || frame.End.Kind == FrameBoundKind.UnboundedPreceding
            || frame.Start.Kind > frame.End.Kind)
        {
            throw Error("unsupported frame specification");
        }

        bool offsets = frame.Start.Offset is not null || frame.End.Offset is not null;
        if (frame.Unit == FrameUnit.Range && offsets && window.OrderBy.Count != 1)
        {
            throw Error("RANGE with offset PRECEDING/FOLLOWING requires one ORDER BY expression");
        }

        return new WindowFrameSpec(frame.Unit, Bound(frame.Start, scope), Bound(frame.End, scope), frame.Exclusion);
    }

    private WindowBound Bound(FrameBound bound, Scope scope) =>
        new(bound.Kind, bound.Offset is null ? null : expressions.Compile(bound.Offset, null));

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
