// Finds the column predicates in a conjunct that access paths can use:
// `col OP expr` and `expr OP col` for = < <= > >=, `col IN (list)` and
// `col BETWEEN a AND b`, where col is a column (or rowid) of a relation of this
// scope and expr does not read that relation.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Planning;

/// <summary>Extracts seekable predicates.</summary>
internal sealed class PredicateAnalyzer(PlanningContext planning)
{
    public void Analyze(Conjunct conjunct, Scope scope)
    {
        switch (conjunct.Ast)
        {
            case BinaryExpression
            {
                Operator: BinaryOperator.Equal or BinaryOperator.Less or BinaryOperator.LessOrEqual
                or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual
            } b:
                AddComparison(conjunct, scope, b.Left, b.Right, Kind(b.Operator, flipped: false), columnOnLeft: true);
                AddComparison(conjunct, scope, b.Right, b.Left, Kind(b.Operator, flipped: true), columnOnLeft: false);
                break;
            case BetweenExpression { Negated: false } between:
                AddComparison(conjunct, scope, between.Operand, between.Low, PredicateKind.GreaterOrEqual, columnOnLeft: true);
                AddComparison(conjunct, scope, between.Operand, between.High, PredicateKind.LessOrEqual, columnOnLeft: true);
                break;
            case InExpression { Negated: false, Subquery: null } inExpression when inExpression.Values.Count > 0:
                if (Column(inExpression.Operand, scope) is { } target)
                {
                    var values = new Evaluator[inExpression.Values.Count];
                    ulong mask = 0;
                    for (int i = 0; i < values.Length; i++)
                    {
                        (values[i], ulong m, bool sub) = CompileValue(inExpression.Values[i], scope);
                        if (sub)
                        {
                            return;
                        }

                        mask |= m;
                    }

                    if ((mask & JoinPlanner.Bit(target.Relation)) == 0)
                    {
                        conjunct.Predicates.Add(new ColumnPredicate(target.Relation, target.Column, PredicateKind.In, values, mask,
                            SqlTypeAffinity.None, target.Evaluator, target.Evaluator.Collation ?? TextCollation.Binary));
                    }
                }

                break;
        }
    }

    private void AddComparison(Conjunct conjunct, Scope scope, Expression columnSide, Expression valueSide, PredicateKind kind, bool columnOnLeft)
    {
        if (Column(columnSide, scope) is not { } target)
        {
            return;
        }

        (Evaluator value, ulong mask, bool sawSubquery) = CompileValue(valueSide, scope);
        if (sawSubquery || (mask & JoinPlanner.Bit(target.Relation)) != 0)
        {
            return;
        }

        TextCollation collation = columnOnLeft
            ? Evaluator.ComparisonCollation(target.Evaluator, value)
            : Evaluator.ComparisonCollation(value, target.Evaluator);
        conjunct.Predicates.Add(new ColumnPredicate(target.Relation, target.Column, kind, [value], mask, value.Affinity, target.Evaluator, collation));
    }

    private (Evaluator Value, ulong Mask, bool SawSubquery) CompileValue(Expression expression, Scope scope)
    {
        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        Evaluator value = planning.Expressions.Compile(expression, scope);
        return (value, scope.ReferenceMask, scope.SawSubquery);
    }

    private (Relation Relation, int Column, Evaluator Evaluator)? Column(Expression expression, Scope scope)
    {
        if (expression is not ColumnReference)
        {
            return null;
        }

        Evaluator compiled;
        try
        {
            compiled = planning.Expressions.Compile(expression, scope);
        }
        catch (SharpCoreDBException)
        {
            return null;
        }

        if (compiled is not SlotEvaluator slot || slot.Frame != scope.Frame)
        {
            return null;
        }

        foreach (Relation r in scope.Relations)
        {
            if (r.Table is null)
            {
                continue;
            }

            if (slot.Slot == r.RowIdSlot || (r.Table.RowIdColumn >= 0 && slot.Slot == r.FirstSlot + r.Table.RowIdColumn))
            {
                return (r, TableSchema.RowIdOrdinal, compiled);
            }

            if (slot.Slot >= r.FirstSlot && slot.Slot < r.FirstSlot + r.ColumnNames.Length)
            {
                return (r, slot.Slot - r.FirstSlot, compiled);
            }
        }

        return null;
    }

    private static PredicateKind Kind(BinaryOperator op, bool flipped) => op switch
    {
        BinaryOperator.Equal => PredicateKind.Equal,
        BinaryOperator.Less => flipped ? PredicateKind.Greater : PredicateKind.Less,
        BinaryOperator.LessOrEqual => flipped ? PredicateKind.GreaterOrEqual : PredicateKind.LessOrEqual,
        BinaryOperator.Greater => flipped ? PredicateKind.Less : PredicateKind.Greater,
        _ => flipped ? PredicateKind.LessOrEqual : PredicateKind.GreaterOrEqual,
    };
}
