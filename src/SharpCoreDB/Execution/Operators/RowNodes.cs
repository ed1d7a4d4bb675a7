// Small row-at-a-time operators: filter (HAVING), projection, DISTINCT, LIMIT/
// OFFSET and VALUES.
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Operators;

/// <summary>Passes the rows for which the condition is true.</summary>
internal sealed class FilterNode(PlanNode input, Evaluator condition, string label) : PlanNode
{
    public override Frame Output => input.Output;

    public override int ColumnCount => input.ColumnCount;

    public override void Open() => input.Open();

    public override bool Next()
    {
        while (input.Next())
        {
            if (SqlTruth.IsTrue(condition.Evaluate()) == true)
            {
                return true;
            }
        }

        return false;
    }

    public override void Close() => input.Close();

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "FILTER " + label);
        input.Explain(lines, depth + 1);
    }
}

/// <summary>Computes the result columns (and hidden sort keys) into its own frame.</summary>
internal sealed class ProjectNode(PlanNode input, Evaluator[] expressions, int visibleCount) : PlanNode
{
    private readonly Frame _output = new() { Values = new DbValue[expressions.Length] };

    public override Frame Output => _output;

    public override int ColumnCount => visibleCount;

    public override void Open() => input.Open();

    public override bool Next()
    {
        if (!input.Next())
        {
            return false;
        }

        DbValue[] values = _output.Values;
        for (int i = 0; i < expressions.Length; i++)
        {
            values[i] = expressions[i].Evaluate();
        }

        return true;
    }

    public override void Close() => input.Close();

    public override void Explain(List<string> lines, int depth) => input.Explain(lines, depth);
}

/// <summary>Drops rows whose visible columns equal an earlier row's.</summary>
internal sealed class DistinctNode : PlanNode
{
    private readonly PlanNode _input;
    private readonly TextCollation?[] _collations;

    // Hashed by folded keys, or, under an application collation, ordered by it (CollatedKeys).
    private readonly CollatedKeys? _order;
    private readonly ISet<HashKey> _seen;

    public DistinctNode(PlanNode input, TextCollation?[] collations)
    {
        _input = input;
        _collations = collations;
        _order = CollatedKeys.For(collations);
        _seen = CollatedKeys.NewSet(_order);
    }

    public override Frame Output => _input.Output;

    public override int ColumnCount => _input.ColumnCount;

    public override void Open()
    {
        _seen.Clear();
        _input.Open();
    }

    public override bool Next()
    {
        while (_input.Next())
        {
            // Compared by each column's collation (folded keys), while the row passed on keeps its values.
            DbValue[] key = _input.Output.Values.AsSpan(0, _input.ColumnCount).ToArray();
            for (int i = 0; i < key.Length && i < _collations.Length && _order is null; i++)
            {
                if (_collations[i] is { IsBinary: false } collation)
                {
                    key[i] = collation.Key(key[i]);
                }
            }

            if (_seen.Add(new HashKey(key)))
            {
                return true;
            }
        }

        return false;
    }

    public override void Close()
    {
        _seen.Clear();
        _input.Close();
    }

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + (_order is null ? "DISTINCT (hash)" : "DISTINCT (ordered by collation)"));
        _input.Explain(lines, depth + 1);
    }
}

/// <summary>LIMIT n OFFSET m.</summary>
internal sealed class LimitNode(PlanNode input, Evaluator limit, Evaluator? offset) : PlanNode
{
    private long _remaining;

    public override Frame Output => input.Output;

    public override int ColumnCount => input.ColumnCount;

    public override void Open()
    {
        _remaining = ToCount(limit.Evaluate(), "LIMIT");
        long skip = offset is null ? 0 : Math.Max(0, ToCount(offset.Evaluate(), "OFFSET"));
        input.Open();
        while (skip > 0 && _remaining != 0 && input.Next())
        {
            skip--;
        }
    }

    public override bool Next()
    {
        if (_remaining == 0 || !input.Next())
        {
            return false;
        }

        if (_remaining > 0)
        {
            _remaining--;
        }

        return true;
    }

    public override void Close() => input.Close();

    public override void Explain(List<string> lines, int depth)
    {
        lines.Add(Indent(depth) + "LIMIT");
        input.Explain(lines, depth + 1);
    }

    // A negative limit means no limit, as in SQLite.
    public static long ToCount(DbValue value, string clause)
    {
        DbValue number = SqlAffinity.Apply(value, Sql.Ast.SqlTypeAffinity.Integer);
        if (number.Type != DbValueType.Integer)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.TypeMismatch, $"datatype mismatch: {clause} must be an integer");
        }

        long n = number.AsInt64();
        return n < 0 ? -1 : n;
    }
}

/// <summary>VALUES (...), (...).</summary>
internal sealed class ValuesNode(Evaluator[][] rows) : PlanNode
{
    private readonly Frame _output = new() { Values = new DbValue[rows.Length == 0 ? 0 : rows[0].Length] };
    private int _next;

    public override Frame Output => _output;

    public override int ColumnCount => _output.Values.Length;

    public override void Open() => _next = 0;

    public override bool Next()
    {
        if (_next >= rows.Length)
        {
            return false;
        }

        Evaluator[] row = rows[_next++];
        for (int i = 0; i < row.Length; i++)
        {
            _output.Values[i] = row[i].Evaluate();
        }

        return true;
    }

    public override void Explain(List<string> lines, int depth) => lines.Add(Indent(depth) + $"SCAN {rows.Length} VALUES ROW(S)");
}
