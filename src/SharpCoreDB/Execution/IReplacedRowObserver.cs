// What TableStore tells of the rows an OR REPLACE conflict deletes: such a row is
// deleted as a DELETE would delete it, so foreign key enforcement (ForeignKeyWork)
// counts its orphans and runs its ON DELETE actions around the delete.
namespace SharpCoreDB.Execution;

/// <summary>Hears of the rows an OR REPLACE conflict deletes, before and after each delete.</summary>
internal interface IReplacedRowObserver
{
    void BeforeDelete(long rowId, DbValue[] row);

    void AfterDelete(long rowId, DbValue[] row);
}
