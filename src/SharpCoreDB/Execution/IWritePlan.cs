// What the session runs for INSERT, UPDATE and DELETE: a DmlPlan writing a table,
// or an InsteadOfPlan handing the rows of a view to its INSTEAD OF triggers.
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

/// <summary>An executable INSERT, UPDATE or DELETE.</summary>
internal interface IWritePlan
{
    /// <summary>The rowid of the last row inserted, or null.</summary>
    long? LastInsertRowId { get; }

    IReadOnlyList<OutputColumn> ReturningColumns { get; }

    /// <summary>Runs the statement in <paramref name="tx"/>; returns the rows it changed (RETURNING rows go to <paramref name="returned"/>).</summary>
    int Execute(WriteTransaction tx, List<DbValue[]>? returned);

    /// <summary>EXPLAIN lines: the target, how its rows are found, and the work each row brings.</summary>
    void Explain(List<string> lines);
}
