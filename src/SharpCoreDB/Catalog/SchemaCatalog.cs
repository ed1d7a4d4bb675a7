// The schema as of one database state: tables (with their indexes), views and
// triggers, looked up by name without regard to case. Immutable; a DDL statement writes the
// catalog B+tree and loads a new catalog from it (CatalogStore.Load), so a plan
// compiled against one catalog instance stays valid as long as that instance is current.
namespace SharpCoreDB.Catalog;

/// <summary>An immutable set of tables, indexes and views.</summary>
internal sealed class SchemaCatalog
{
    private readonly Dictionary<string, TableSchema> _tables;
    private readonly Dictionary<string, IndexSchema> _indexes;
    private readonly Dictionary<string, ViewSchema> _views;
    private readonly Dictionary<string, TriggerSchema> _triggers;
    private Dictionary<string, List<ForeignKeySchema>>? _references;

    public SchemaCatalog(IEnumerable<TableSchema> tables, IEnumerable<ViewSchema> views, uint version, long nextId,
        IEnumerable<TriggerSchema>? triggers = null)
    {
        _triggers = new Dictionary<string, TriggerSchema>(StringComparer.OrdinalIgnoreCase);
        foreach (TriggerSchema trigger in triggers ?? [])
        {
            _triggers[trigger.Name] = trigger;
        }

        _tables = new Dictionary<string, TableSchema>(StringComparer.OrdinalIgnoreCase);
        _indexes = new Dictionary<string, IndexSchema>(StringComparer.OrdinalIgnoreCase);
        _views = new Dictionary<string, ViewSchema>(StringComparer.OrdinalIgnoreCase);
        foreach (TableSchema table in tables)
        {
            _tables[table.Name] = table;
            foreach (IndexSchema index in table.Indexes)
            {
                _indexes[index.Name] = index;
            }
        }

        foreach (ViewSchema view in views)
        {
            _views[view.Name] = view;
        }

        Version = version;
        NextId = nextId;
    }

    public static SchemaCatalog Empty { get; } = new([], [], 0, 1);

    /// <summary>The SchemaVersion of the state this catalog describes.</summary>
    public uint Version { get; }

    /// <summary>The next free key in the catalog B+tree.</summary>
    public long NextId { get; }

    public IEnumerable<TableSchema> Tables => _tables.Values;

    public IEnumerable<ViewSchema> Views => _views.Values;

    public IEnumerable<IndexSchema> Indexes => _indexes.Values;

    public TableSchema? FindTable(string name) => _tables.GetValueOrDefault(name);

    public IndexSchema? FindIndex(string name) => _indexes.GetValueOrDefault(name);

    public ViewSchema? FindView(string name) => _views.GetValueOrDefault(name);

    public IEnumerable<TriggerSchema> Triggers => _triggers.Values;

    /// <summary>Triggers have names of their own: one may share its name with a table, as in SQLite.</summary>
    public TriggerSchema? FindTrigger(string name) => _triggers.GetValueOrDefault(name);

    /// <summary>Whether any trigger is on <paramref name="table"/> (a table or view); no allocation.</summary>
    public bool HasTriggersOn(string table)
    {
        foreach (TriggerSchema trigger in _triggers.Values)
        {
            if (string.Equals(trigger.Table, table, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The triggers on <paramref name="table"/> (a table or view) that fire at <paramref name="timing"/> on
    /// <paramref name="triggerEvent"/>, in the order SQLite runs them: the most recently created first.
    /// </summary>
    public IReadOnlyList<TriggerSchema> TriggersOn(string table, TriggerTiming timing, TriggerEvent triggerEvent) =>
        _triggers.Count == 0 ? [] : [.. _triggers.Values
            .Where(t => t.Timing == timing && t.Event == triggerEvent && string.Equals(t.Table, table, StringComparison.OrdinalIgnoreCase))
            .OrderByDescending(t => t.CatalogId)];

    /// <summary>True if a table, index or view already uses <paramref name="name"/>.</summary>
    public bool NameInUse(string name) => _tables.ContainsKey(name) || _indexes.ContainsKey(name) || _views.ContainsKey(name);

    /// <summary>The foreign keys (of any table, this one included) whose parent is <paramref name="parentTable"/>.</summary>
    public IReadOnlyList<ForeignKeySchema> ReferencesTo(string parentTable)
    {
        if (_references is null)
        {
            var references = new Dictionary<string, List<ForeignKeySchema>>(StringComparer.OrdinalIgnoreCase);
            foreach (TableSchema table in _tables.Values.OrderBy(t => t.Name, StringComparer.OrdinalIgnoreCase))
            {
                foreach (ForeignKeySchema key in table.ForeignKeys)
                {
                    if (!references.TryGetValue(key.ParentTable, out List<ForeignKeySchema>? list))
                    {
                        references[key.ParentTable] = list = [];
                    }

                    list.Add(key);
                }
            }

            _references = references;
        }

        return _references.TryGetValue(parentTable, out List<ForeignKeySchema>? keys) ? keys : [];
    }

    public TableSchema GetTable(string name) =>
        FindTable(name) ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: {name}");
}
