// Row values, `(a, b) = (1, 2)`, compiled by rewriting them into the scalar expressions
// SQLite defines them by, with the same three-valued results:
//
//   (a, b) =  (x, y)    a = x AND b = y              (IS: a IS x AND b IS y)
//   (a, b) <> (x, y)    a <> x OR b <> y             (IS NOT: a IS NOT x OR b IS NOT y)
//   (a, b) <  (x, y)    a < x OR (a = x AND b < y)   (<=, >, >= alike: only the last pair is <=, >=)
//   r BETWEEN l AND h   r >= l AND r <= h
//   r IN (r1, r2, ..)   r = r1 OR r = r2 OR ..
//   r IN (SELECT ..)    true if some row equals, NULL if none does but one compares NULL, else false;
//                       compiled as a set of the subquery's rows (RowInSubqueryEvaluator), not rewritten
//
// A side written as a subquery stands for its first row: its i-th item is the subquery
// read at column i. Rewriting `=` this way also lets the planner see `a = 1 AND b = 2`
// and seek an index on (a, b). A row value anywhere else is "row value misused".
// Conjuncts splits a WHERE into its AND-ed parts, after that rewriting.
namespace SharpCoreDB.Planning;

/// <summary>Rewrites row-value expressions into scalar ones.</summary>
internal static class RowValues
{
    /// <summary>The scalar form of <paramref name="expression"/> when it compares row values; null otherwise.</summary>
    public static Expression? Lower(Expression expression) => expression switch
    {
        BinaryExpression { Operator: var op } binary when IsComparison(op) && (IsRow(binary.Left) || IsRow(binary.Right)) =>
            Compare(op, Items(binary.Left, binary.Right), Items(binary.Right, binary.Left)),
        IsExpression isExpression when IsRow(isExpression.Left) || IsRow(isExpression.Right) =>
            Same(Items(isExpression.Left, isExpression.Right), Items(isExpression.Right, isExpression.Left), isExpression.Negated),
        BetweenExpression between when IsRow(between.Operand) || IsRow(between.Low) || IsRow(between.High) =>
            Negate(new BinaryExpression(BinaryOperator.And,
                Lower(new BinaryExpression(BinaryOperator.GreaterOrEqual, between.Operand, between.Low))!,
                Lower(new BinaryExpression(BinaryOperator.LessOrEqual, between.Operand, between.High))!), between.Negated),
        // IN (SELECT ..) stays: the compiler reads the subquery into a set (Execution/Evaluators/RowInSubqueryEvaluator).
        InExpression { Operand: RowValueExpression row, Subquery: null } inExpression => Negate(In(row, inExpression), inExpression.Negated),
        _ => null,
    };

    public static SharpCoreDBException Misused() => new(SharpCoreDBErrorCode.SemanticError, "row value misused");

    private static bool IsComparison(BinaryOperator op) => op is BinaryOperator.Equal or BinaryOperator.NotEqual or BinaryOperator.Less
        or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual;

    private static bool IsRow(Expression e) => e is RowValueExpression;

    // The items of one side; a subquery opposite a row of n stands for its first row's n columns.
    private static List<Expression> Items(Expression side, Expression other)
    {
        int width = other is RowValueExpression otherRow ? otherRow.Values.Count : 1;
        return side switch
        {
            RowValueExpression row => [.. row.Values],
            SubqueryExpression subquery when width > 1 => [.. Enumerable.Range(0, width).Select(i => (Expression)(subquery with { Column = i }))],
            _ => [side],
        };
    }

    private static Expression Compare(BinaryOperator op, List<Expression> left, List<Expression> right)
    {
        if (left.Count != right.Count || left.Count < 2)
        {
            throw Misused();
        }

        switch (op)
        {
            case BinaryOperator.Equal:
                return Join(BinaryOperator.And, left.Select((l, i) => (Expression)new BinaryExpression(BinaryOperator.Equal, l, right[i])));
            case BinaryOperator.NotEqual:
                return Join(BinaryOperator.Or, left.Select((l, i) => (Expression)new BinaryExpression(BinaryOperator.NotEqual, l, right[i])));
        }

        BinaryOperator strict = op is BinaryOperator.Less or BinaryOperator.LessOrEqual ? BinaryOperator.Less : BinaryOperator.Greater;
        int last = left.Count - 1;
        Expression result = new BinaryExpression(op, left[last], right[last]);
        for (int i = last - 1; i >= 0; i--)
        {
            result = new BinaryExpression(BinaryOperator.Or,
                new BinaryExpression(strict, left[i], right[i]),
                new BinaryExpression(BinaryOperator.And, new BinaryExpression(BinaryOperator.Equal, left[i], right[i]), result));
        }

        return result;
    }

    private static Expression Same(List<Expression> left, List<Expression> right, bool negated)
    {
        if (left.Count != right.Count || left.Count < 2)
        {
            throw Misused();
        }

        return Join(negated ? BinaryOperator.Or : BinaryOperator.And, left.Select((l, i) => (Expression)new IsExpression(l, right[i], negated)));
    }

    private static Expression In(RowValueExpression row, InExpression inExpression) =>
        inExpression.Values.Count == 0
            ? new IntegerLiteral(0)
            : Join(BinaryOperator.Or, inExpression.Values.Select(value => Compare(BinaryOperator.Equal, [.. row.Values], Items(value, row))));

    private static Expression Join(BinaryOperator op, IEnumerable<Expression> parts) =>
        parts.Aggregate((a, b) => new BinaryExpression(op, a, b));

    private static Expression Negate(Expression expression, bool negated) =>
        negated ? new UnaryExpression(UnaryOperator.Not, expression) : expression;

    /// <summary>
    /// Splits a condition into its AND-ed parts. With <paramref name="impliedBounds"/> (a WHERE or ON condition, where a
    /// part only ever needs to be true), an ordering of two row values also yields the bound it implies on their first
    /// items: `(a, b) > (x, y)` is true only when `a >= x` is, and that part lets an index on a (or the rowid) seek
    /// where the rewritten OR cannot, as keyset paging needs (`WHERE (col, rowid) > (@v, @r)`).
    /// </summary>
    public static void Conjuncts(Expression? expression, List<Expression> into, bool impliedBounds = false)
    {
        if (expression is null)
        {
            return;
        }

        if (impliedBounds && ImpliedBound(expression) is { } bound)
        {
            into.Add(bound);
        }

        // A row value comparison splits too: `(a, b) = (1, 2)` is `a = 1 AND b = 2`, which indexes serve.
        expression = Lower(expression) ?? expression;
        if (expression is BinaryExpression { Operator: BinaryOperator.And } and)
        {
            Conjuncts(and.Left, into, impliedBounds);
            Conjuncts(and.Right, into, impliedBounds);
            return;
        }

        into.Add(expression);
    }

    // `(a, ..) < (x, ..)` and `<=` imply `a <= x`; `>` and `>=` imply `a >= x` (SQLite defines the row comparison as
    // `a < x OR (a = x AND ..)`, each scalar comparison with its usual affinity and collation, so either way a
    // true result has the first items in that order).
    private static BinaryExpression? ImpliedBound(Expression expression) => expression switch
    {
        BinaryExpression { Left: RowValueExpression left, Right: RowValueExpression right } binary
            when left.Values.Count == right.Values.Count && left.Values.Count >= 2 => binary.Operator switch
            {
                BinaryOperator.Less or BinaryOperator.LessOrEqual => new BinaryExpression(BinaryOperator.LessOrEqual, left.Values[0], right.Values[0]),
                BinaryOperator.Greater or BinaryOperator.GreaterOrEqual => new BinaryExpression(BinaryOperator.GreaterOrEqual, left.Values[0], right.Values[0]),
                _ => null,
            },
        _ => null,
    };
}
