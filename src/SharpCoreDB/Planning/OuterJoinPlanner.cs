// Builds the OuterJoinSource of an OuterJoinGroup from the pipelines of its two sides: the
// frame slots each side writes, every ON conjunct as a condition of the pair, and as hash
// keys the ON conjuncts `x = y` whose one operand reads only the left side and the other only
// the right side, compared under BINARY collation (the hash compares values, not text under
// a collation) and holding no subquery. Any relation may be on the right, a subquery's
// columns included, unlike the column predicates that access paths use.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

/// <summary>Plans the operator of a RIGHT, FULL or nested join.</summary>
internal static class OuterJoinPlanner
{
    public static OuterJoinSource Create(PlanningContext planning, Scope scope, OuterJoinGroup group, JoinNode left, JoinNode right)
    {
        List<Relation> rightRelations = group.Right.AllRelations();
        string label = rightRelations.Count == 1 ? rightRelations[0].Name : "(" + string.Join(", ", rightRelations.Select(r => r.Name)) + ")";
        HashJoinKeys? keys = Keys(planning, scope, group);
        return new OuterJoinSource(planning.Query, group.Kind, left, right, Slots(scope, group.Left), Slots(scope, group.Right),
            [.. group.CompiledOn.Select(c => c.Evaluator)], keys, label);
    }

    // Each relation's columns and the rowid slot reserved right after them.
    private static SlotSet Slots(Scope scope, JoinPart part) =>
        new(scope.Frame, [.. part.AllRelations().Select(r => (r.FirstSlot, r.ColumnNames.Length + 1))]);

    private static HashJoinKeys? Keys(PlanningContext planning, Scope scope, OuterJoinGroup group)
    {
        ulong leftMask = group.Left.Mask;
        ulong rightMask = group.Right.Mask;
        var probe = new List<Evaluator>();
        var hashed = new List<Evaluator>();
        foreach (Conjunct c in group.CompiledOn)
        {
            if (c.Ast is not BinaryExpression { Operator: BinaryOperator.Equal } equal)
            {
                continue;
            }

            (Evaluator first, ulong firstMask) = Operand(planning, scope, equal.Left);
            (Evaluator second, ulong secondMask) = Operand(planning, scope, equal.Right);
            if (!Evaluator.ComparisonCollation(first, second).IsBinary)
            {
                continue;
            }

            if (Within(firstMask, leftMask) && Within(secondMask, rightMask))
            {
                probe.Add(first);
                hashed.Add(second);
            }
            else if (Within(firstMask, rightMask) && Within(secondMask, leftMask))
            {
                probe.Add(second);
                hashed.Add(first);
            }
        }

        return probe.Count == 0 ? null : new HashJoinKeys([.. probe], [.. hashed]);
    }

    // An operand compiled alone, with the relations it reads; a subquery in it reads everything.
    private static (Evaluator Value, ulong Mask) Operand(PlanningContext planning, Scope scope, Expression expression)
    {
        scope.ReferenceMask = 0;
        scope.SawSubquery = false;
        Evaluator value = planning.Expressions.Compile(expression, scope);
        return (value, scope.SawSubquery ? ulong.MaxValue : scope.ReferenceMask);
    }

    private static bool Within(ulong mask, ulong side) => mask != 0 && (mask & ~side) == 0;
}
