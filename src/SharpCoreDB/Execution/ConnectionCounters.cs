// What a connection counts of its writes, for last_insert_rowid(), changes() and
// total_changes(), with SQLite's meanings: the rowid of the last row an INSERT wrote
// and the rows the last INSERT, UPDATE or DELETE changed (inside a trigger body, its own
// statements'; the firing statement's again once it ends), and the rows every such
// statement changed since the connection opened, those run by triggers and foreign key
// actions included (each DmlPlan records itself when it completes, at any depth).
namespace SharpCoreDB.Execution;

/// <summary>A connection's write counters.</summary>
internal sealed class ConnectionCounters
{
    public long LastInsertRowId { get; set; }

    public long Changes { get; set; }

    public long TotalChanges { get; private set; }

    /// <summary>
    /// Records a completed INSERT, UPDATE or DELETE (at any depth): its rows count towards <see cref="TotalChanges"/> and
    /// are <see cref="Changes"/>; an INSERT's last rowid is <see cref="LastInsertRowId"/>. A trigger body or key action
    /// sees its own statements' figures, and the firing statement's are put back after it (<see cref="Save"/>).
    /// </summary>
    public void Completed(int rows, long? insertedRowId)
    {
        TotalChanges += rows;
        Changes = rows;
        if (insertedRowId is long rowId)
        {
            LastInsertRowId = rowId;
        }
    }

    /// <summary>What a trigger program or key action puts back when it ends, as SQLite does.</summary>
    public (long LastInsertRowId, long Changes) Save() => (LastInsertRowId, Changes);

    public void Restore((long LastInsertRowId, long Changes) saved) => (LastInsertRowId, Changes) = saved;
}

/// <summary>Which counter a call reads.</summary>
internal enum ConnectionCounter
{
    LastInsertRowId,
    Changes,
    TotalChanges,
}
