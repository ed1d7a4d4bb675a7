// An index seek (EXPLAIN: "SEARCH t USING INDEX i (a=? AND b>?)"): equality on a prefix of
// the index columns, then optionally an IN list on the next column, then optionally a range
// on the column after that; each row found is fetched from the table. Its cost is the rows
// it reads, a fifth more for the fetch, plus one descent of a tree of the table's size; the
// rows per value of a prefix are ANALYZE's figure when the index has one (sqlite_stat1).
// A predicate is used only if its value's affinity is the key's or none, since the
// index holds values with the key's affinity applied. A key may be an expression
// (EXPLAIN shows it as <expr>, as SQLite does), served by a predicate on the same one.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning.Access;

/// <summary>A seek or range scan on one index.</summary>
internal sealed class IndexSeekPath : AccessPath
{
    // Fetching each index entry's row from the table costs about a fifth of reading it.
    private const double FetchOverhead = 1.2;

    private readonly double _cost;

    private IndexSeekPath(AccessRequest request, IndexSchema index, IndexProbe probe, double rows)
    {
        Source = new IndexSeekSource(request.Planning.Query, request.Table, index, request.Decoder, request.Relation.Name, probe, ScanDirection.Forward,
            request.Planning.KeyOrder(index));
        Rows = rows;
        _cost = request.OuterRows * ((rows * FetchOverhead) + Math.Log2(request.TableRows));
    }

    public override RowSource Source { get; }

    public override double Cost => _cost;

    public override double Rows { get; }

    /// <summary>The seek the usable predicates allow on <paramref name="index"/>, or null when they bind none of its leading columns.</summary>
    public static IndexSeekPath? TryCreate(AccessRequest request, IndexSchema index)
    {
        TableSchema table = request.Table;
        var equal = new List<Evaluator>();
        int k = 0;
        for (; k < index.Columns.Length && Find(request, index, k, PredicateKind.Equal) is { } eq; k++)
        {
            equal.Add(eq.Values[0]);
        }

        Evaluator[]? inList = null;
        if (k < index.Columns.Length && Find(request, index, k, PredicateKind.In) is { } inPredicate)
        {
            inList = inPredicate.Values;
            k++;
        }

        ScanRange range = k < index.Columns.Length ? RangeOn(request, index, k) : ScanRange.All;
        if (equal.Count == 0 && inList is null && !range.IsBounded)
        {
            return null;
        }

        double n = request.TableRows;
        double rows = index.IsUnique && equal.Count == index.Columns.Length ? 1 : Matching(index, equal.Count, n);
        if (inList is not null)
        {
            rows = Math.Min(n, Matching(index, equal.Count + 1, n) * inList.Length);
        }

        if (range.IsBounded)
        {
            rows *= Selectivity.OfRange(range.Low is not null, range.High is not null);
        }

        return new IndexSeekPath(request, index, new IndexProbe([.. equal], inList, range), Math.Max(1, rows));
    }

    // The entries sharing one value of the first `prefix` key columns: ANALYZE's average for that prefix when the index
    // has statistics, else a fixed selectivity per equality.
    private static double Matching(IndexSchema index, int prefix, double tableRows) =>
        prefix == 0 ? tableRows
        : index.Statistics is { } stat && prefix < stat.Length ? stat[prefix]
        : tableRows * Math.Pow(Selectivity.Equality, prefix);

    // The first lower and the first upper bound the usable predicates put on the column.
    private static ScanRange RangeOn(AccessRequest request, IndexSchema index, int position)
    {
        ScanBound? low = null, high = null;
        foreach (ColumnPredicate p in request.Usable)
        {
            if (!Matches(p, index, position))
            {
                continue;
            }

            if (p.Kind is PredicateKind.Greater or PredicateKind.GreaterOrEqual && low is null)
            {
                low = new ScanBound(p.Values[0], Inclusive: p.Kind == PredicateKind.GreaterOrEqual);
            }
            else if (p.Kind is PredicateKind.Less or PredicateKind.LessOrEqual && high is null)
            {
                high = new ScanBound(p.Values[0], Inclusive: p.Kind == PredicateKind.LessOrEqual);
            }
        }

        return new ScanRange(low, high);
    }

    private static ColumnPredicate? Find(AccessRequest request, IndexSchema index, int position, PredicateKind kind)
    {
        foreach (ColumnPredicate p in request.Usable)
        {
            if (p.Kind == kind && Matches(p, index, position))
            {
                return p;
            }
        }

        return null;
    }

    // The predicate is on the index's key at this position (its column, or the same expression, which must carry the
    // key's affinity), converts its value as the key does, and compares in the collation the index's keys are folded
    // by (a NOCASE index cannot answer a BINARY range, nor the reverse).
    private static bool Matches(ColumnPredicate p, IndexSchema index, int position)
    {
        int column = index.Columns[position];
        SqlTypeAffinity affinity = index.KeyAffinities[position];
        return p.Column == column
            && (column != IndexSchema.ExpressionColumn || (p.KeyText == index.KeyTexts[position] && p.ColumnEvaluator.Affinity == affinity))
            && (p.ValueAffinity == SqlTypeAffinity.None || p.ValueAffinity == affinity)
            && p.Collation.SameAs(index.Collations[position]);
    }
}
