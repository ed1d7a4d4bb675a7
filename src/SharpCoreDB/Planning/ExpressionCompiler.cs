// Compiles AST expressions into evaluators bound to frame slots: resolves
// column names through the scope chain (marking correlated scopes), maps
// parameters to slots, turns aggregate calls into reads of the aggregate frame,
// and plans subqueries.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Planning;

/// <summary>AST expression to evaluator.</summary>
internal sealed partial class ExpressionCompiler(PlanningContext planning)
{
    private readonly HashSet<Expression> _expandingAliases = new(ReferenceEqualityComparer.Instance);

    public Evaluator Compile(Expression expression, Scope? scope)
    {
        // A row IN a subquery reads the subquery into a set once, not once per row as its scalar rewriting would.
        if (expression is InExpression { Operand: RowValueExpression row, Subquery: not null } rowIn)
        {
            return CompileRowIn(rowIn, row, scope);
        }

        if (RowValues.Lower(expression) is { } scalar)
        {
            return Compile(scalar, scope);
        }

        switch (expression)
        {
            case RowValueExpression:
                throw RowValues.Misused();
            case IntegerLiteral i:
                return new ConstantEvaluator(DbValue.FromInt64(i.Value));
            case RealLiteral r:
                return new ConstantEvaluator(DbValue.FromDouble(r.Value));
            case StringLiteral s:
                return new ConstantEvaluator(DbValue.FromText(s.Value));
            case BlobLiteral b:
                return new ConstantEvaluator(DbValue.FromBlob(b.Value.AsSpan()));
            case BooleanLiteral boolean:
                return new ConstantEvaluator(DbValue.FromInt64(boolean.Value ? 1 : 0));
            case NullLiteral:
                return new ConstantEvaluator(DbValue.Null);
            case CurrentTimeLiteral time:
                return new CurrentTimeEvaluator(planning.Query, time.Kind);
            case ParameterExpression parameter:
                return new ParameterEvaluator(planning.Query, planning.ParameterSlot(parameter));
            case ColumnReference column:
                return ResolveColumn(column, scope);
            case UnaryExpression unary:
                {
                    // Unary + keeps a column's collation (SQLite's rule); the other operators keep only a COLLATE's.
                    Evaluator operand = Compile(unary.Operand, scope);
                    bool keeps = unary.Operator == UnaryOperator.Plus || operand.HasExplicitCollation;
                    return new UnaryEvaluator(unary.Operator, operand)
                    {
                        Collation = keeps ? operand.Collation : null,
                        HasExplicitCollation = operand.HasExplicitCollation,
                    };
                }

            case BinaryExpression binary:
                return CompileBinary(binary, scope);
            case IsExpression isExpression:
                return new IsEvaluator(Compile(isExpression.Left, scope), Compile(isExpression.Right, scope), isExpression.Negated);
            case BetweenExpression between:
                return new BetweenEvaluator(Compile(between.Operand, scope), Compile(between.Low, scope), Compile(between.High, scope), between.Negated);
            case InExpression inExpression:
                return CompileIn(inExpression, scope);
            case LikeExpression like:
                return new LikeEvaluator(like.Operator, Compile(like.Operand, scope), Compile(like.Pattern, scope),
                    like.Escape is null ? null : Compile(like.Escape, scope), like.Negated);
            case CaseExpression caseExpression:
                return CompileCase(caseExpression, scope);
            case CastExpression cast:
                {
                    Evaluator operand = Compile(cast.Operand, scope);
                    return new CastEvaluator(operand, cast.Type)
                    {
                        Affinity = cast.Type.Affinity,
                        Collation = operand.Collation,
                        HasExplicitCollation = operand.HasExplicitCollation,
                    };
                }

            case CollateExpression collate:
                {
                    Evaluator operand = Compile(collate.Operand, scope);
                    return new CollateEvaluator(operand)
                    {
                        Affinity = operand.Affinity,
                        Collation = planning.Collation(collate.Collation),
                        HasExplicitCollation = true,
                    };
                }

            case FunctionCallExpression call when planning.MergedUsingValues.Contains(call):
                return MergedValue([.. call.Arguments.Select(argument => Compile(argument, scope))]);
            case FunctionCallExpression call:
                return CompileCall(call, scope);
            case RaiseExpression raise:
                return new RaiseEvaluator(raise.Kind, raise.Message is null ? null : Compile(raise.Message, scope));
            case SubqueryExpression subquery:
                {
                    SelectPlan plan = planning.Selects.Plan(subquery.Subquery, scope);
                    if (subquery.Column >= plan.Columns.Count)
                    {
                        throw Error($"sub-select returns {plan.Columns.Count} columns - expected {subquery.Column + 1}");
                    }

                    return new ScalarSubqueryEvaluator(planning.Query, plan.Root, MarkSubquery(plan, scope), subquery.Column)
                    {
                        Affinity = plan.Columns[subquery.Column].Affinity,
                    };
                }

            case ExistsExpression exists:
                {
                    SelectPlan plan = planning.Selects.Plan(exists.Subquery, scope);
                    return new ExistsEvaluator(planning.Query, plan.Root, MarkSubquery(plan, scope), exists.Negated);
                }

            default:
                throw Error($"unsupported expression: {expression.GetType().Name}");
        }
    }

    /// <summary>The connection's application functions and aggregates (found before the built-in ones).</summary>
    public UserFunctions Functions => planning.Functions;

    /// <summary>True if <paramref name="expression"/> calls an aggregate function outside any subquery.</summary>
    public bool ContainsAggregate(Expression expression)
    {
        if (expression is FunctionCallExpression call && IsAggregateCall(call))
        {
            return true;
        }

        foreach (Expression child in ExpressionWalker.Children(expression))
        {
            if (ContainsAggregate(child))
            {
                return true;
            }
        }

        return false;
    }

    public bool IsAggregateCall(FunctionCallExpression call) => call.Over is null && (
        (call.Star && string.Equals(call.Name, "COUNT", StringComparison.OrdinalIgnoreCase))
        || FunctionRegistry.IsAggregate(call.Name, call.Arguments.Count, planning.Functions));

    private bool MarkSubquery(SelectPlan plan, Scope? scope)
    {
        if (plan.Correlated && scope is not null)
        {
            scope.SawSubquery = true;
        }

        return plan.Correlated;
    }

    private Evaluator CompileBinary(BinaryExpression binary, Scope? scope)
    {
        Evaluator left = Compile(binary.Left, scope);
        Evaluator right = Compile(binary.Right, scope);
        return binary.Operator switch
        {
            BinaryOperator.And => new LogicEvaluator(isAnd: true, left, right),
            BinaryOperator.Or => new LogicEvaluator(isAnd: false, left, right),
            BinaryOperator.Less or BinaryOperator.LessOrEqual or BinaryOperator.Greater or BinaryOperator.GreaterOrEqual
                or BinaryOperator.Equal or BinaryOperator.NotEqual => new ComparisonEvaluator(binary.Operator, left, right),
            // A COLLATE inside an operand carries through the operator (the left one first), as in SQLite.
            _ => new ArithmeticEvaluator(binary.Operator, left, right)
            {
                Collation = left.HasExplicitCollation ? left.Collation : right.HasExplicitCollation ? right.Collation : null,
                HasExplicitCollation = left.HasExplicitCollation || right.HasExplicitCollation,
            },
        };
    }

    private RowInSubqueryEvaluator CompileRowIn(InExpression inExpression, RowValueExpression row, Scope? scope)
    {
        Evaluator[] operands = [.. row.Values.Select(v => Compile(v, scope))];
        SelectPlan plan = planning.Selects.Plan(inExpression.Subquery!, scope);
        if (plan.Columns.Count != operands.Length)
        {
            throw Error($"sub-select returns {plan.Columns.Count} columns - expected {operands.Length}");
        }

        // Pair by pair as for `x IN (SELECT y)`: the item's explicit COLLATE, else its column's, else the subquery column's.
        TextCollation[] collations = [.. operands.Select((o, i) => o.HasExplicitCollation || o.Collation is not null
            ? o.Collation!
            : plan.Columns[i].Column?.Collating ?? TextCollation.Binary)];
        return new RowInSubqueryEvaluator(planning.Query, operands, plan.Root, [.. plan.Columns.Select(c => c.Affinity)], collations,
            MarkSubquery(plan, scope), inExpression.Negated);
    }

    private Evaluator CompileIn(InExpression inExpression, Scope? scope)
    {
        Evaluator operand = Compile(inExpression.Operand, scope);
        if (inExpression.Subquery is not null)
        {
            SelectPlan plan = planning.Selects.Plan(inExpression.Subquery, scope);
            if (plan.Columns.Count != 1)
            {
                throw Error($"sub-select returns {plan.Columns.Count} columns - expected 1");
            }

            // As for `x = y`: the operand's explicit COLLATE, else its column's, else the subquery column's.
            TextCollation collation = operand.HasExplicitCollation || operand.Collation is not null
                ? operand.Collation!
                : planning.Collation(plan.Columns[0].Column?.Collating) ?? TextCollation.Binary;
            return new InSubqueryEvaluator(planning.Query, operand, plan.Root, plan.Columns[0].Affinity, collation, MarkSubquery(plan, scope), inExpression.Negated);
        }

        var values = new Evaluator[inExpression.Values.Count];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = Compile(inExpression.Values[i], scope);
        }

        return new InListEvaluator(operand, values, inExpression.Negated);
    }

    private Evaluator CompileCase(CaseExpression caseExpression, Scope? scope)
    {
        int n = caseExpression.Whens.Count;
        var whens = new Evaluator[n];
        var thens = new Evaluator[n];
        for (int i = 0; i < n; i++)
        {
            whens[i] = Compile(caseExpression.Whens[i].When, scope);
            thens[i] = Compile(caseExpression.Whens[i].Then, scope);
        }

        return new CaseEvaluator(caseExpression.Operand is null ? null : Compile(caseExpression.Operand, scope), whens, thens,
            caseExpression.Else is null ? null : Compile(caseExpression.Else, scope));
    }

    private Evaluator ResolveColumn(ColumnReference column, Scope? scope)
    {
        for (Scope? s = scope; s is not null; s = s.Parent)
        {
            if (TryResolveIn(s, column, out Evaluator? found))
            {
                if (scope is not null && s != scope)
                {
                    scope.OuterReferences++;
                }

                for (Scope? inner = scope; inner is not null && inner != s; inner = inner.Parent)
                {
                    inner.Correlated = true;
                }

                return found!;
            }

            if (s == scope && column.Table is null)
            {
                foreach ((string alias, Expression aliased) in s.Aliases)
                {
                    if (string.Equals(alias, column.Column, StringComparison.OrdinalIgnoreCase) && _expandingAliases.Add(aliased))
                    {
                        try
                        {
                            return Compile(aliased, s);
                        }
                        finally
                        {
                            _expandingAliases.Remove(aliased);
                        }
                    }
                }
            }
        }

        string name = column.Table is null ? column.Column : column.Table + "." + column.Column;
        throw Error($"no such column: {name}");
    }

    // A name among one scope's FROM relations. A name two relations have is ambiguous unless the later
    // one was joined by USING (or NATURAL) on it; then, as in SQLite, the name reads the left-most
    // relation, except that a RIGHT JOIN's right relation (all of whose rows appear) takes over, and a
    // FULL JOIN's sides merge into the first that is not NULL: a coalesce with its first argument's
    // affinity and collation (SQLite's SQLITE_AFF_DEFER), unlike a coalesce() written in the query.
    private bool TryResolveIn(Scope scope, ColumnReference column, out Evaluator? evaluator)
    {
        evaluator = null;
        Relation? match = null;
        int ordinal = -1;
        List<(Relation Relation, int Ordinal)>? merged = null;
        foreach (Relation relation in scope.Relations)
        {
            if (column.Table is not null && !string.Equals(relation.Name, column.Table, StringComparison.OrdinalIgnoreCase))
            {
                continue;
            }

            // A parenthesized join's conditions see only its own relations (SQLite plans it as a subquery).
            if ((column.Table is null && relation.QualifiedOnly) || relation.Index < scope.VisibleFirst)
            {
                continue;
            }

            int found = relation.FindColumn(column.Column);
            if (found < 0 && relation.Table is not null && TableSchema.IsRowIdName(column.Column))
            {
                found = TableSchema.RowIdOrdinal;
            }

            if (found == -1)
            {
                continue;
            }

            if (match is not null)
            {
                bool joinedOnIt = relation.HiddenByUsing.Contains(column.Column);
                if (!joinedOnIt && !match.HiddenByUsing.Contains(column.Column))
                {
                    throw Error($"ambiguous column name: {column.Column}");
                }

                if (joinedOnIt && relation.JoinedBy is JoinKind.Right or JoinKind.Full)
                {
                    merged = relation.JoinedBy == JoinKind.Full ? [.. merged ?? [], (match, ordinal)] : null;
                    match = relation;
                    ordinal = found;
                }

                continue;
            }

            match = relation;
            ordinal = found;
        }

        if (match is null)
        {
            return false;
        }

        if (match.Index >= scope.VisibleEnd)
        {
            throw Error("ON clause references tables to its right");
        }

        evaluator = ColumnValue(scope, match, ordinal);
        if (merged is not null)
        {
            evaluator = MergedValue([.. merged.Select(m => ColumnValue(scope, m.Relation, m.Ordinal)), evaluator]);
        }

        return true;
    }

    // The value of a column merged by USING: the first side that is not NULL, compared with the first side's affinity and collation.
    private static CoalesceEvaluator MergedValue(Evaluator[] sides) => new(sides) { Affinity = sides[0].Affinity, Collation = sides[0].Collation };

    private SlotEvaluator ColumnValue(Scope scope, Relation relation, int ordinal)
    {
        scope.ReferenceMask |= 1UL << Math.Min(relation.Index, 63);
        if (ordinal == TableSchema.RowIdOrdinal)
        {
            return new SlotEvaluator(scope.Frame, relation.RowIdSlot, SqlTypeAffinity.Integer) { Affinity = SqlTypeAffinity.Integer };
        }

        relation.Used[ordinal] = true;
        SqlTypeAffinity affinity = relation.Affinities[ordinal];
        return new SlotEvaluator(scope.Frame, relation.FirstSlot + ordinal, affinity) { Affinity = affinity, Collation = planning.Collation(relation.Collations[ordinal]) };
    }

    private static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);
}
