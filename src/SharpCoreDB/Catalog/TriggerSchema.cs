// A trigger as the catalog holds it: its parsed CREATE TRIGGER (when it fires, on
// which change of which table or view, its WHEN and body) and the stored text.
namespace SharpCoreDB.Catalog;

/// <summary>A stored row-level trigger.</summary>
internal sealed record TriggerSchema(string Name, string Table, CreateTriggerStatement Definition, string Sql, long CatalogId)
{
    public TriggerTiming Timing => Definition.Timing;

    public TriggerEvent Event => Definition.Event;

    /// <summary>
    /// Whether an UPDATE that assigns <paramref name="assigned"/> (column names) fires this trigger: any UPDATE does
    /// when the trigger lists no columns, else one assigning a listed column (whether or not its value changes).
    /// </summary>
    public bool FiresOnUpdateOf(IEnumerable<string> assigned) =>
        Definition.UpdateColumns.Count == 0
        || assigned.Any(a => Definition.UpdateColumns.Any(c => string.Equals(a, c, StringComparison.OrdinalIgnoreCase)));
}
