// INSERT rows of a DmlPlan: each input row becomes a table row (named columns, then
// DEFAULTs), gets its rowid (given, the INTEGER PRIMARY KEY, or the next free one;
// AUTOINCREMENT never reuses one), passes NOT NULL, CHECK and UNIQUE (with the
// statement's conflict policy) and its foreign keys, and is written with its index
// entries; an AUTOINCREMENT table's sequence record is updated once at the end.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.ForeignKeys;
using SharpCoreDB.Execution.Triggers;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Execution;

internal sealed partial class DmlPlan
{
    private int Insert(WriteTransaction tx, TableStore store, int rows, ForeignKeyWork? keys, TriggerWork? triggers, List<DbValue[]>? returned)
    {
        int n = table.Columns.Count;
        int count = 0;
        long sequence = table.AutoIncrement ? CatalogStore.ReadSequence(tx, tx.State, table.Name, out _) : 0;
        long startSequence = sequence;
        DbValue[] row = _row;
        bool[] given = _given;
        for (int r = 0; r < rows; r++)
        {
            DbValue[] source = _inputBuffers[r];
            context.CheckCancelled();
            Array.Clear(row);
            Array.Clear(given);
            long? explicitRowId = null;
            for (int i = 0; i < Targets.Length; i++)
            {
                if (Targets[i] == TableSchema.RowIdOrdinal)
                {
                    explicitRowId = SqlIntegerOrNull(source[i]);
                    continue;
                }

                row[Targets[i]] = source[i];
                given[Targets[i]] = true;
            }

            for (int i = 0; i < n; i++)
            {
                if (!given[i] && Defaults[i] is { } def)
                {
                    row[i] = def.Evaluate();
                }
            }

            store.Prepare(row);

            // BEFORE triggers run before the rowid is chosen (a row they insert takes the next one first), as in SQLite.
            if (triggers is { HasBefore: true } && !triggers.Before(null, 0, row, table.RowIdColumn >= 0 && !row[table.RowIdColumn].IsNull
                ? row[table.RowIdColumn].AsInt64() : explicitRowId ?? -1))
            {
                continue;
            }

            long rowId;
            bool explicitKey = false;
            if (table.RowIdColumn >= 0 && !row[table.RowIdColumn].IsNull)
            {
                rowId = row[table.RowIdColumn].AsInt64();
                explicitKey = true;
            }
            else if (explicitRowId is long id)
            {
                rowId = id;
                explicitKey = true;
            }
            else
            {
                rowId = store.Tree.NextRowId();
                if (table.AutoIncrement && rowId <= sequence)
                {
                    // An AUTOINCREMENT table never reuses a rowid; once the sequence has reached
                    // the largest one there is none left (SQLite reports SQLITE_FULL here).
                    rowId = sequence == long.MaxValue
                        ? throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, $"The AUTOINCREMENT table {table.Name} has used the largest rowid.")
                        : sequence + 1;
                }
            }

            if (table.RowIdColumn >= 0)
            {
                row[table.RowIdColumn] = DbValue.FromInt64(rowId);
            }

            store.Generate(row, rowId);
            if (!store.Validate(row, rowId, onConflict))
            {
                continue;
            }

            if (Upserts.Length > 0 && TryUpsert(store, keys, row, rowId, explicitKey, returned, ref count))
            {
                continue;
            }

            if (!store.ResolveConflicts(row, rowId, explicitKey, onConflict))
            {
                continue;
            }

            keys?.BeforeInsert(row, rowId);
            store.Insert(row, rowId);
            sequence = Math.Max(sequence, rowId);
            LastInsertRowId = rowId;
            count++;
            Return(row, rowId, returned);
            triggers?.After(null, 0, row, rowId);
        }

        if (table.AutoIncrement && sequence != startSequence)
        {
            CatalogStore.ReadSequence(tx, tx.State, table.Name, out long recordId);
            if (recordId == 0)
            {
                recordId = NextCatalogId(tx);
            }

            CatalogStore.Write(tx, recordId, CatalogStore.SequenceType, table.Name, table.Name, 0, DbValue.FromInt64(sequence));
        }

        return count;
    }

    private static long? SqlIntegerOrNull(DbValue value)
    {
        DbValue id = Semantics.SqlAffinity.Apply(value, SqlTypeAffinity.Integer);
        return id.Type == DbValueType.Integer ? id.AsInt64() : null;
    }

    private static long NextCatalogId(WriteTransaction tx)
    {
        var tree = Storage.BTree.TableTree.Open(tx, tx.State.CatalogRoot);
        return tree.NextRowId();
    }
}
