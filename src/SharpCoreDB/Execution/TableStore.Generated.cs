// Generated columns of the rows a TableStore writes: computed after the row's other
// values and its rowid are known and before its constraints are checked, over the
// frame the CHECK constraints read (GeneratedColumns gives the order).
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution;

internal sealed partial class TableStore
{
    /// <summary>
    /// Computes the generated columns of <paramref name="row"/> (whose rowid is known: a generated column may read the
    /// INTEGER PRIMARY KEY), each in turn so later ones read earlier ones, with their column's affinity.
    /// </summary>
    public void Generate(DbValue[] row, long rowId)
    {
        int[] order = _table.GeneratedOrder;
        if (order.Length == 0)
        {
            return;
        }

        DbValue[] frame = _checkFrame.Values;
        row.CopyTo(frame, 0);
        frame[row.Length] = DbValue.FromInt64(rowId);
        foreach (int column in order)
        {
            DbValue value = _generated[column]!.Evaluate();
            value = value.IsNull ? value : SqlAffinity.Apply(value, _table.Columns[column].Affinity);
            row[column] = value;
            frame[column] = value;
        }
    }
}
