// Compiles the triggers a write fires. For each trigger on the written table (or
// view) whose timing and event match (an UPDATE's only when it assigns a column of
// its UPDATE OF list), a TriggerProgram: WHEN and the body statements planned in
// a context of their own, whose outermost scope holds the OLD and NEW rows under
// those names (qualified only, as in SQLite: a bare column in WHEN is an error).
// Programs are built when the plan first runs, against the catalog the plan was
// compiled for; each nesting level of a recursive trigger builds its own.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Planning;

/// <summary>The columns a trigger's OLD and NEW rows have: a table's, or a view's result columns.</summary>
internal sealed record TriggerRowShape(string Target, string[] Names, SqlTypeAffinity[] Affinities, TextCollation?[] Collations, TableSchema? Table)
{
    public static TriggerRowShape Of(TableSchema table) => new(table.Name, [.. table.Columns.Select(c => c.Name)],
        [.. table.Columns.Select(c => c.Affinity)], [.. table.Columns.Select(c => (TextCollation?)c.Collating)], table);

    // SQLite gives OLD.x and NEW.x their column's collation but no affinity in comparisons (`new.i = '5'` is false for
    // the integer 5): its trigger column references are not table columns to the affinity rules.
    public static SqlTypeAffinity[] ComparedAffinities(int width) => Enumerable.Repeat(SqlTypeAffinity.None, width).ToArray();

    public int Width => Names.Length;
}

/// <summary>Builds the TriggerWork of INSERT, UPDATE and DELETE plans.</summary>
internal static class TriggerPlanner
{
    /// <summary>
    /// A factory of the triggers <paramref name="triggerEvent"/> on <paramref name="shape"/> fires, or null when there are
    /// none; <paramref name="assigned"/> are the ordinals of the columns an UPDATE sets; <paramref name="conflict"/> is the
    /// firing statement's OR clause, which, when given, the body statements take instead of their own.
    /// </summary>
    public static Func<TriggerWork>? Factory(PlanningContext planning, TriggerRowShape shape, TriggerEvent triggerEvent, int[] assigned,
        ConflictResolution conflict = ConflictResolution.Default)
    {
        SchemaCatalog catalog = planning.Catalog;
        string[] names = [.. assigned.Select(c => shape.Names[c])];
        TriggerSchema[] Of(TriggerTiming timing) =>
            [.. catalog.TriggersOn(shape.Target, timing, triggerEvent).Where(t => triggerEvent != TriggerEvent.Update || t.FiresOnUpdateOf(names))];
        TriggerSchema[] before = Of(TriggerTiming.Before), after = Of(TriggerTiming.After), insteadOf = Of(TriggerTiming.InsteadOf);
        if (before.Length + after.Length + insteadOf.Length == 0)
        {
            return null;
        }

        QueryContext outer = planning.Query;
        Execution.Functions.UserFunctions functions = planning.Functions;
        TriggerProgram[] Compile(TriggerSchema[] triggers) => [.. triggers.Select(t => Program(catalog, outer, functions, t, shape, conflict))];
        return () => new TriggerWork(Compile(before), Compile(after), Compile(insteadOf));
    }

    /// <summary>The factory for a table's own triggers; null at once (nothing built) when the table has none.</summary>
    public static Func<TriggerWork>? Factory(PlanningContext planning, TableSchema table, TriggerEvent triggerEvent, int[] assigned,
        ConflictResolution conflict = ConflictResolution.Default) =>
        planning.Catalog.HasTriggersOn(table.Name) ? Factory(planning, TriggerRowShape.Of(table), triggerEvent, assigned, conflict) : null;

    private static TriggerProgram Program(SchemaCatalog catalog, QueryContext outer, Execution.Functions.UserFunctions functions, TriggerSchema trigger,
        TriggerRowShape shape, ConflictResolution conflict)
    {
        var context = new QueryContext(outer.Storage) { SpillThresholdRows = outer.SpillThresholdRows };
        var planning = new PlanningContext(catalog, context)
        {
            ConflictOverride = conflict == ConflictResolution.Default ? null : conflict,
            Functions = functions,
        };
        var scope = new Scope(null);
        int oldSlot = trigger.Event == TriggerEvent.Insert ? -1 : AddRow(scope, shape, "old");
        int newSlot = trigger.Event == TriggerEvent.Delete ? -1 : AddRow(scope, shape, "new");
        planning.TriggerRow = scope;
        CreateTriggerStatement definition = trigger.Definition;
        Evaluator? when = definition.When is null ? null : planning.Expressions.Compile(definition.When, scope);
        var dml = new DmlPlanner(planning);
        var steps = new TriggerStep[definition.Body.Count];
        for (int i = 0; i < steps.Length; i++)
        {
            steps[i] = definition.Body[i] is SelectStatement select
                ? new TriggerStep(null, planning.Selects.Plan(select, scope).Root)
                : new TriggerStep(dml.PlanWrite(definition.Body[i]), null);
        }

        var slots = new TriggerRowSlots(oldSlot, newSlot, shape.Width, shape.Table?.RowIdColumn ?? -1, shape.Table is not null);
        return new TriggerProgram(trigger, context, scope.Frame, slots, when, steps);
    }

    // Adds OLD or NEW: the shape's columns, then a rowid slot (read as `new.rowid` on a table).
    private static int AddRow(Scope scope, TriggerRowShape shape, string name)
    {
        var relation = new Relation
        {
            Name = name,
            Index = scope.Relations.Count,
            QualifiedOnly = true,
            Table = shape.Table,
            ColumnNames = shape.Names,
            Affinities = TriggerRowShape.ComparedAffinities(shape.Width),
            Collations = shape.Collations,
            Used = new bool[shape.Width],
        };
        relation.FirstSlot = scope.Frame.Reserve(shape.Width);
        relation.RowIdSlot = scope.Frame.Reserve(1);
        scope.Relations.Add(relation);
        return relation.FirstSlot;
    }
}
