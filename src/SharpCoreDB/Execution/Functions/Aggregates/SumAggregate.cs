// SUM and TOTAL, as SQLite computes them: integers add exactly in 64 bits until
// a real (or a text that is not a whole number, read by its numeric prefix)
// arrives or the sum overflows; from then on the sum is a compensated
// (Kahan-Babuska-Neumaier) floating-point sum. SUM reports an overflow as the
// error "integer overflow" unless a real input follows it (as SQLite), TOTAL
// returns the real sum. An infinite input makes the sum infinite (the compensation
// is then dropped, as SQLite drops it). SUM of no non-NULL input is NULL, TOTAL's 0.0. DECIMAL inputs add exactly as decimals
// while the sum is exact (our extension). Stepping allocates nothing.
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions.Aggregates;

/// <summary>SUM(x) (total = false) and TOTAL(x) (total = true).</summary>
internal sealed class SumAggregate(bool total) : IAggregate
{
    // 2^52: integers of smaller magnitude convert to double exactly.
    private const double ExactDoubleLimit = 4503599627370496.0;

    private long _integer;
    private decimal _decimal;
    private double _sum;
    private double _error;
    private long _count;
    private bool _approximate;
    private bool _isDecimal;
    private bool _overflowed;

    /// <summary>The number of non-NULL inputs stepped.</summary>
    public long Count => _count;

    public void Step(ReadOnlySpan<DbValue> args)
    {
        DbValue x = args[0];
        if (x.IsNull)
        {
            return;
        }

        _count++;
        DbValue n = Numeric(x);
        switch (n.Type)
        {
            case DbValueType.Integer:
                if (!_approximate)
                {
                    long sum = unchecked(_integer + n.AsInt64());
                    if (((_integer ^ sum) & (n.AsInt64() ^ sum)) >= 0)
                    {
                        _integer = sum;
                        return;
                    }

                    _overflowed = true;
                    BecomeApproximate();
                }

                AddInteger(n.AsInt64());
                break;
            case DbValueType.Decimal:
                if (!_approximate)
                {
                    _isDecimal = true;
                    try
                    {
                        _decimal += n.AsDecimal();
                        return;
                    }
                    catch (OverflowException)
                    {
                        BecomeApproximate();
                    }
                }

                Add((double)n.AsDecimal());
                break;
            default:
                if (!_approximate)
                {
                    BecomeApproximate();
                }

                // SQLite: once a real is summed, an earlier integer overflow is no longer an error.
                _overflowed = false;
                Add(n.AsDouble());
                break;
        }
    }

    public DbValue Finish()
    {
        if (total)
        {
            return DbValue.FromDouble(RealSum());
        }

        if (_count == 0)
        {
            return DbValue.Null;
        }

        if (_approximate)
        {
            return _overflowed ? throw SqlArithmetic.Overflow() : DbValue.FromDouble(CompensatedSum());
        }

        if (!_isDecimal)
        {
            return DbValue.FromInt64(_integer);
        }

        try
        {
            return DbValue.FromDecimal(_decimal + _integer);
        }
        catch (OverflowException)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.ArithmeticOverflow, "decimal overflow");
        }
    }

    /// <summary>The sum as a real, as TOTAL and AVG report it.</summary>
    public double RealSum() => _approximate ? CompensatedSum() : _integer + (double)_decimal;

    // The sum with its compensation, unless an infinite input made the compensation infinite or NaN (SQLite then
    // reports the plain sum, so that 1e999 sums to Infinity, and Infinity plus -Infinity to NULL).
    private double CompensatedSum() => double.IsFinite(_error) ? _sum + _error : _sum;

    public void Reset()
    {
        _integer = 0;
        _decimal = 0;
        _sum = _error = 0;
        _count = 0;
        _approximate = _isDecimal = _overflowed = false;
    }

    /// <summary>SQLite's reading: a number as it is, a text that is a whole number as that number, anything else as the real of its prefix.</summary>
    private static DbValue Numeric(in DbValue x)
    {
        switch (x.Type)
        {
            case DbValueType.Integer:
            case DbValueType.Real:
            case DbValueType.Decimal:
                return x;
            case DbValueType.Boolean:
                return DbValue.FromInt64(x.AsInt64());
            case DbValueType.Text:
                return SqlNumberParser.TryParseWhole(x.AsText(), out DbValue n)
                    ? n
                    : DbValue.FromDouble(SqlNumberParser.ParseRealPrefix(x.AsText()));
            default:
                return DbValue.FromDouble(SqlArithmetic.ToDouble(SqlCast.Cast(x, Sql.Ast.SqlTypeAffinity.Real)));
        }
    }

    // The exact sum so far becomes the compensated one as SQLite starts it: a large integer split into a part that
    // converts to double exactly and the rest, taken as the sum and its error (not added, which would round them).
    private void BecomeApproximate()
    {
        _approximate = true;
        if (Math.Abs((double)_integer) >= ExactDoubleLimit)
        {
            long low = _integer % 16384;
            _sum = _integer - low;
            _error = low;
        }
        else
        {
            _sum = _integer;
            _error = 0;
        }

        if (_isDecimal)
        {
            Add((double)_decimal);
        }
    }

    private void AddInteger(long value)
    {
        if (Math.Abs((double)value) < ExactDoubleLimit)
        {
            Add(value);
            return;
        }

        // Split so that each part converts to double exactly, as SQLite does.
        long low = value % 16384;
        Add(value - low);
        Add(low);
    }

    private void Add(double value)
    {
        double t = _sum + value;
        if (Math.Abs(_sum) > Math.Abs(value))
        {
            _error += _sum - t + value;
        }
        else
        {
            _error += value - t + _sum;
        }

        _sum = t;
    }
}
