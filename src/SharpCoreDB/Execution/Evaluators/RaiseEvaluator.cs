// RAISE(...) in a trigger body: evaluating it ends the trigger. IGNORE unwinds to
// the firing row (RaiseIgnore); ABORT fails the statement, FAIL fails it keeping
// its earlier rows, ROLLBACK fails it and ends the transaction, each with the
// trigger's message and error code TriggerConstraint.
using SharpCoreDB.Execution.Triggers;

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>RAISE(IGNORE | ROLLBACK | ABORT | FAIL, message).</summary>
internal sealed class RaiseEvaluator(RaiseKind kind, Evaluator? message) : Evaluator
{
    public override DbValue Evaluate()
    {
        if (kind == RaiseKind.Ignore)
        {
            throw new RaiseIgnore();
        }

        DbValue text = message!.Evaluate();
        string reason = text.IsNull ? string.Empty : Semantics.SqlCast.Cast(text, SqlTypeAffinity.Text).AsText();
        throw kind switch
        {
            RaiseKind.Fail => new StatementFailure(SharpCoreDBErrorCode.TriggerConstraint, reason, StatementUndo.None),
            RaiseKind.Rollback => new StatementFailure(SharpCoreDBErrorCode.TriggerConstraint, reason, StatementUndo.Transaction),
            _ => new SharpCoreDBException(SharpCoreDBErrorCode.TriggerConstraint, reason),
        };
    }
}
