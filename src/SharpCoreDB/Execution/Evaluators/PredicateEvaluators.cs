// Compiled BETWEEN, IN (list), LIKE/GLOB, CASE, CAST and scalar function calls.
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>x [NOT] BETWEEN lo AND hi, as (x &gt;= lo AND x &lt;= hi).</summary>
internal sealed class BetweenEvaluator(Evaluator operand, Evaluator low, Evaluator high, bool negated) : Evaluator
{
    /// <summary>The collation of the lower bound's comparison (operand &gt;= low).</summary>
    public TextCollation LowCollation { get; } = ComparisonCollation(operand, low);

    /// <summary>The collation of the upper bound's comparison (operand &lt;= high).</summary>
    public TextCollation HighCollation { get; } = ComparisonCollation(operand, high);

    public override DbValue Evaluate()
    {
        DbValue x = operand.Evaluate();
        DbValue ge = SqlComparison.GreaterOrEqual(x, operand.Affinity, low.Evaluate(), low.Affinity, LowCollation);
        DbValue le = SqlComparison.LessOrEqual(x, operand.Affinity, high.Evaluate(), high.Affinity, HighCollation);
        DbValue both = SqlTruth.And(ge, le);
        return negated ? SqlTruth.Not(both) : both;
    }
}

/// <summary>x [NOT] IN (a, b, ...): true on a match, NULL when no match but a NULL was involved.</summary>
internal sealed class InListEvaluator(Evaluator operand, Evaluator[] values, bool negated) : Evaluator
{
    /// <summary>The operand's collation (explicit or its column's): `x IN (a, b)` is `x = +a OR x = +b` in SQLite.</summary>
    public TextCollation Collating { get; } = operand.Collation ?? TextCollation.Binary;

    public override DbValue Evaluate()
    {
        if (values.Length == 0)
        {
            return DbValue.FromInt64(negated ? 1 : 0);
        }

        DbValue x = operand.Evaluate();
        if (x.IsNull)
        {
            return DbValue.Null;
        }

        bool sawNull = false;
        foreach (Evaluator value in values)
        {
            DbValue v = value.Evaluate();
            if (v.IsNull)
            {
                sawNull = true;
                continue;
            }

            if (SqlTruth.IsTrue(SqlComparison.Equal(x, operand.Affinity, v, value.Affinity, Collating)) == true)
            {
                return DbValue.FromInt64(negated ? 0 : 1);
            }
        }

        return sawNull ? DbValue.Null : DbValue.FromInt64(negated ? 1 : 0);
    }
}

/// <summary>LIKE and GLOB.</summary>
internal sealed class LikeEvaluator(LikeOperator op, Evaluator operand, Evaluator pattern, Evaluator? escape, bool negated) : Evaluator
{
    public LikeOperator Operator => op;

    public Evaluator Operand => operand;

    public Evaluator Pattern => pattern;

    public Evaluator? Escape => escape;

    public bool Negated => negated;

    public override DbValue Evaluate()
    {
        DbValue text = operand.Evaluate();
        DbValue pat = pattern.Evaluate();
        DbValue result;
        if (op == LikeOperator.Glob)
        {
            result = SqlLike.Glob(text, pat);
        }
        else if (op == LikeOperator.Like)
        {
            result = escape is null ? SqlLike.Like(text, pat, DbValue.Null, hasEscape: false) : SqlLike.Like(text, pat, escape.Evaluate(), hasEscape: true);
        }
        else
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"no such function: {op.ToString().ToUpperInvariant()}");
        }

        return negated ? SqlTruth.Not(result) : result;
    }
}

/// <summary>CASE [operand] WHEN ... THEN ... [ELSE ...] END.</summary>
internal sealed class CaseEvaluator(Evaluator? operand, Evaluator[] whens, Evaluator[] thens, Evaluator? otherwise) : Evaluator
{
    public override DbValue Evaluate()
    {
        if (operand is null)
        {
            for (int i = 0; i < whens.Length; i++)
            {
                if (SqlTruth.IsTrue(whens[i].Evaluate()) == true)
                {
                    return thens[i].Evaluate();
                }
            }
        }
        else
        {
            DbValue x = operand.Evaluate();
            for (int i = 0; i < whens.Length; i++)
            {
                if (SqlTruth.IsTrue(SqlComparison.Equal(x, operand.Affinity, whens[i].Evaluate(), whens[i].Affinity)) == true)
                {
                    return thens[i].Evaluate();
                }
            }
        }

        return otherwise is null ? DbValue.Null : otherwise.Evaluate();
    }
}

/// <summary>CAST(x AS type).</summary>
internal sealed class CastEvaluator(Evaluator operand, TypeName type) : Evaluator
{
    public override bool IsConstant => operand.IsConstant;

    public override DbValue Evaluate() => SqlCast.Cast(operand.Evaluate(), type);
}

/// <summary>A scalar function call; arguments go through a reused buffer.</summary>
internal sealed class FunctionEvaluator(ScalarFunctionInfo function, Evaluator[] arguments) : Evaluator
{
    private readonly DbValue[] _args = new DbValue[arguments.Length];

    public override bool IsConstant => function.IsDeterministic && AllConstant(arguments);

    public override DbValue Evaluate()
    {
        for (int i = 0; i < arguments.Length; i++)
        {
            _args[i] = arguments[i].Evaluate();
        }

        return function.Function(_args);
    }

    private static bool AllConstant(Evaluator[] arguments)
    {
        foreach (Evaluator argument in arguments)
        {
            if (!argument.IsConstant)
            {
                return false;
            }
        }

        return true;
    }
}
