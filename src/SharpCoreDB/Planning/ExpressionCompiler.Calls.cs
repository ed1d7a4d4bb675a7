// Function calls for ExpressionCompiler: window calls go to WindowCompiler; aggregate
// calls (with DISTINCT, ORDER BY and FILTER) become reads of the aggregate frame and
// register an AggregateSpec with the scope; scalar calls become FunctionEvaluators,
// except last_insert_rowid(), changes() and total_changes(), which read the connection.
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Functions.Aggregates;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

internal sealed partial class ExpressionCompiler
{
    private WindowCompiler? _windows;

    private Evaluator CompileCall(FunctionCallExpression call, Scope? scope)
    {
        if (call.Over is not null)
        {
            _windows ??= new WindowCompiler(this);
            return _windows.Compile(call, scope);
        }

        if (WindowCompiler.IsWindowOnly(call.Name))
        {
            throw Error($"misuse of window function {call.Name}()");
        }

        if (call.OrderBy.Count > 0 && !IsAggregateCall(call))
        {
            throw Error(FunctionRegistry.Exists(call.Name) ? $"ORDER BY may not be used with non-aggregate {call.Name}()" : $"no such function: {call.Name}");
        }

        if (call.Filter is not null && !IsAggregateCall(call))
        {
            throw Error(FunctionRegistry.Exists(call.Name) ? $"FILTER may not be used with non-aggregate {call.Name}()" : $"no such function: {call.Name}");
        }

        if (IsAggregateCall(call))
        {
            if (scope is null || !scope.AggregatesAllowed || scope.AggregateFrame is null)
            {
                throw Error($"misuse of aggregate function {call.Name}()");
            }

            for (int i = 0; i < scope.Aggregates.Count; i++)
            {
                if (scope.Aggregates[i].Call.Equals(call))
                {
                    return new SlotEvaluator(scope.AggregateFrame, i, SqlTypeAffinity.None);
                }
            }

            scope.AggregatesAllowed = false;
            var arguments = new Evaluator[call.Arguments.Count + call.OrderBy.Count];
            for (int i = 0; i < call.Arguments.Count; i++)
            {
                arguments[i] = Compile(call.Arguments[i], scope);
            }

            // The ORDER BY values travel after the arguments; OrderedAggregate sorts the rows by them.
            var orderKeys = new SortKey[call.OrderBy.Count];
            for (int i = 0; i < orderKeys.Length; i++)
            {
                int slot = call.Arguments.Count + i;
                arguments[slot] = Compile(call.OrderBy[i].Expression, scope);
                orderKeys[i] = SelectPlanner.Key(slot, call.OrderBy[i], arguments[slot].Collation);
            }

            Evaluator? filter = call.Filter is null ? null : Compile(call.Filter, scope);
            scope.AggregatesAllowed = true;
            string name = call.Name;
            int argc = call.Arguments.Count;
            bool distinct = call.Distinct;
            if (distinct && argc > 1)
            {
                // SQLite's rule (and message): group_concat(DISTINCT x, ',') is refused, not run.
                throw Error("DISTINCT aggregates must have exactly one argument");
            }

            TextCollation collation = argc > 0 ? arguments[0].Collation ?? TextCollation.Binary : TextCollation.Binary;
            UserFunctions application = planning.Functions;
            if (!FunctionRegistry.TryCreateAggregate(name, argc, distinct, collation, application, out _))
            {
                throw Error($"wrong number of arguments to function {name}()");
            }

            var spec = new AggregateSpec(name, distinct, arguments, () =>
            {
                FunctionRegistry.TryCreateAggregate(name, argc, distinct, collation, application, out IAggregate? aggregate);
                return orderKeys.Length == 0 ? aggregate! : new OrderedAggregate(aggregate!, argc, orderKeys);
            })
            { Filter = filter };
            scope.Aggregates.Add((call, spec));
            scope.AggregateFrame.Reserve(1);
            return new SlotEvaluator(scope.AggregateFrame, scope.Aggregates.Count - 1, SqlTypeAffinity.None);
        }

        if (CounterOf(call.Name) is { } counter)
        {
            // Not pure functions of their arguments: they read the connection (QueryContext.Counters).
            return call.Arguments.Count == 0
                ? new ConnectionCounterEvaluator(planning.Query, counter)
                : throw Error($"wrong number of arguments to function {call.Name}()");
        }

        bool applicationFunction = planning.Functions.TryGet(call.Name, call.Arguments.Count, out ScalarFunctionInfo? function);
        if (!applicationFunction && !FunctionRegistry.TryGetScalar(call.Name, call.Arguments.Count, out function))
        {
            throw Error(FunctionRegistry.Exists(call.Name) || planning.Functions.Exists(call.Name)
                ? $"wrong number of arguments to function {call.Name}()"
                : $"no such function: {call.Name}");
        }

        // SQLite checks likelihood()'s probability as the statement is compiled, before any argument is evaluated: it must
        // be a real literal no greater than 1.0 (not an integer, a sign, an expression or a parameter).
        if (!applicationFunction && string.Equals(call.Name, "likelihood", StringComparison.OrdinalIgnoreCase)
            && call.Arguments[1] is not RealLiteral { Value: <= 1.0 })
        {
            throw Error("second argument to likelihood() must be a constant between 0.0 and 1.0");
        }

        var args = new Evaluator[call.Arguments.Count];
        for (int i = 0; i < args.Length; i++)
        {
            args[i] = Compile(call.Arguments[i], scope);
        }

        // SQLite evaluates these lazily (ConditionalFunctionEvaluators); an application's function of the name is a call.
        return applicationFunction ? new FunctionEvaluator(function!, args) { Affinity = function!.ResultAffinity }
            : call.Name.ToUpperInvariant() switch
            {
                "COALESCE" or "IFNULL" => new CoalesceEvaluator(args),
                "IIF" => new CaseEvaluator(null, [args[0]], [args[1]], args.Length > 2 ? args[2] : null),
                _ => new FunctionEvaluator(function!, args) { Affinity = function!.ResultAffinity },
            };
    }

    private static ConnectionCounter? CounterOf(string name) => name.ToLowerInvariant() switch
    {
        "last_insert_rowid" => ConnectionCounter.LastInsertRowId,
        "changes" => ConnectionCounter.Changes,
        "total_changes" => ConnectionCounter.TotalChanges,
        _ => null,
    };
}
