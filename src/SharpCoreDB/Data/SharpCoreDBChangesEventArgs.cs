// What a DatabaseChanged event reports of one commit: each table it changed rows of,
// with the rowids (ascending, each once), and whether it changed the schema. A commit
// that changed more rows than are listed one by one (ChangeJournal.RowIdLimit) gives
// null rowids for the tables past the limit: reload those tables.
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

/// <summary>The tables and rows one commit changed.</summary>
public sealed class SharpCoreDBChangesEventArgs : EventArgs
{
    internal SharpCoreDBChangesEventArgs(CommittedChanges changes)
    {
        Tables = [.. changes.Tables.Select(static t => new SharpCoreDBTableChange(t.Table, t.RowIds))];
        SchemaChanged = changes.SchemaChanged;
    }

    /// <summary>Each table the commit inserted, updated or deleted rows of.</summary>
    public IReadOnlyList<SharpCoreDBTableChange> Tables { get; }

    /// <summary>True when the commit created, altered or dropped tables, indexes, views or triggers.</summary>
    public bool SchemaChanged { get; }
}

/// <summary>One table a commit changed.</summary>
public sealed class SharpCoreDBTableChange
{
    internal SharpCoreDBTableChange(string table, IReadOnlyList<long>? rowIds)
    {
        Table = table;
        RowIds = rowIds;
    }

    /// <summary>The table's name as declared.</summary>
    public string Table { get; }

    /// <summary>The rowids inserted, updated or deleted, ascending; null when the commit changed too many rows to list.</summary>
    public IReadOnlyList<long>? RowIds { get; }
}
