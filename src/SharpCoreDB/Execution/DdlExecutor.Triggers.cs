// CREATE TRIGGER and DROP TRIGGER. A trigger is a catalog record (type 'trigger',
// tbl_name its table or view) holding its canonical head and its body as written.
// The checks and messages are SQLite's: BEFORE and AFTER triggers belong to
// tables, INSTEAD OF triggers to views; the body is resolved only when a
// statement fires it, so a trigger naming a table that does not exist yet can be
// created (and fails the statements that fire it until the table exists).
using SharpCoreDB.Catalog;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

internal static partial class DdlExecutor
{
    private static SchemaCatalog CreateTrigger(WriteTransaction tx, SchemaCatalog catalog, CreateTriggerStatement create)
    {
        string name = create.Name.Name;
        RefuseTemporary(create.Temporary, "trigger");
        RefuseReserved(name);
        if (catalog.FindTrigger(name) is not null)
        {
            return create.IfNotExists ? catalog : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"trigger {name} already exists");
        }

        string target = create.Table.Name;
        Refuse(target.StartsWith("sqlite_", StringComparison.OrdinalIgnoreCase), "cannot create trigger on system table");
        TableSchema? table = catalog.FindTable(target);
        ViewSchema? view = table is null ? catalog.FindView(target) : null;
        if (table is null && view is null)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such table: main.{target}");
        }

        if (view is not null && create.Timing != TriggerTiming.InsteadOf)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                $"cannot create {(create.Timing == TriggerTiming.Before ? "BEFORE" : "AFTER")} trigger on view: {view.Name}");
        }

        Refuse(table is not null && create.Timing == TriggerTiming.InsteadOf, $"cannot create INSTEAD OF trigger on table: {target}");

        string owner = table?.Name ?? view!.Name;
        var canonical = create with { IfNotExists = false, Temporary = false, Name = new QualifiedName(name), Table = new QualifiedName(owner) };
        return WriteDefinition(tx, CatalogStore.TriggerType, name, owner, SqlText.Of(canonical));
    }

    private static SchemaCatalog DropTrigger(WriteTransaction tx, SchemaCatalog catalog, DropTriggerStatement drop)
    {
        TriggerSchema? trigger = catalog.FindTrigger(drop.Name.Name);
        if (Missing(trigger, drop.IfExists, "trigger", drop.Name.Name))
        {
            return catalog;
        }

        CatalogStore.Delete(tx, trigger.CatalogId);
        return Changed(tx);
    }
}
