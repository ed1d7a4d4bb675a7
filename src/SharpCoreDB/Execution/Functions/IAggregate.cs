// An aggregate function's running state for one group. The executor creates
// one per group (FunctionRegistry.TryCreateAggregate), feeds every row's
// arguments to Step and reads Finish at the end of the group; Reset lets a
// streaming GROUP BY reuse the instance for the next group.

namespace SharpCoreDB.Execution.Functions;

/// <summary>The state of an aggregate function over one group.</summary>
internal interface IAggregate
{
    /// <summary>Adds one row's argument values (none for COUNT(*)).</summary>
    void Step(ReadOnlySpan<DbValue> args);

    /// <summary>The aggregate's value for the rows stepped so far.</summary>
    DbValue Finish();

    /// <summary>Forgets every row stepped, as if newly created.</summary>
    void Reset();
}
