// The joins of SelectCorePlanner's FROM side. FROM associates left to right (SQLite's
// order), so each join adds its right side to the part holding everything on its left. An
// inner or cross join and a LEFT JOIN of one relation extend the part's nested loops (their
// ON conditions in its Where, or under the LEFT JOINed relation); `a RIGHT JOIN b` of two
// relations runs as `b LEFT JOIN a`, and a FULL JOIN of two relations that is the whole
// list, with a table on its right, as a LEFT JOIN followed by FullJoinTail. Any other RIGHT
// or FULL JOIN, and an outer join whose right side is a parenthesized join, becomes an
// OuterJoinGroup (JoinPart). USING and NATURAL follow SQLite: in a FROM with a RIGHT or FULL
// JOIN the left value of a USING column is the coalesce of every left relation that has it,
// with the first one's affinity and collation (PlanningContext.MergedUsingValues).
namespace SharpCoreDB.Planning;

internal sealed partial class SelectCorePlanner
{
    /// <summary>A list of joined FROM items (the clause, or a parenthesized join): its first relation's index, and whether a RIGHT or FULL JOIN is in it.</summary>
    private sealed record FromList(int Start, bool HasRightOrFullJoin);

    private void AddJoin(JoinSource join, Scope scope, JoinPart part, FromList list, bool lastOfList)
    {
        if (join.Left is JoinSource leftJoin)
        {
            AddJoin(leftJoin, scope, part, list, lastOfList: false);
        }
        else
        {
            AddSource(join.Left, scope, part);
        }

        int before = scope.Relations.Count;
        var rightPart = new JoinPart();
        AddSource(join.Right, scope, rightPart);
        Relation right = scope.Relations[^1];
        right.JoinedBy = join.Kind;
        if (join.Kind is JoinKind.Right or JoinKind.Full)
        {
            for (int i = list.Start; i < before; i++)
            {
                scope.Relations[i].LeftOfRightJoin = true;
            }
        }

        bool outer = join.Kind is JoinKind.Left or JoinKind.Right or JoinKind.Full;
        int end = outer || list.HasRightOrFullJoin ? scope.Relations.Count : int.MaxValue;
        List<JoinCondition> on = [.. Conditions(join, scope, list, before, right).Select(c => new JoinCondition(c, list.Start, end))];
        switch (join.Kind)
        {
            case JoinKind.Inner or JoinKind.Cross when rightPart.Group is null && !rightPart.Relations.Exists(r => r.IsFullJoined):
                part.Absorb(rightPart);
                part.Where.AddRange(on);
                return;
            case JoinKind.Left when rightPart.IsSingleRelation:
                AddLeftJoined(part, right, on);
                return;
        }

        if (ReadsLeftSide(rightPart))
        {
            // A side of its own cannot read the other side. For a RIGHT or FULL JOIN SQLite runs the function
            // once per left row, as a lateral join, yet also looks for its unmatched rows.
            throw Unsupported(KindName(join.Kind) + " with a table-valued function that reads the tables on its left");
        }

        if (join.Kind == JoinKind.Right && part.IsSingleRelation && rightPart.IsSingleRelation)
        {
            // `a RIGHT JOIN b ON c` is `b LEFT JOIN a ON c` with a's columns first: a is the
            // null-extended side and is read after b.
            Relation nullExtended = part.Relations[0];
            nullExtended.IsLeftJoined = true;
            nullExtended.MustFollow = JoinPlanner.Bit(right);
            part.On[nullExtended] = on;
            part.Relations.Add(right);
            return;
        }

        if (join.Kind == JoinKind.Full && lastOfList && part.IsSingleRelation && rightPart.IsSingleRelation && right.Table is not null)
        {
            // `a FULL JOIN b ON c` runs as `a LEFT JOIN b ON c`, then b's unmatched rows (FullJoinTail).
            right.IsFullJoined = true;
            AddLeftJoined(part, right, on);
            return;
        }

        JoinKind kind = join.Kind == JoinKind.Cross ? JoinKind.Inner : join.Kind;
        part.Group = new OuterJoinGroup(kind, part.TakeAll(), rightPart, on);
    }

    // A LEFT JOIN level: read after everything the part holds, matched by its ON conditions.
    private static void AddLeftJoined(JoinPart part, Relation right, List<JoinCondition> on)
    {
        right.IsLeftJoined = true;
        right.MustFollow = part.Mask;
        part.On[right] = on;
        part.Relations.Add(right);
    }

    // The join's ON condition and its USING columns (NATURAL: every column name both sides
    // have) as equalities of the left side's value and the right relation's column.
    private List<Expression> Conditions(JoinSource join, Scope scope, FromList list, int before, Relation right)
    {
        var conditions = new List<Expression>();
        if (join.On is not null)
        {
            conditions.Add(join.On);
        }

        IEnumerable<string> usingColumns = join.Natural ? CommonColumns(scope, list.Start, before, right) : join.Using;
        foreach (string column in usingColumns)
        {
            List<Relation> lefts = UsingLeftSides(scope, list, before, column);
            if (lefts.Count == 0 || right.FindColumn(column) < 0)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"cannot join using column {column} - column not present in both tables");
            }

            // The condition names both sides; with one name for both it would compare a table with itself.
            if (lefts.Exists(left => string.Equals(left.Name, right.Name, StringComparison.OrdinalIgnoreCase)))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError,
                    $"ambiguous table name in USING or NATURAL join: {right.Name} (give one of them an alias)");
            }

            right.HiddenByUsing.Add(column);
            Expression leftValue = new ColumnReference(lefts[0].Name, column);
            if (lefts.Count > 1)
            {
                leftValue = new FunctionCallExpression("coalesce", [.. lefts.Select(left => (Expression)new ColumnReference(left.Name, column))], Distinct: false, Star: false);
                planning.MergedUsingValues.Add(leftValue);
            }

            conditions.Add(new BinaryExpression(BinaryOperator.Equal, leftValue, new ColumnReference(right.Name, column)));
        }

        return conditions;
    }

    // The left relations whose column a USING column compares: the left-most that has it; in a list
    // with a RIGHT or FULL JOIN, as in SQLite, also every later one, each of which must have been
    // joined by USING on it, since a RIGHT or FULL JOIN may have left the earlier ones NULL.
    private static List<Relation> UsingLeftSides(Scope scope, FromList list, int before, string column)
    {
        var lefts = new List<Relation>();
        for (int i = list.Start; i < before; i++)
        {
            Relation r = scope.Relations[i];
            if (r.FindColumn(column) < 0)
            {
                continue;
            }

            if (lefts.Count > 0 && !list.HasRightOrFullJoin)
            {
                break;
            }

            if (lefts.Count > 0 && !r.HiddenByUsing.Contains(column))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"ambiguous reference to {column} in USING()");
            }

            lefts.Add(r);
        }

        return lefts;
    }

    // NATURAL: the right side's column names that some relation on the left also has, in the right side's order.
    private static List<string> CommonColumns(Scope scope, int first, int before, Relation right)
    {
        var common = new List<string>();
        foreach (string name in right.ColumnNames)
        {
            for (int i = first; i < before; i++)
            {
                if (scope.Relations[i].FindColumn(name) >= 0)
                {
                    common.Add(name);
                    break;
                }
            }
        }

        return common;
    }

    private static bool HasRightOrFullJoin(JoinSource join)
    {
        for (TableSource source = join; source is JoinSource j; source = j.Left)
        {
            if (j.Kind is JoinKind.Right or JoinKind.Full)
            {
                return true;
            }
        }

        return false;
    }

    // A table-valued function on the right whose arguments read a relation outside the right side.
    private static bool ReadsLeftSide(JoinPart rightPart)
    {
        ulong mask = rightPart.Mask;
        return rightPart.AllRelations().Exists(r => r.TableFunction is not null && (r.MustFollow & ~mask) != 0);
    }

    private static string KindName(JoinKind kind) => kind switch
    {
        JoinKind.Left => "LEFT JOIN",
        JoinKind.Right => "RIGHT JOIN",
        JoinKind.Full => "FULL JOIN",
        _ => "JOIN",
    };

    private static SharpCoreDBException Unsupported(string construct) =>
        new(SharpCoreDBErrorCode.SemanticError, construct + " is not supported");

    // Every condition of the FROM clause and of WHERE, split into compiled conjuncts, part by part.
    private void CompileConditions(JoinPart part, Scope scope, PredicateAnalyzer analyzer)
    {
        part.CompiledWhere = CompileConditions(part.Where, scope, analyzer);
        part.CompiledOn = [];
        foreach ((Relation r, List<JoinCondition> conditions) in part.On)
        {
            part.CompiledOn[r] = CompileConditions(conditions, scope, analyzer);
        }

        if (part.Group is { } group)
        {
            group.CompiledOn = CompileConditions(group.On, scope, analyzer);
            CompileConditions(group.Left, scope, analyzer);
            CompileConditions(group.Right, scope, analyzer);
        }
    }

    private List<Conjunct> CompileConditions(List<JoinCondition> conditions, Scope scope, PredicateAnalyzer analyzer)
    {
        var compiled = new List<Conjunct>();
        var parts = new List<Expression>();
        foreach (JoinCondition condition in conditions)
        {
            parts.Clear();
            RowValues.Conjuncts(condition.Expression, parts, impliedBounds: true);
            foreach (Expression e in parts)
            {
                compiled.Add(CompileConjunct(e, condition, scope, analyzer));
            }
        }

        return compiled;
    }
}
