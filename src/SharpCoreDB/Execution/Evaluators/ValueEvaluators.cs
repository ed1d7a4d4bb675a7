// The leaves of compiled expressions: constants, frame slots, parameters, the
// statement's time and the connection's write counters.

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>A literal value.</summary>
internal sealed class ConstantEvaluator(DbValue value) : Evaluator
{
    public DbValue Value => value;

    public override bool IsConstant => true;

    public override DbValue Evaluate() => value;
}

/// <summary>Reads one slot of a frame (a column of the current row).</summary>
internal sealed class SlotEvaluator(Frame frame, int slot, SqlTypeAffinity affinity) : Evaluator
{
    public Frame Frame => frame;

    public int Slot => slot;

    public SqlTypeAffinity ColumnAffinity => affinity;

    public override DbValue Evaluate() => frame.Values[slot];
}

/// <summary>A statement parameter, read from the execution's parameter array.</summary>
internal sealed class ParameterEvaluator(QueryContext context, int index) : Evaluator
{
    public override bool IsConstant => true;

    public override DbValue Evaluate() => context.Parameters[index];
}

/// <summary>CURRENT_DATE / CURRENT_TIME / CURRENT_TIMESTAMP: the statement's start time.</summary>
internal sealed class CurrentTimeEvaluator(QueryContext context, CurrentTimeKind kind) : Evaluator
{
    public override bool IsConstant => true;

    public override DbValue Evaluate()
    {
        DateTime now = context.Now;
        return kind switch
        {
            CurrentTimeKind.Date => DbValue.FromText(now.ToString("yyyy-MM-dd", System.Globalization.CultureInfo.InvariantCulture)),
            CurrentTimeKind.Time => DbValue.FromText(now.ToString("HH:mm:ss", System.Globalization.CultureInfo.InvariantCulture)),
            _ => DbValue.FromText(now.ToString("yyyy-MM-dd HH:mm:ss", System.Globalization.CultureInfo.InvariantCulture)),
        };
    }
}

/// <summary>`operand COLLATE name`: the operand's value, carrying the named collation into comparisons and sorts.</summary>
internal sealed class CollateEvaluator(Evaluator operand) : Evaluator
{
    public override bool IsConstant => operand.IsConstant;

    public override DbValue Evaluate() => operand.Evaluate();
}

/// <summary>last_insert_rowid(), changes(), total_changes(): the connection's counters as the statement reads them.</summary>
internal sealed class ConnectionCounterEvaluator(QueryContext context, ConnectionCounter counter) : Evaluator
{
    public override DbValue Evaluate()
    {
        ConnectionCounters? counters = context.Counters;
        return DbValue.FromInt64(counters is null ? 0 : counter switch
        {
            ConnectionCounter.LastInsertRowId => counters.LastInsertRowId,
            ConnectionCounter.Changes => counters.Changes,
            _ => counters.TotalChanges,
        });
    }
}
