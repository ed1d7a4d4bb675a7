// Subqueries in expressions: scalar, EXISTS and IN (SELECT ...). An uncorrelated
// subquery runs once per execution (its result is kept for the execution's
// Generation); a correlated one runs again for every evaluation, seeing the
// outer row through the frames its expressions are bound to.
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>(SELECT x ...): the first row's first column (or the one a row value reads), or NULL.</summary>
internal sealed class ScalarSubqueryEvaluator(QueryContext context, PlanNode plan, bool correlated, int column = 0) : Evaluator
{
    private long _generation = -1;
    private DbValue _cached;

    public PlanNode Plan => plan;

    public override DbValue Evaluate()
    {
        if (!correlated && _generation == context.Generation)
        {
            return _cached;
        }

        plan.Open();
        DbValue value = plan.Next() ? plan.Output.Values[column] : DbValue.Null;
        plan.Close();
        _cached = value;
        _generation = context.Generation;
        return value;
    }
}

/// <summary>[NOT] EXISTS (SELECT ...).</summary>
internal sealed class ExistsEvaluator(QueryContext context, PlanNode plan, bool correlated, bool negated) : Evaluator
{
    private long _generation = -1;
    private bool _cached;

    public PlanNode Plan => plan;

    public override DbValue Evaluate()
    {
        if (correlated || _generation != context.Generation)
        {
            plan.Open();
            _cached = plan.Next();
            plan.Close();
            _generation = context.Generation;
        }

        return DbValue.FromInt64(_cached != negated ? 1 : 0);
    }
}

/// <summary>x [NOT] IN (SELECT y ...), through a hash set of the subquery's values (ordered by an application collation, CollatedKeys).</summary>
internal sealed class InSubqueryEvaluator(QueryContext context, Evaluator operand, PlanNode plan, SqlTypeAffinity columnAffinity,
    TextCollation collation, bool correlated, bool negated) : Evaluator
{
    private readonly ISet<DbValue> _values = CollatedKeys.NewValueSet(CollatedKeys.For(collation));
    private readonly SqlTypeAffinity _affinity = SqlComparison.ComparisonAffinity(operand.Affinity, columnAffinity);
    private long _generation = -1;
    private bool _hasNull;

    public PlanNode Plan => plan;

    public override DbValue Evaluate()
    {
        if (correlated || _generation != context.Generation)
        {
            Load();
        }

        DbValue x = operand.Evaluate();
        if (_values.Count == 0 && !_hasNull)
        {
            return DbValue.FromInt64(negated ? 1 : 0);
        }

        if (x.IsNull)
        {
            return DbValue.Null;
        }

        if (_affinity != SqlTypeAffinity.None)
        {
            x = SqlAffinity.Apply(x, _affinity);
        }

        if (_values.Contains(collation.Key(x)))
        {
            return DbValue.FromInt64(negated ? 0 : 1);
        }

        return _hasNull ? DbValue.Null : DbValue.FromInt64(negated ? 1 : 0);
    }

    private void Load()
    {
        _values.Clear();
        _hasNull = false;
        plan.Open();
        while (plan.Next())
        {
            DbValue v = plan.Output.Values[0];
            if (v.IsNull)
            {
                _hasNull = true;
            }
            else
            {
                // Keyed by the collation's folding, so the set's equality is the comparison's.
                _values.Add(collation.Key(_affinity != SqlTypeAffinity.None ? SqlAffinity.Apply(v, _affinity) : v));
            }
        }

        plan.Close();
        _generation = context.Generation;
    }
}
