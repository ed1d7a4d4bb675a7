// CREATE TABLE name AS SELECT ..: a table with the query's columns, filled with its
// rows, in one statement (and so in one transaction: a failing query leaves no table).
// As in SQLite, a column is named after its result column (a repeated name gets ":1",
// ":2" ..) and typed by its affinity: INT, REAL, TEXT, NUM, or no type for a BLOB
// affinity or an expression without one; SharpCoreDB's own affinities keep their
// names (BOOLEAN, DATETIME, DECIMAL). No constraints are copied, as in SQLite.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Planning;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    // Creates and fills the table; returns the catalog after it (unchanged for IF NOT EXISTS over an existing table).
    private SchemaCatalog CreateTableAs(WriteTransaction tx, SchemaCatalog catalog, CreateTableStatement create, CancellationToken ct)
    {
        SelectStatement query = create.AsSelect!;
        var planning = new PlanningContext(catalog, new QueryContext(Database.Storage)) { Functions = Functions };
        IReadOnlyList<OutputColumn> columns = planning.Selects.Plan(query, null).Columns;
        var definitions = new List<ColumnDefinition>(columns.Count);
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (OutputColumn column in columns)
        {
            string name = column.Name;
            for (int n = 1; !names.Add(name); n++)
            {
                name = $"{column.Name}:{n}";
            }

            string? type = column.Affinity switch
            {
                SqlTypeAffinity.Integer => "INT",
                SqlTypeAffinity.Real => "REAL",
                SqlTypeAffinity.Text => "TEXT",
                SqlTypeAffinity.Numeric => "NUM",
                SqlTypeAffinity.Boolean => "BOOLEAN",
                SqlTypeAffinity.DateTime => "DATETIME",
                SqlTypeAffinity.Decimal => "DECIMAL",
                _ => null,
            };
            definitions.Add(new ColumnDefinition(name, type is null ? null : new TypeName(type, TypeName.AffinityOf(type), SqlList<long>.Empty), SqlList<ColumnConstraint>.Empty));
        }

        CreateTableStatement table = create with { Columns = [.. definitions], AsSelect = null };
        bool existed = catalog.FindTable(create.Name.Name) is not null;
        SchemaCatalog created = DdlExecutor.Execute(tx, catalog, table, IndexRowCompiler.For(catalog, Functions));
        if (existed)
        {
            return created;
        }

        var insert = new InsertStatement(ConflictResolution.Default, new QualifiedName("main", create.Name.Name), null,
            SqlList<string>.Empty, new SelectSource(query), SqlList<ResultColumn>.Empty);
        ExecuteInternal(tx, created, planner => planner.PlanInsert(insert), ct);
        return created;
    }

    // Runs an INSERT, UPDATE or DELETE the engine writes for a statement of the user's (CREATE TABLE AS's INSERT,
    // DROP TABLE's DELETE) in that statement's transaction, enforcing the connection's foreign keys.
    private void ExecuteInternal(WriteTransaction tx, SchemaCatalog catalog, Func<DmlPlanner, DmlPlan> plan, CancellationToken ct)
    {
        var context = new QueryContext(Database.Storage) { SpillThresholdRows = Database.SpillThresholdRows };
        DmlPlan dml = plan(new DmlPlanner(new PlanningContext(catalog, context) { Functions = Functions }));
        context.Begin(tx, [], ct);
        context.ForeignKeys = EnforcedKeys;
        try
        {
            dml.Execute(tx, null);
        }
        finally
        {
            context.End();
        }
    }
}
