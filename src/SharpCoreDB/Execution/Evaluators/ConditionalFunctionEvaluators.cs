// coalesce(), ifnull() and iif() evaluate their arguments lazily, as SQLite codes them
// (jumps, not a function call): an argument after the first non-NULL one, or the branch
// iif() does not take, is never evaluated, so its errors (an integer overflow, a bad
// LIKE escape) and its cost do not happen. iif() compiles to a CaseEvaluator; an
// application function registered under one of these names replaces them as any
// other built-in.
namespace SharpCoreDB.Execution.Evaluators;

/// <summary>coalesce(a, b, ...) and ifnull(a, b): the first argument that is not NULL, evaluating no further.</summary>
internal sealed class CoalesceEvaluator(Evaluator[] arguments) : Evaluator
{
    public override bool IsConstant => arguments.All(a => a.IsConstant);

    public override DbValue Evaluate()
    {
        foreach (Evaluator argument in arguments)
        {
            DbValue value = argument.Evaluate();
            if (!value.IsNull)
            {
                return value;
            }
        }

        return DbValue.Null;
    }
}
