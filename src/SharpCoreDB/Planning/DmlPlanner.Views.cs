// Writes whose target is a view: planned into an InsteadOfPlan when the view has
// INSTEAD OF triggers for the statement's event, refused as in SQLite ("cannot
// modify v because it is a view") when it has none. PlanWrite is the entry for
// every INSERT, UPDATE and DELETE: a table target goes to the DmlPlan planners.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Planning;

internal sealed partial class DmlPlanner
{
    /// <summary>The plan of an INSERT, UPDATE or DELETE, on a table or on a view with INSTEAD OF triggers.</summary>
    public IWritePlan PlanWrite(Statement statement)
    {
        QualifiedName target = statement switch
        {
            InsertStatement insert => insert.Table,
            UpdateStatement update => update.Table,
            DeleteStatement delete => delete.Table,
            _ => throw new InvalidOperationException("Not a write: " + statement.GetType().Name),
        };
        if (planning.Catalog.FindTable(target.Name) is null && planning.Catalog.FindView(target.Name) is { } view)
        {
            return PlanViewWrite(statement, view);
        }

        return statement switch
        {
            InsertStatement insert => PlanInsert(insert),
            UpdateStatement update => PlanUpdate(update),
            _ => PlanDelete((DeleteStatement)statement),
        };
    }

    private InsteadOfPlan PlanViewWrite(Statement statement, ViewSchema view)
    {
        (TriggerEvent triggerEvent, string? alias, bool returning) = statement switch
        {
            InsertStatement insert => (TriggerEvent.Insert, insert.Alias, insert.Returning.Count > 0),
            UpdateStatement update => (TriggerEvent.Update, update.Alias, update.Returning.Count > 0),
            _ => (TriggerEvent.Delete, ((DeleteStatement)statement).Alias, ((DeleteStatement)statement).Returning.Count > 0),
        };
        if (statement is InsertStatement { Upserts.Count: > 0 })
        {
            throw Error("cannot UPSERT a view");
        }

        if (returning)
        {
            throw Error($"cannot use RETURNING on view {view.Name}");
        }

        // The view's columns as a query shows them: names and affinities of its result.
        string name = alias ?? view.Name;
        Scope scope = new(planning.TriggerRow);
        SelectPlan rows = planning.Selects.Plan(ViewRows(view, name, (statement as UpdateStatement)?.Where ?? (statement as DeleteStatement)?.Where), planning.TriggerRow);
        string[] names = view.ColumnNames.Count == rows.Columns.Count ? [.. view.ColumnNames] : [.. rows.Columns.Select(c => c.Name)];
        var shape = new TriggerRowShape(view.Name, names, [.. rows.Columns.Select(c => c.Affinity)], [.. rows.Columns.Select(c => c.Column?.Collating)], null);
        int[] assigned = statement is UpdateStatement u ? [.. u.Assignments.Select(a => ViewColumn(shape, a.Column))] : [];
        ConflictResolution conflict = planning.ConflictOverride ?? (statement as InsertStatement)?.OnConflict
            ?? (statement as UpdateStatement)?.OnConflict ?? ConflictResolution.Default;
        Func<TriggerWork> triggers = TriggerPlanner.Factory(planning, shape, triggerEvent, assigned, conflict)
            ?? throw Error($"cannot modify {view.Name} because it is a view");
        switch (statement)
        {
            case InsertStatement insert:
                int[] targets = insert.Source is DefaultValuesSource ? []
                    : insert.Columns.Count == 0 ? [.. Enumerable.Range(0, shape.Width)]
                    : [.. insert.Columns.Select(c => ViewColumn(shape, c))];
                return new InsteadOfPlan(planning.Query, view.Name, DmlKind.Insert, shape.Width,
                    InsertSource(insert, targets.Length, view.Name, shape.Width), triggers)
                { Targets = targets };
            case UpdateStatement update:
                scope.Relations.Add(new Relation
                {
                    Name = name,
                    Index = 0,
                    ColumnNames = names,
                    Affinities = shape.Affinities,
                    Collations = shape.Collations,
                    Used = new bool[shape.Width],
                    FirstSlot = scope.Frame.Reserve(shape.Width),
                });
                return new InsteadOfPlan(planning.Query, view.Name, DmlKind.Update, shape.Width, rows.Root, triggers)
                {
                    AssignColumns = assigned,
                    AssignValues = [.. update.Assignments.Select(a => planning.Expressions.Compile(a.Value, scope))],
                    RowFrame = scope.Frame,
                };
            default:
                return new InsteadOfPlan(planning.Query, view.Name, DmlKind.Delete, shape.Width, rows.Root, triggers);
        }
    }

    // SELECT * FROM main.view AS name [WHERE ...]: the view rows an UPDATE or DELETE hands to its triggers.
    private static SelectStatement ViewRows(ViewSchema view, string name, Expression? where)
    {
        var core = new SelectCore(Distinct: false, [new AllColumns(null)], new TableReference(new QualifiedName("main", view.Name), name),
            where, SqlList<Expression>.Empty, null);
        return new SelectStatement(core, SqlList<CompoundPart>.Empty, SqlList<OrderingTerm>.Empty, null);
    }

    private static int ViewColumn(TriggerRowShape shape, string column)
    {
        int ordinal = Array.FindIndex(shape.Names, n => string.Equals(n, column, StringComparison.OrdinalIgnoreCase));
        return ordinal >= 0 ? ordinal : throw Error($"table {shape.Target} has no column named {column}");
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
