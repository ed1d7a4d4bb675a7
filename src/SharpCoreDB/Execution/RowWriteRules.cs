// What writing a row of one table computes besides the row itself, compiled by the
// planner over one frame that holds the row being written (its columns, then its
// rowid): CHECK constraints, generated columns, and for each index on expressions or
// with a WHERE (a partial index), its key expressions and WHERE. A plain index needs
// nothing compiled: its keys are column values. An index under an application
// collation also needs its key order, made from the connection's registration.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution;

/// <summary>
/// The compiled rules a table's row writes follow. <paramref name="IndexOrders"/> holds, per index, its key order
/// (IndexKeyOrders; null for memcmp), or is empty when every index is in memcmp order.
/// </summary>
internal sealed record RowWriteRules(Frame Frame, Evaluator[] Checks, Evaluator?[] Generated, IndexRowEvaluators?[] Indexes, CollatedKeyOrder?[] IndexOrders);

/// <summary>
/// The key expressions and WHERE of one index on expressions or partial index, over the frame of
/// <see cref="RowWriteRules"/>: <see cref="Load"/> a row, then ask whether the index holds it and for its key values.
/// </summary>
internal sealed class IndexRowEvaluators(Frame frame, Evaluator?[] keys, Evaluator? where)
{
    /// <summary>Puts <paramref name="row"/> and its rowid where the evaluators read them.</summary>
    public void Load(DbValue[] row, long rowId)
    {
        row.CopyTo(frame.Values, 0);
        frame.Values[row.Length] = DbValue.FromInt64(rowId);
    }

    /// <summary>Whether the loaded row has an entry: always for a full index, when the WHERE is true for a partial one.</summary>
    public bool Holds() => where is null || SqlTruth.IsTrue(where.Evaluate()) == true;

    /// <summary>The loaded row's value for key position <paramref name="position"/>, an expression's; null for a column key.</summary>
    public Evaluator? Key(int position) => keys.Length == 0 ? null : keys[position];

    /// <summary>Whether <paramref name="row"/> (rowid <paramref name="rowId"/>) has an entry in the index <paramref name="evaluators"/> belong to (null: a plain index, which holds every row).</summary>
    public static bool Holds(IndexRowEvaluators? evaluators, DbValue[] row, long rowId)
    {
        if (evaluators is null)
        {
            return true;
        }

        evaluators.Load(row, rowId);
        return evaluators.Holds();
    }

    /// <summary>
    /// Writes into <paramref name="values"/> the key of <paramref name="row"/> in <paramref name="index"/> (collations
    /// applied); true when a key value is NULL. The row must be loaded when <paramref name="evaluators"/> has keys.
    /// </summary>
    public static bool KeyValues(IndexSchema index, IndexRowEvaluators? evaluators, TableSchema table, DbValue[] row, long rowId, Span<DbValue> values)
    {
        bool hasNull = false;
        for (int i = 0; i < values.Length; i++)
        {
            int column = index.Columns[i];
            DbValue value = evaluators?.Key(i) is { } key ? key.Evaluate()
                : column == table.RowIdColumn || column == TableSchema.RowIdOrdinal ? DbValue.FromInt64(rowId) : row[column];
            values[i] = index.KeyValue(i, value);
            hasNull |= values[i].IsNull;
        }

        return hasNull;
    }
}
