// Triggers per connection: the state their programs run with (which are running,
// whether they may recurse) and PRAGMA recursive_triggers, which, as in SQLite,
// belongs to the connection and starts off.
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    /// <summary>The connection's trigger state.</summary>
    public TriggerState Triggers { get; } = new();

    private static bool IsRecursiveTriggers(PragmaStatement pragma) =>
        pragma.Name.Name.Equals("recursive_triggers", StringComparison.OrdinalIgnoreCase);

    private List<DbValue[]> RecursiveTriggers(PragmaStatement pragma)
    {
        if (pragma.Value is null)
        {
            return [[DbValue.FromInt64(Triggers.Recursive ? 1 : 0)]];
        }

        Triggers.Recursive = PragmaRunner.Flag(pragma.Value);
        return [];
    }
}
