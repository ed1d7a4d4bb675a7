// What one DML plan checks for one foreign key, from either end. A ChildKeyCheck
// is a key the written table declares (its rows need a parent); a ParentKeyCheck
// is a key another table (or this one) declares against the written table (its
// rows are parents). Each carries the compiled statements it runs and the column
// ordinals it reads from a row; ForeignKeyWork runs them in SQLite's order.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.BTree;

namespace SharpCoreDB.Execution.ForeignKeys;

/// <summary>A key of the written table: each written row must find its parent.</summary>
internal sealed class ChildKeyCheck
{
    public required ForeignKeySchema Key { get; init; }

    /// <summary>The child key's columns in the written table.</summary>
    public required int[] Columns { get; init; }

    /// <summary>SELECT 1 FROM parent WHERE key = (?1, ..) [AND rowid IS NOT ?n+1] LIMIT 1.</summary>
    public required KeyQuery ParentExists { get; init; }

    /// <summary>
    /// When the parent key is the parent's INTEGER PRIMARY KEY, its table's root page: the lookup is then a
    /// B+tree probe of the child value made an integer (SQLite's MustBeInt + NotExists) rather than a query,
    /// the common case of every INSERT into a child table.
    /// </summary>
    public uint? ParentRowIdRoot { get; init; }

    /// <summary>The parent table's tree for <see cref="ParentRowIdRoot"/>, bound to the running transaction.</summary>
    public TableTree? ParentTree { get; set; }

    /// <summary>
    /// For a key of the table on itself: the parent key's columns in the same row
    /// (<see cref="TableSchema.RowIdOrdinal"/> for the rowid), so that a row naming itself as parent is its own parent.
    /// </summary>
    public int[]? SelfParentColumns { get; init; }

    /// <summary>The parent key columns' affinities and collations, for that comparison.</summary>
    public SqlTypeAffinity[] ParentAffinities { get; init; } = [];

    public TextCollation[] ParentCollations { get; init; } = [];

    /// <summary>False for an UPDATE that assigns none of the key's columns (and is not on a self-referencing table).</summary>
    public bool Affected { get; init; } = true;
}

/// <summary>A key that names the written table as parent: its children follow each change of a parent row.</summary>
internal sealed class ParentKeyCheck
{
    private KeyAction? _onDelete;
    private KeyAction? _onUpdate;

    public required ForeignKeySchema Key { get; init; }

    /// <summary>The parent key's columns in the written table, paired with the key's child columns.</summary>
    public required int[] Columns { get; init; }

    public required SqlTypeAffinity[] Affinities { get; init; }

    public required TextCollation[] Collations { get; init; }

    /// <summary>SELECT 1 FROM child WHERE child key = (?1, ..) [AND rowid IS NOT ?n+1].</summary>
    public required KeyQuery Children { get; init; }

    /// <summary>ON DELETE as a statement (CASCADE, SET NULL, SET DEFAULT), or null; also for rows OR REPLACE deletes.</summary>
    public Func<KeyAction>? OnDeleteFactory { get; init; }

    /// <summary>ON UPDATE as a statement, or null.</summary>
    public Func<KeyAction>? OnUpdateFactory { get; init; }

    /// <summary>False for an UPDATE that assigns none of the parent key's columns.</summary>
    public bool Affected { get; init; } = true;

    /// <summary>Children found by the last check before a change; the action runs only when there were some.</summary>
    public long Pending { get; set; }

    /// <summary>The action of a delete (<paramref name="update"/> false) or an update, compiled on first use.</summary>
    public KeyAction? Action(bool update) => update
        ? OnUpdateFactory is null ? null : _onUpdate ??= OnUpdateFactory()
        : OnDeleteFactory is null ? null : _onDelete ??= OnDeleteFactory();
}
