// One compiled ON CONFLICT .. DO clause of an INSERT: which uniqueness constraint it
// answers for (the rowid, one unique index, or any), and, for DO UPDATE, the SET
// expressions and WHERE over a frame holding the existing row then the proposed one
// ("excluded"), each followed by its rowid. DO NOTHING has no expressions.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Execution;

/// <summary>An UPSERT clause, ready to run.</summary>
internal sealed class UpsertAction
{
    /// <summary>No conflict target: the clause answers for every uniqueness constraint.</summary>
    public bool AnyConstraint { get; init; }

    /// <summary>The target is the INTEGER PRIMARY KEY (the rowid).</summary>
    public bool RowIdTarget { get; init; }

    /// <summary>The target's PRIMARY KEY or UNIQUE index, or null.</summary>
    public IndexSchema? IndexTarget { get; init; }

    /// <summary>DO NOTHING when there is no SET.</summary>
    public bool DoNothing => AssignValues.Length == 0;

    /// <summary>Existing row at 0..n-1 and its rowid at n; the proposed row at n+1..2n and its rowid at 2n+1.</summary>
    public Frame? Frame { get; init; }

    public int[] AssignColumns { get; init; } = [];

    public Evaluator[] AssignValues { get; init; } = [];

    public Evaluator? Where { get; init; }

    /// <summary>The foreign key work of DO UPDATE as the UPDATE of its SET columns it is (null: no key names the table).</summary>
    public Func<ForeignKeys.ForeignKeyWork>? ForeignKeyFactory { get; init; }

    private ForeignKeys.ForeignKeyWork? _foreignKeys;

    /// <summary>That work, built on first need.</summary>
    public ForeignKeys.ForeignKeyWork? ForeignKeys => ForeignKeyFactory is null ? null : _foreignKeys ??= ForeignKeyFactory();

    /// <summary>The UPDATE triggers of the SET columns (null: none).</summary>
    public Func<Triggers.TriggerWork>? TriggerFactory { get; init; }

    private Triggers.TriggerWork? _triggers;

    /// <summary>Those triggers, compiled on first need.</summary>
    public Triggers.TriggerWork? Triggers => TriggerFactory is null ? null : _triggers ??= TriggerFactory();
}
