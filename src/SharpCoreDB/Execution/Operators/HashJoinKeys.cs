// The keys of a hash join: pairs of an expression over the probing side and one over the
// hashed side, compared by `=` under BINARY collation. Each value first takes the
// comparison's affinity (SqlComparison.ComparisonAffinity), so that the values `=` finds
// equal are equal DbValues (1 and 1.0; '1' against an INTEGER column), and a key with a NULL
// matches nothing, as `=` with a NULL is never true. Shared by HashJoinSource and
// OuterJoinSource.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Operators;

/// <summary>The join keys of both sides of a hash join, normalized for hashing.</summary>
internal sealed class HashJoinKeys
{
    private readonly Evaluator[] _probe;
    private readonly Evaluator[] _hashed;
    private readonly SqlTypeAffinity[] _affinities;

    /// <param name="probe">The key expressions over the probing side.</param>
    /// <param name="hashed">The key expressions over the hashed side, one per probing key.</param>
    public HashJoinKeys(Evaluator[] probe, Evaluator[] hashed)
    {
        _probe = probe;
        _hashed = hashed;
        _affinities = new SqlTypeAffinity[probe.Length];
        for (int i = 0; i < probe.Length; i++)
        {
            _affinities[i] = SqlComparison.ComparisonAffinity(probe[i].Affinity, hashed[i].Affinity);
        }
    }

    public int Count => _probe.Length;

    /// <summary>The hashed side's key for the row in the frame; null when a value is NULL.</summary>
    public HashKey? Hashed() => Key(_hashed);

    /// <summary>The probing side's key for the row in the frame; null when a value is NULL.</summary>
    public HashKey? Probe() => Key(_probe);

    private HashKey? Key(Evaluator[] side)
    {
        var key = new DbValue[side.Length];
        for (int i = 0; i < key.Length; i++)
        {
            DbValue value = side[i].Evaluate();
            if (value.IsNull)
            {
                return null;
            }

            key[i] = _affinities[i] == SqlTypeAffinity.None ? value : SqlAffinity.Apply(value, _affinities[i]);
        }

        return new HashKey(key);
    }
}
