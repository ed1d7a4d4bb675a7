// Chooses the join order and each relation's access path. Greedy by estimated
// cost: at every step it adds the relation (allowed by LEFT JOIN ordering) whose
// cheapest access, given the relations already bound, costs least times the rows
// the pipeline produces so far. The access paths are one class each in Access/
// (rowid lookup and range, index seek, hash join, full scan, FROM subquery), each
// with its cost and EXPLAIN text. Each conjunct becomes a filter at the first level
// where everything it reads is bound, except one that a rowid lookup answers
// exactly; a LIKE filter on a scanned table's column is also checked on the
// record's bytes before the row is decoded. Greedy keeps planning linear in the
// number of predicates per step, so dozens of tables plan in well under a
// millisecond each. It plans one JoinPart at a time: a part's OuterJoinGroup (a RIGHT
// or FULL JOIN the nested loops cannot run) is its first level, its two sides planned
// as parts of their own and joined by an OuterJoinSource (OuterJoinPlanner).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Planning.Access;

namespace SharpCoreDB.Planning;

/// <summary>Builds the nested-loop pipeline for a SELECT core.</summary>
internal sealed class JoinPlanner(PlanningContext planning, Func<TableSchema, long> estimateRows)
{
    // Tables are costed as if they had at least this many rows: an empty or tiny table's
    // estimate must not make a scan look free next to an index that will serve it as it grows.
    private const double MinimumTableRows = 100;

    /// <summary>The ORDER BY of a single-table query, as columns of that table; null when there is none to serve.</summary>
    public IReadOnlyList<OrderColumn>? RequiredOrder { get; init; }

    /// <summary>Set by <see cref="Build"/>: the access path already yields <see cref="RequiredOrder"/>.</summary>
    public bool OrderSatisfied { get; private set; }

    /// <summary>The pipeline of the FROM clause's part; a RIGHT or FULL JOIN group in it is read by its own OuterJoinSource.</summary>
    public JoinNode Build(Scope scope, JoinPart from)
    {
        if (scope.Relations.Count == 0)
        {
            var filters = new List<Evaluator>();
            foreach (Conjunct c in from.CompiledWhere)
            {
                filters.Add(c.Evaluator);
            }

            return new JoinNode(planning.Query, scope.Frame, [new JoinLevel(new SingleRowSource(), isLeftJoin: false, [], [.. filters])], []);
        }

        return BuildPart(scope, from, RequiredOrder).Node;
    }

    // One part's pipeline, and the rows it is estimated to yield.
    private (JoinNode Node, double Rows) BuildPart(Scope scope, JoinPart part, IReadOnlyList<OrderColumn>? requiredOrder)
    {
        var analyzer = new PredicateAnalyzer(planning);
        foreach (Relation r in part.Relations)
        {
            if (r.Table is not null)
            {
                // A LEFT JOIN's right table counts only its own ON terms (PartialIndexUse).
                IEnumerable<Conjunct> terms = r.IsLeftJoined ? part.CompiledOn.GetValueOrDefault(r) ?? [] : part.CompiledWhere;
                r.ImpliedPartialIndexes = PartialIndexUse.Implied(r, terms.Select(c => c.Ast), reference => analyzer.OrdinalIn(r, reference, scope));
            }
        }

        (List<Step> order, HashSet<Conjunct> answeredByAccess, double rows) = ChooseOrder(scope, part);
        if (requiredOrder is not null && order.Count == 1 && order[0].Relation is { Table: not null } only)
        {
            (RowSource source, bool satisfied) = IndexOrder.Apply(planning, only, order[0].Source, requiredOrder);
            order[0] = order[0] with { Source = source };
            OrderSatisfied = satisfied;
        }

        // The outermost relation is read once per opening of the pipeline: a subquery there streams.
        if (order[0].Source is SubqueryRowSource outermost && !scope.Correlated)
        {
            outermost.Streaming = true;
        }

        Relation? fullJoined = part.Relations.Find(r => r.IsFullJoined);
        (List<Evaluator>[] levelFilters, List<Evaluator> constant) = PlaceFilters(order, part.CompiledWhere, answeredByAccess, holdBack: fullJoined is not null);
        JoinLevel[] levels = BuildLevels(scope, order, part.CompiledOn, levelFilters);
        var node = new JoinNode(planning.Query, scope.Frame, levels, [.. constant])
        {
            Tail = fullJoined is null ? null : FullJoinTail(scope, order, fullJoined, part.CompiledWhere),
        };
        return (node, rows);
    }

    /// <summary>One level of a pipeline: a relation, or (Relation null) an OuterJoinGroup yielding the relations of Mask.</summary>
    private readonly record struct Step(Relation? Relation, ulong Mask, RowSource Source);

    // The unmatched rows of a FULL JOIN's right table, read by a scan of its own (the join may
    // have reached it through a seek on the left row's values), filtered by every WHERE condition.
    private FullJoinTail FullJoinTail(Scope scope, List<Step> order, Relation right, List<Conjunct> where)
    {
        var decoder = new RowDecoder(right.Table!, scope.Frame, right.FirstSlot, right.RowIdSlot, right.Used);
        var scan = new TableScanSource(planning.Query, right.Table!, decoder, right.Name, ScanRange.All, ScanDirection.Forward);
        RowSource left = order.Find(o => o.Relation != right).Source;
        return new FullJoinTail(scan, scope.Frame, right.RowIdSlot, left, [.. where.Select(c => c.Evaluator)]);
    }

    // The join order: a group first (everything joined after it reads its rows), then greedily, at
    // each step the relation (allowed by LEFT JOIN ordering) whose cheapest access, given the
    // relations already bound, costs least. Also returns the conjuncts an access answers exactly,
    // which then need no filter, and the rows the pipeline is estimated to yield.
    private (List<Step> Order, HashSet<Conjunct> Answered, double Rows) ChooseOrder(Scope scope, JoinPart part)
    {
        ulong bound = 0;
        double outerRows = 1;
        var order = new List<Step>();
        var answeredByAccess = new HashSet<Conjunct>();
        if (part.Group is { } group)
        {
            (RowSource source, double rows) = BuildGroup(scope, group);
            order.Add(new Step(null, group.Mask, source));
            bound = group.Mask;
            outerRows = Math.Max(1, rows);
        }

        int total = order.Count + part.Relations.Count;
        while (order.Count < total)
        {
            (Relation Relation, AccessPath Path)? best = null;
            foreach (Relation r in part.Relations)
            {
                ulong bit = Bit(r);
                if ((bound & bit) != 0 || (r.MustFollow & ~bound) != 0)
                {
                    continue;
                }

                List<Conjunct> candidates = r.IsLeftJoined ? part.CompiledOn.GetValueOrDefault(r) ?? [] : part.CompiledWhere;
                AccessPath path = ChooseAccess(scope, r, bound, candidates, outerRows);
                if (best is null || path.Cost < best.Value.Path.Cost)
                {
                    best = (r, path);
                }

                if (r.IsLeftJoined)
                {
                    break;
                }
            }

            (Relation chosen, AccessPath access) = best!.Value;
            order.Add(new Step(chosen, Bit(chosen), access.Source));
            answeredByAccess.UnionWith(access.Answered);

            bound |= Bit(chosen);
            outerRows = Math.Max(1, outerRows * access.Rows);
        }

        return (order, answeredByAccess, outerRows);
    }

    // A RIGHT, FULL or nested join: both sides planned as pipelines of their own, joined by
    // an OuterJoinSource (OuterJoinPlanner picks its hash keys).
    private (RowSource Source, double Rows) BuildGroup(Scope scope, OuterJoinGroup group)
    {
        (JoinNode left, double leftRows) = BuildPart(scope, group.Left, requiredOrder: null);
        (JoinNode right, double rightRows) = BuildPart(scope, group.Right, requiredOrder: null);
        return (OuterJoinPlanner.Create(planning, scope, group, left, right), leftRows + rightRows);
    }

    // Each WHERE conjunct runs at the first level where everything it reads is bound; one
    // that reads no relation runs once, before the first level.
    // With holdBack (a FULL JOIN, where either side may be NULL-extended) every condition waits for
    // the last level, which a LEFT JOIN level checks only after its match is decided.
    private static (List<Evaluator>[] LevelFilters, List<Evaluator> Constant) PlaceFilters(List<Step> order, List<Conjunct> where,
        HashSet<Conjunct> answeredByAccess, bool holdBack)
    {
        var constant = new List<Evaluator>();
        var levelFilters = new List<Evaluator>[order.Count];
        for (int i = 0; i < order.Count; i++)
        {
            levelFilters[i] = [];
        }

        foreach (Conjunct c in where)
        {
            if (answeredByAccess.Contains(c))
            {
                continue;
            }

            int level = holdBack ? order.Count - 1 : LevelOf(c.Mask, order);
            if (level < 0)
            {
                constant.Add(c.Evaluator);
            }
            else
            {
                levelFilters[level].Add(c.Evaluator);
            }
        }

        return (levelFilters, constant);
    }

    // The pipeline's levels: each relation's source with its LEFT JOIN conditions and filters;
    // a LIKE filter on a scanned (not LEFT JOINed) table is also checked on the record's bytes.
    private static JoinLevel[] BuildLevels(Scope scope, List<Step> order, Dictionary<Relation, List<Conjunct>> on, List<Evaluator>[] levelFilters)
    {
        var levels = new JoinLevel[order.Count];
        for (int i = 0; i < order.Count; i++)
        {
            if (order[i].Relation is not { } r)
            {
                levels[i] = new JoinLevel(order[i].Source, isLeftJoin: false, [], [.. levelFilters[i]]);
                continue;
            }

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

            levels[i] = new JoinLevel(order[i].Source, r.IsLeftJoined, [.. onFilters], [.. levelFilters[i]]) { ReportsMatches = r.IsFullJoined };
        }

        return levels;
    }

    public static ulong Bit(Relation r) => 1UL << Math.Min(r.Index, 63);

    // The last level that binds a relation the mask reads; -1 for none. A mask may name relations
    // outside the part (all of them for a correlated subquery): only the part's count.
    private static int LevelOf(ulong mask, List<Step> order)
    {
        if (mask == 0)
        {
            return -1;
        }

        int level = -1;
        for (int i = 0; i < order.Count; i++)
        {
            if ((mask & order[i].Mask) != 0)
            {
                level = i;
            }
        }

        return level < 0 ? order.Count - 1 : level;
    }

    // The cheapest access to r given the relations already bound. A rowid lookup wins as soon
    // as it is found; otherwise the full scan (or a rowid range, which never reads more) is
    // the one to beat, by each index in turn, then by a hash join.
    private AccessPath ChooseAccess(Scope scope, Relation r, ulong bound, List<Conjunct> candidates, double outerRows)
    {
        if (r.WorkingRow is not null)
        {
            return new WorkingRowPath(scope, r, outerRows);
        }

        if (r.TableFunction is not null)
        {
            return new JsonTablePath(r.TableFunction, outerRows);
        }

        if (r.Table is null)
        {
            return new SubqueryScanPath(planning, scope, r, outerRows);
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

                if (r.ForcedIndex is null && RowIdLookupPath.TryCreate(planning, r, decoder, p, c, outerRows) is { } lookup)
                {
                    return lookup;
                }

                usable.Add(p);
            }
        }

        // Sized only past the rowid lookup, which needs no size: estimating reads pages, and
        // a point query on a just-opened database should read only the pages it returns.
        var request = new AccessRequest(planning, scope, r, decoder, usable, Math.Max(MinimumTableRows, estimateRows(table)), outerRows)
        {
            Conjuncts = candidates,
        };
        if (r.ForcedIndex is { } forced)
        {
            if (!r.CanUse(forced))
            {
                // SQLite's words: the query's conditions do not imply the partial index's WHERE.
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "no query solution");
            }

            return (AccessPath?)IndexSeekPath.TryCreate(request, forced) ?? new IndexScanPath(request, forced);
        }

        AccessPath best = (AccessPath?)RowIdRangePath.TryCreate(request) ?? new FullScanPath(request);
        foreach (IndexSchema index in r.NotIndexed ? [] : table.Indexes.Where(r.CanUse))
        {
            if (IndexSeekPath.TryCreate(request, index) is { } seek && seek.Cost < best.Cost)
            {
                best = seek;
            }
        }

        return HashJoinPath.TryBeat(request, bound, best, candidates) ?? best;
    }
}
