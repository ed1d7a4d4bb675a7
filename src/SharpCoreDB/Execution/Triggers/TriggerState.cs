// A connection's trigger state: PRAGMA recursive_triggers, and the triggers
// running now (innermost last). With recursive triggers off (SQLite's default) a
// trigger never fires while it is already running, so a trigger that writes its
// own table stops after one level; with them on, the nesting is bounded at
// SQLite's 1,000 levels ("too many levels of trigger recursion").
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution.Triggers;

/// <summary>The triggers a connection is running and whether they may recurse.</summary>
internal sealed class TriggerState
{
    /// <summary>SQLite's SQLITE_MAX_TRIGGER_DEPTH.</summary>
    public const int MaxDepth = 1000;

    private readonly List<string> _running = [];

    /// <summary>
    /// The connection's write counters: they travel with this state, which reaches every statement a write runs
    /// (trigger bodies and foreign key actions too), so that each adds the rows it changed.
    /// </summary>
    public ConnectionCounters Counters { get; init; } = new();

    /// <summary>PRAGMA recursive_triggers (per connection, off by default).</summary>
    public bool Recursive { get; set; }

    /// <summary>Whether <paramref name="trigger"/> may fire now (asked for every row a trigger could fire on: no allocation).</summary>
    public bool MayFire(TriggerSchema trigger)
    {
        if (Recursive)
        {
            return true;
        }

        foreach (string running in _running)
        {
            if (string.Equals(running, trigger.Name, StringComparison.OrdinalIgnoreCase))
            {
                return false;
            }
        }

        return true;
    }

    public void Enter(TriggerSchema trigger)
    {
        if (_running.Count >= MaxDepth)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "too many levels of trigger recursion");
        }

        _running.Add(trigger.Name);
    }

    public void Exit() => _running.RemoveAt(_running.Count - 1);

    /// <summary>Forgets the running triggers (a statement that failed may not have unwound them all).</summary>
    public void Reset() => _running.Clear();
}
