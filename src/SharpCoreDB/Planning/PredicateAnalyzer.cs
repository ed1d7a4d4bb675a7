// Finds the column predicates in a conjunct that access paths can use:
// `col OP expr` and `expr OP col` for = < <= > >=, `col IN (list)` and
// `col BETWEEN a AND b`, where col is a column (or rowid) of a relation of this
// scope and expr does not read that relation. In place of col, an expression over
// one relation's columns that an index of its table has as a key.
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
                if ((Column(inExpression.Operand, scope) ?? IndexedExpression(inExpression.Operand, scope)) is { } target)
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
                            SqlTypeAffinity.None, target.Evaluator, target.Evaluator.Collation ?? TextCollation.Binary)
                        {
                            KeyText = KeyTextOf(target, inExpression.Operand, scope),
                        });
                    }
                }

                break;
        }
    }

    private void AddComparison(Conjunct conjunct, Scope scope, Expression columnSide, Expression valueSide, PredicateKind kind, bool columnOnLeft)
    {
        if ((Column(columnSide, scope) ?? IndexedExpression(columnSide, scope)) is not { } target)
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
        conjunct.Predicates.Add(new ColumnPredicate(target.Relation, target.Column, kind, [value], mask, value.Affinity, target.Evaluator, collation)
        {
            KeyText = KeyTextOf(target, columnSide, scope),
        });
    }

    // An expression over one relation's columns that one of its table's indexes has as a key (`lower(name) = ?` with an
    // index on lower(name)): a predicate on IndexSchema.ExpressionColumn, told apart by its key text.
    private (Relation Relation, int Column, Evaluator Evaluator)? IndexedExpression(Expression expression, Scope scope)
    {
        if (expression is ColumnReference or LiteralExpression or ParameterExpression)
        {
            return null;
        }

        foreach (Relation r in scope.Relations)
        {
            if (r.Table is not { } table || r.NotIndexed || !table.Indexes.Any(i => i.HasExpressions)
                || KeyText(expression, r, scope) is not { } text || !table.Indexes.Any(i => i.KeyTexts.Contains(text)))
            {
                continue;
            }

            try
            {
                return (r, IndexSchema.ExpressionColumn, planning.Expressions.Compile(expression, scope));
            }
            catch (SharpCoreDBException)
            {
                return null;
            }
        }

        return null;
    }

    private string? KeyTextOf((Relation Relation, int Column, Evaluator Evaluator) target, Expression expression, Scope scope) =>
        target.Column == IndexSchema.ExpressionColumn ? KeyText(expression, target.Relation, scope) : null;

    // The key text of an expression, read under any COLLATE around it (SQLite's rule: `lower(b) COLLATE NOCASE = ?` may
    // seek an index on lower(b) in NOCASE; the comparison's collation, which the COLLATE sets, must still be the key's).
    private string? KeyText(Expression expression, Relation relation, Scope scope)
    {
        while (expression is CollateExpression collate)
        {
            expression = collate.Operand;
        }

        return IndexKeyText.Of(expression, relation.Table!, reference => OrdinalIn(relation, reference, scope));
    }

    private (Evaluator Value, ulong Mask, bool SawSubquery) CompileValue(Expression expression, Scope scope)
    {
        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        Evaluator value = planning.Expressions.Compile(expression, scope);
        return (value, scope.ReferenceMask, scope.SawSubquery);
    }

    /// <summary>The ordinal in <paramref name="relation"/>'s table of the column <paramref name="reference"/> names in <paramref name="scope"/>, or null.</summary>
    public int? OrdinalIn(Relation relation, ColumnReference reference, Scope scope) =>
        Column(reference, scope) is { } found && found.Relation == relation ? found.Column : null;

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
