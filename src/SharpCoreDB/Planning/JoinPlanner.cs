// Chooses the join order and each relation's access path. Greedy by estimated
// cost: at every step it adds the relation (allowed by LEFT JOIN ordering) whose
// cheapest access, given the relations already bound, costs least times the rows
// the pipeline produces so far. Access paths: rowid seek/IN/range, index
// equality prefix (+ IN, + range), hash join for an equi-join no index serves,
// full scan. Each conjunct becomes a filter at the first level where everything
// it reads is bound, except one that a rowid seek answers exactly; a LIKE filter
// on a scanned table's column is also checked on the record's bytes before the
// row is decoded. Greedy keeps planning linear in the number of predicates per
// step, so dozens of tables plan in well under a millisecond each.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Planning;

/// <summary>Builds the nested-loop pipeline for a SELECT core.</summary>
internal sealed class JoinPlanner(PlanningContext planning, Func<TableSchema, long> estimateRows)
{
    /// <summary>The ORDER BY of a single-table query, as columns of that table; null when there is none to serve.</summary>
    public IReadOnlyList<OrderColumn>? RequiredOrder { get; init; }

    /// <summary>Set by <see cref="Build"/>: the access path already yields <see cref="RequiredOrder"/>.</summary>
    public bool OrderSatisfied { get; private set; }

    public JoinNode Build(Scope scope, List<Conjunct> where, Dictionary<Relation, List<Conjunct>> on)
    {
        List<Relation> relations = scope.Relations;
        var constant = new List<Evaluator>();
        if (relations.Count == 0)
        {
            var filters = new List<Evaluator>();
            foreach (Conjunct c in where)
            {
                filters.Add(c.Evaluator);
            }

            return new JoinNode(planning.Query, scope.Frame, [new JoinLevel(new SingleRowSource(), false, [], [.. filters])], []);
        }

        ulong bound = 0;
        double outerRows = 1;
        var order = new List<(Relation Relation, RowSource Source)>();
        var answeredByAccess = new HashSet<Conjunct>();
        while (order.Count < relations.Count)
        {
            (Relation Relation, RowSource Source, double Cost, double Rows, Conjunct? Answered)? best = null;
            foreach (Relation r in relations)
            {
                ulong bit = Bit(r);
                if ((bound & bit) != 0 || (r.MustFollow & ~bound) != 0)
                {
                    continue;
                }

                List<Conjunct> candidates = r.IsLeftJoined ? on.GetValueOrDefault(r) ?? [] : where;
                (RowSource source, double cost, double rows, Conjunct? answered) = ChooseAccess(scope, r, bound, candidates, where, outerRows);
                if (best is null || cost < best.Value.Cost)
                {
                    best = (r, source, cost, rows, answered);
                }

                if (r.IsLeftJoined)
                {
                    break;
                }
            }

            order.Add((best!.Value.Relation, best.Value.Source));
            if (best.Value.Answered is { } answeredConjunct)
            {
                answeredByAccess.Add(answeredConjunct);
            }
            bound |= Bit(best.Value.Relation);
            outerRows = Math.Max(1, outerRows * best.Value.Rows);
        }

        if (RequiredOrder is not null && order.Count == 1 && order[0].Relation.Table is not null)
        {
            (RowSource source, bool satisfied) = IndexOrder.Apply(planning, order[0].Relation, order[0].Source, RequiredOrder);
            order[0] = (order[0].Relation, source);
            OrderSatisfied = satisfied;
        }

        var levelFilters = new List<Evaluator>[order.Count];
        for (int i = 0; i < order.Count; i++)
        {
            levelFilters[i] = [];
        }

        var position = new Dictionary<int, int>();
        for (int i = 0; i < order.Count; i++)
        {
            position[order[i].Relation.Index] = i;
        }

        foreach (Conjunct c in where)
        {
            if (answeredByAccess.Contains(c))
            {
                continue;
            }

            int level = LevelOf(c.Mask, relations, position);
            if (level < 0)
            {
                constant.Add(c.Evaluator);
            }
            else
            {
                levelFilters[level].Add(c.Evaluator);
            }
        }

        var levels = new JoinLevel[order.Count];
        for (int i = 0; i < order.Count; i++)
        {
            Relation r = order[i].Relation;
            var onFilters = new List<Evaluator>();
            if (r.IsLeftJoined && on.TryGetValue(r, out List<Conjunct>? conditions))
            {
                foreach (Conjunct c in conditions)
                {
                    onFilters.Add(c.Evaluator);
                }
            }

            if (!r.IsLeftJoined && r.Table is not null && order[i].Source is TableScanSource scan)
            {
                // A LEFT JOIN level must see every row (its WHERE filters run after the match is decided).
                foreach (Evaluator filter in levelFilters[i])
                {
                    if (RecordLikeFilter.TryCreate(filter, scope.Frame, r.FirstSlot, r.Table) is { } recordFilter)
                    {
                        scan.AddRecordFilter(recordFilter);
                    }
                }
            }

            levels[i] = new JoinLevel(order[i].Source, r.IsLeftJoined, [.. onFilters], [.. levelFilters[i]]);
        }

        return new JoinNode(planning.Query, scope.Frame, levels, [.. constant]);
    }

    // True if c is `col = v`, `v = col` or `col IN (...)`: then any of its predicates says all it says.
    // (`a = b` between two columns gives a predicate for each side; either one answers it.)
    private static bool IsSingleComparison(Conjunct c) =>
        c.Ast is BinaryExpression { Operator: BinaryOperator.Equal } or InExpression { Negated: false, Subquery: null };

    public static ulong Bit(Relation r) => 1UL << Math.Min(r.Index, 63);

    private static int LevelOf(ulong mask, List<Relation> relations, Dictionary<int, int> position)
    {
        if (mask == 0)
        {
            return -1;
        }

        int level = 0;
        foreach (Relation r in relations)
        {
            if ((mask & Bit(r)) != 0)
            {
                level = Math.Max(level, position[r.Index]);
            }
        }

        return level;
    }

    private (RowSource Source, double Cost, double Rows, Conjunct? Answered) ChooseAccess(Scope scope, Relation r, ulong bound, List<Conjunct> candidates,
        List<Conjunct> where, double outerRows)
    {
        if (r.Table is null)
        {
            var sub = new SubqueryRowSource(planning.Query, r.Subplan!, scope.Frame, r.FirstSlot, r.Name, r.SubplanCorrelated);
            return (sub, outerRows * 100, 100, null);
        }

        TableSchema table = r.Table;
        var decoder = new RowDecoder(table, scope.Frame, r.FirstSlot, r.RowIdSlot, r.Used);
        var usable = new List<ColumnPredicate>();
        foreach (Conjunct c in candidates)
        {
            foreach (ColumnPredicate p in c.Predicates)
            {
                if (p.Relation != r || (p.ValueMask & ~bound) != 0)
                {
                    continue;
                }

                // Rowid equality or IN list. The seek yields exactly the rows the conjunct accepts
                // (it applies the column's INTEGER affinity to each value, as the comparison does),
                // so a conjunct that is nothing but this predicate needs no filter after it.
                if (p.Column == TableSchema.RowIdOrdinal && p.Kind is PredicateKind.Equal or PredicateKind.In)
                {
                    var seek = new RowIdSeekSource(planning.Query, table, decoder, r.Name, p.Values);
                    Conjunct? answered = !r.IsLeftJoined && IsSingleComparison(c) ? c : null;
                    return (seek, outerRows * p.Values.Length * 2, p.Values.Length, answered);
                }

                usable.Add(p);
            }
        }

        // Sized only past the rowid seek, which needs no size: estimating reads pages, and
        // a point query on a just-opened database should read only the pages it returns.
        double n = Math.Max(100, estimateRows(table));
        RowSource bestSource = new TableScanSource(planning.Query, table, decoder, r.Name, null, false, null, false, false);
        double bestCost = outerRows * n;
        double bestRows = n * Selectivity(usable.Count);
        Evaluator? low = null;
        Evaluator? high = null;
        bool lowInclusive = false;
        bool highInclusive = false;
        foreach (ColumnPredicate p in usable)
        {
            if (p.Column == TableSchema.RowIdOrdinal && p.Kind != PredicateKind.In)
            {
                if (p.Kind is PredicateKind.Greater or PredicateKind.GreaterOrEqual)
                {
                    (low, lowInclusive) = (p.Values[0], p.Kind == PredicateKind.GreaterOrEqual);
                }
                else
                {
                    (high, highInclusive) = (p.Values[0], p.Kind == PredicateKind.LessOrEqual);
                }
            }
        }

        if (low is not null || high is not null)
        {
            double rows = n / (low is not null && high is not null ? 8 : 4);
            bestSource = new TableScanSource(planning.Query, table, decoder, r.Name, low, lowInclusive, high, highInclusive, false);
            bestCost = outerRows * (rows + 2);
            bestRows = rows;
        }

        foreach (IndexSchema index in table.Indexes)
        {
            (RowSource? source, double rows) = TryIndex(table, index, r, decoder, usable, n);
            double cost = outerRows * ((rows * 1.2) + Math.Log2(n));
            if (source is not null && cost < bestCost)
            {
                bestSource = source;
                bestCost = cost;
                bestRows = rows;
            }
        }

        if (bound != 0 && bestSource is TableScanSource && outerRows > 1)
        {
            RowSource? hash = TryHashJoin(scope, r, decoder, usable, where);
            if (hash is not null && n + outerRows < bestCost)
            {
                return (hash, n + outerRows, Math.Max(1, bestRows / 10), null);
            }
        }

        return (bestSource, bestCost, bestRows, null);
    }

    private (RowSource? Source, double Rows) TryIndex(TableSchema table, IndexSchema index, Relation r, RowDecoder decoder,
        List<ColumnPredicate> usable, double n)
    {
        var equal = new List<Evaluator>();
        Evaluator[]? inList = null;
        Evaluator? low = null;
        Evaluator? high = null;
        bool lowInclusive = false;
        bool highInclusive = false;
        int k = 0;
        for (; k < index.Columns.Length; k++)
        {
            ColumnPredicate? eq = Find(usable, index.Columns[k], table, PredicateKind.Equal);
            if (eq is null)
            {
                break;
            }

            equal.Add(eq.Values[0]);
        }

        if (k < index.Columns.Length)
        {
            ColumnPredicate? inPredicate = Find(usable, index.Columns[k], table, PredicateKind.In);
            if (inPredicate is not null)
            {
                inList = inPredicate.Values;
                k++;
            }
        }

        if (k < index.Columns.Length)
        {
            foreach (ColumnPredicate p in usable)
            {
                if (!Matches(p, index.Columns[k], table))
                {
                    continue;
                }

                if (p.Kind is PredicateKind.Greater or PredicateKind.GreaterOrEqual && low is null)
                {
                    (low, lowInclusive) = (p.Values[0], p.Kind == PredicateKind.GreaterOrEqual);
                }
                else if (p.Kind is PredicateKind.Less or PredicateKind.LessOrEqual && high is null)
                {
                    (high, highInclusive) = (p.Values[0], p.Kind == PredicateKind.LessOrEqual);
                }
            }
        }

        if (equal.Count == 0 && inList is null && low is null && high is null)
        {
            return (null, 0);
        }

        double rows = n;
        for (int i = 0; i < equal.Count; i++)
        {
            rows /= 10;
        }

        if (index.IsUnique && equal.Count == index.Columns.Length)
        {
            rows = 1;
        }

        if (inList is not null)
        {
            rows = Math.Min(n, rows / 10 * inList.Length);
        }

        if (low is not null || high is not null)
        {
            rows /= low is not null && high is not null ? 8 : 4;
        }

        var source = new IndexSeekSource(planning.Query, table, index, decoder, r.Name, [.. equal], inList, low, lowInclusive, high, highInclusive);
        return (source, Math.Max(1, rows));
    }

    private RowSource? TryHashJoin(Scope scope, Relation r, RowDecoder decoder, List<ColumnPredicate> usable, List<Conjunct> where)
    {
        var inner = new List<Evaluator>();
        var outer = new List<Evaluator>();
        foreach (ColumnPredicate p in usable)
        {
            if (p.Kind == PredicateKind.Equal && p.ValueMask != 0)
            {
                inner.Add(p.ColumnEvaluator);
                outer.Add(p.Values[0]);
            }
        }

        if (inner.Count == 0)
        {
            return null;
        }

        var buildFilters = new List<Evaluator>();
        foreach (Conjunct c in where)
        {
            if (c.Mask == Bit(r))
            {
                if (c.ReadsOuter)
                {
                    return null;
                }

                buildFilters.Add(c.Evaluator);
            }
        }

        var scan = new TableScanSource(planning.Query, r.Table!, decoder, r.Name, null, false, null, false, false);
        int slots = r.ColumnNames.Length + 1;
        return new HashJoinSource(planning.Query, scan, [.. buildFilters], [.. inner], [.. outer], scope.Frame, r.FirstSlot, slots);
    }

    private static ColumnPredicate? Find(List<ColumnPredicate> usable, int column, TableSchema table, PredicateKind kind)
    {
        foreach (ColumnPredicate p in usable)
        {
            if (p.Kind == kind && Matches(p, column, table))
            {
                return p;
            }
        }

        return null;
    }

    private static bool Matches(ColumnPredicate p, int column, TableSchema table)
    {
        if (p.Column != column)
        {
            return false;
        }

        SqlTypeAffinity affinity = table.Columns[column].Affinity;
        return p.ValueAffinity == SqlTypeAffinity.None || p.ValueAffinity == affinity;
    }

    private static double Selectivity(int predicates) => Math.Pow(0.25, Math.Min(predicates, 4));
}
