// (a, b) [NOT] IN (SELECT x, y ...), through a hash set of the subquery's rows, as
// x IN (SELECT y ...) uses a set of values (SubqueryEvaluators.cs). SQLite defines it
// row by row: true if some row equals the operand pair by pair; otherwise NULL if for
// some row no pair is known to differ but some pair compares with a NULL; otherwise
// false. So the set holds the rows without a NULL (each value with its column's
// comparison affinity applied and folded by its collation, as the scalar IN does),
// and the rows are kept too for the NULL cases, which then need a walk: an operand
// with a NULL cannot equal any row, and a row with a NULL cannot be found in the set.
// An uncorrelated subquery is read once per execution; a correlated one per row.
// Before, the row form ran as two correlated EXISTS per outer row, reading the
// subquery again for every row.
using SharpCoreDB.Execution.Operators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Evaluators;

/// <summary>(a, b, ...) [NOT] IN (SELECT x, y, ...).</summary>
internal sealed class RowInSubqueryEvaluator : Evaluator
{
    private readonly QueryContext _context;
    private readonly Evaluator[] _operands;
    private readonly PlanNode _plan;
    private readonly SqlTypeAffinity[] _affinities;
    private readonly TextCollation[] _collations;
    private readonly bool _correlated;
    private readonly bool _negated;
    private readonly HashSet<DbValue[]> _rows = new(RowComparer.Instance);
    private readonly List<DbValue[]> _withNull = [];
    private readonly List<DbValue[]> _all = [];
    private readonly DbValue[] _probe;
    private long _generation = -1;

    /// <param name="context">The statement's context (its Generation says when an uncorrelated subquery is stale).</param>
    /// <param name="operands">The row value's items.</param>
    /// <param name="plan">The subquery, with as many columns as the row value has items.</param>
    /// <param name="columnAffinities">Each subquery column's affinity.</param>
    /// <param name="collations">Each pair's collation (the operand's explicit or column collation, else the subquery column's).</param>
    /// <param name="correlated">True when the subquery reads the outer row.</param>
    /// <param name="negated">NOT IN.</param>
    public RowInSubqueryEvaluator(QueryContext context, Evaluator[] operands, PlanNode plan, SqlTypeAffinity[] columnAffinities,
        TextCollation[] collations, bool correlated, bool negated)
    {
        _context = context;
        _operands = operands;
        _plan = plan;
        _affinities = [.. operands.Select((o, i) => SqlComparison.ComparisonAffinity(o.Affinity, columnAffinities[i]))];
        _collations = collations;
        _correlated = correlated;
        _negated = negated;
        _probe = new DbValue[operands.Length];
    }

    public PlanNode Plan => _plan;

    public override DbValue Evaluate()
    {
        if (_correlated || _generation != _context.Generation)
        {
            Load();
        }

        bool operandHasNull = false;
        for (int i = 0; i < _operands.Length; i++)
        {
            _probe[i] = Keyed(_operands[i].Evaluate(), i);
            operandHasNull |= _probe[i].IsNull;
        }

        if (!operandHasNull && _rows.Contains(_probe))
        {
            return Result(true);
        }

        // No row equals: unknown if some row (with a NULL, or any row when the operand has one) differs in no pair.
        foreach (DbValue[] row in operandHasNull ? _all : _withNull)
        {
            if (!DiffersSomewhere(row))
            {
                return DbValue.Null;
            }
        }

        return Result(false);
    }

    private DbValue Result(bool found) => DbValue.FromInt64(found != _negated ? 1 : 0);

    // True when some pair of the probe and row is known to differ (both values present and unequal).
    private bool DiffersSomewhere(DbValue[] row)
    {
        for (int i = 0; i < row.Length; i++)
        {
            if (!row[i].IsNull && !_probe[i].IsNull && !row[i].Equals(_probe[i]))
            {
                return true;
            }
        }

        return false;
    }

    private void Load()
    {
        _rows.Clear();
        _withNull.Clear();
        _all.Clear();
        _plan.Open();
        while (_plan.Next())
        {
            DbValue[] output = _plan.Output.Values;
            var row = new DbValue[_operands.Length];
            bool hasNull = false;
            for (int i = 0; i < row.Length; i++)
            {
                row[i] = Keyed(output[i], i);
                hasNull |= row[i].IsNull;
            }

            _all.Add(row);
            if (hasNull)
            {
                _withNull.Add(row);
            }
            else
            {
                _rows.Add(row);
            }
        }

        _plan.Close();
        _generation = _context.Generation;
    }

    // The value as the pair's comparison sees it: its comparison affinity applied, folded by its collation.
    private DbValue Keyed(DbValue value, int column)
    {
        if (value.IsNull)
        {
            return value;
        }

        if (_affinities[column] != SqlTypeAffinity.None)
        {
            value = SqlAffinity.Apply(value, _affinities[column]);
        }

        return _collations[column].Key(value);
    }

    // Rows of keyed values, equal when every pair is (DbValue's equality is SQL's for keyed values).
    private sealed class RowComparer : IEqualityComparer<DbValue[]>
    {
        public static readonly RowComparer Instance = new();

        public bool Equals(DbValue[]? x, DbValue[]? y) => x is not null && y is not null && x.AsSpan().SequenceEqual(y);

        public int GetHashCode(DbValue[] row)
        {
            var hash = default(HashCode);
            foreach (DbValue value in row)
            {
                hash.Add(value);
            }

            return hash.ToHashCode();
        }
    }
}
