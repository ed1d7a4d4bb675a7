// The second half of `a FULL JOIN b ON c`. The join pipeline runs it as `a LEFT JOIN
// b ON c`, which yields every row of a (matched or NULL-extended); meanwhile this
// records the rowid of every row of b that matched some row of a. When the pipeline
// is done, the tail scans b once more and yields each row that never matched, with
// a's columns NULL, checking the WHERE conditions (which the planner holds back until
// both sides are bound, since both sides of a FULL JOIN may be NULL).
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Yields the rows of a FULL JOIN's right side that matched nothing.</summary>
internal sealed class FullJoinTail(RowSource rightScan, Frame frame, int rowIdSlot, RowSource left, Evaluator[] filters)
{
    private readonly HashSet<long> _matched = [];

    public void Reset() => _matched.Clear();

    /// <summary>Called when the current right row passes the ON conditions for some left row.</summary>
    public void RecordMatch() => _matched.Add(frame.Values[rowIdSlot].AsInt64());

    public void Open()
    {
        rightScan.Open();
        left.NullFill();
    }

    public bool Next()
    {
        while (rightScan.Next())
        {
            if (_matched.Contains(frame.Values[rowIdSlot].AsInt64()))
            {
                continue;
            }

            bool pass = true;
            foreach (Evaluator filter in filters)
            {
                pass &= SqlTruth.IsTrue(filter.Evaluate()) == true;
            }

            if (pass)
            {
                return true;
            }
        }

        return false;
    }

    public void Close() => rightScan.Close();

    public string Describe() => "FULL JOIN UNMATCHED ROWS: " + rightScan.Describe();
}
