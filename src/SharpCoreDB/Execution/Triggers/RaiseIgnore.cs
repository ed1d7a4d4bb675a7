// RAISE(IGNORE): not an error but a jump. It unwinds the trigger program that
// raised it (and any statement of that program still running) up to the trigger
// firing site, which then skips the row that fired the trigger.

namespace SharpCoreDB.Execution.Triggers;

/// <summary>Thrown by RAISE(IGNORE); caught by the trigger program that runs it.</summary>
internal sealed class RaiseIgnore : Exception
{
    public RaiseIgnore()
        : base("RAISE(IGNORE) outside a trigger program")
    {
    }
}
