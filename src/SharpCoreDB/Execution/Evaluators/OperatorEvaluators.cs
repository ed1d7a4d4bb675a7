// Compiled unary and binary operators. Each delegates to the shared semantics
// (SqlArithmetic, SqlComparison, SqlTruth) so the engine has one definition of
// every operator; the switch on the operator is cheaper than a delegate call.
using SharpCoreDB.Execution.Functions.Json;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>Arithmetic, bitwise and concatenation operators.</summary>
internal sealed class ArithmeticEvaluator(BinaryOperator op, Evaluator left, Evaluator right) : Evaluator
{
    public override bool IsConstant => left.IsConstant && right.IsConstant;

    public override DbValue Evaluate()
    {
        DbValue l = left.Evaluate();
        DbValue r = right.Evaluate();
        if (l.Type == DbValueType.Integer && r.Type == DbValueType.Integer && IntegerResult(l.AsInt64(), r.AsInt64(), out long result))
        {
            return DbValue.FromInt64(result);
        }

        return op switch
        {
            BinaryOperator.Add => SqlArithmetic.Add(l, r),
            BinaryOperator.Subtract => SqlArithmetic.Subtract(l, r),
            BinaryOperator.Multiply => SqlArithmetic.Multiply(l, r),
            BinaryOperator.Divide => SqlArithmetic.Divide(l, r),
            BinaryOperator.Modulo => SqlArithmetic.Remainder(l, r),
            BinaryOperator.Concat => SqlArithmetic.Concat(l, r),
            BinaryOperator.JsonPart => JsonFunctions.Arrow(l, r),
            BinaryOperator.JsonValue => JsonFunctions.ArrowText(l, r),
            BinaryOperator.BitwiseAnd => SqlArithmetic.BitAnd(l, r),
            BinaryOperator.BitwiseOr => SqlArithmetic.BitOr(l, r),
            BinaryOperator.ShiftLeft => SqlArithmetic.ShiftLeft(l, r),
            _ => SqlArithmetic.ShiftRight(l, r),
        };
    }

    // Two integers whose +, - or * does not overflow: the common case (keys, counters, offsets) without the
    // general path's conversions. An overflow, and every other operator, goes the general way (SqlArithmetic).
    private bool IntegerResult(long a, long b, out long result)
    {
        switch (op)
        {
            case BinaryOperator.Add:
                result = a + b;
                return ((a ^ result) & (b ^ result)) >= 0;
            case BinaryOperator.Subtract:
                result = a - b;
                return ((a ^ b) & (a ^ result)) >= 0;
            case BinaryOperator.Multiply:
                long high = Math.BigMul(a, b, out result);
                return high == result >> 63;
            default:
                result = 0;
                return false;
        }
    }
}

/// <summary>The six comparison operators, with the operands' affinities.</summary>
internal sealed class ComparisonEvaluator(BinaryOperator op, Evaluator left, Evaluator right) : Evaluator
{
    private static readonly DbValue True = DbValue.FromInt64(1);
    private static readonly DbValue False = DbValue.FromInt64(0);
    private readonly SqlTypeAffinity _la = left.Affinity;
    private readonly SqlTypeAffinity _ra = right.Affinity;
    private readonly TextCollation _collation = ComparisonCollation(left, right);

    public BinaryOperator Operator => op;


    public Evaluator Left => left;

    public Evaluator Right => right;

    public override bool IsConstant => left.IsConstant && right.IsConstant;

    public override DbValue Evaluate()
    {
        DbValue l = left.Evaluate();
        DbValue r = right.Evaluate();
        if (l.Type == DbValueType.Integer && r.Type == DbValueType.Integer)
        {
            // Two integers compare as numbers whatever the affinities (they only convert text and reals): the
            // common case of joins and key ranges, without the general path's conversions.
            long a = l.AsInt64();
            long b = r.AsInt64();
            bool result = op switch
            {
                BinaryOperator.Equal => a == b,
                BinaryOperator.NotEqual => a != b,
                BinaryOperator.Less => a < b,
                BinaryOperator.LessOrEqual => a <= b,
                BinaryOperator.Greater => a > b,
                _ => a >= b,
            };
            return result ? True : False;
        }

        return op switch
        {
            BinaryOperator.Equal => SqlComparison.Equal(l, _la, r, _ra, _collation),
            BinaryOperator.NotEqual => SqlComparison.NotEqual(l, _la, r, _ra, _collation),
            BinaryOperator.Less => SqlComparison.Less(l, _la, r, _ra, _collation),
            BinaryOperator.LessOrEqual => SqlComparison.LessOrEqual(l, _la, r, _ra, _collation),
            BinaryOperator.Greater => SqlComparison.Greater(l, _la, r, _ra, _collation),
            _ => SqlComparison.GreaterOrEqual(l, _la, r, _ra, _collation),
        };
    }
}

/// <summary>AND / OR with three-valued logic; the right side is skipped when the left decides.</summary>
internal sealed class LogicEvaluator(bool isAnd, Evaluator left, Evaluator right) : Evaluator
{
    private static readonly DbValue True = DbValue.FromInt64(1);
    private static readonly DbValue False = DbValue.FromInt64(0);

    public override bool IsConstant => left.IsConstant && right.IsConstant;

    public override DbValue Evaluate()
    {
        bool? l = SqlTruth.IsTrue(left.Evaluate());
        if (isAnd)
        {
            if (l == false)
            {
                return False;
            }

            bool? r = SqlTruth.IsTrue(right.Evaluate());
            return r == false ? False : l == true && r == true ? True : DbValue.Null;
        }

        if (l == true)
        {
            return True;
        }

        bool? rr = SqlTruth.IsTrue(right.Evaluate());
        return rr == true ? True : l == false && rr == false ? False : DbValue.Null;
    }
}

/// <summary>Unary minus, plus, bitwise NOT and logical NOT.</summary>
internal sealed class UnaryEvaluator(UnaryOperator op, Evaluator operand) : Evaluator
{
    public override bool IsConstant => operand.IsConstant;

    public override DbValue Evaluate()
    {
        DbValue value = operand.Evaluate();
        return op switch
        {
            UnaryOperator.Negate => SqlArithmetic.Negate(value),
            UnaryOperator.Plus => value,
            UnaryOperator.BitwiseNot => SqlArithmetic.BitNot(value),
            _ => SqlTruth.Not(value),
        };
    }
}

/// <summary>IS / IS NOT (NULL-safe equality).</summary>
internal sealed class IsEvaluator(Evaluator left, Evaluator right, bool negated) : Evaluator
{
    private readonly TextCollation _collation = ComparisonCollation(left, right);

    public override bool IsConstant => left.IsConstant && right.IsConstant;

    public override DbValue Evaluate()
    {
        DbValue l = left.Evaluate();
        DbValue r = right.Evaluate();
        return negated
            ? SqlComparison.IsNot(l, left.Affinity, r, right.Affinity, _collation)
            : SqlComparison.Is(l, left.Affinity, r, right.Affinity, _collation);
    }
}
