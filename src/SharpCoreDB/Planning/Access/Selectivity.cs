// The fractions of a table the planner assumes a predicate keeps, in one place, so that
// every access path estimates with the same numbers. Without statistics these are
// SQLite-like guesses: an equality keeps a tenth, a one-sided range a quarter, a
// two-sided range an eighth; each further filter keeps a quarter of what is left.
namespace SharpCoreDB.Planning.Access;

internal static class Selectivity
{
    /// <summary>The fraction `column = value` keeps (per index column bound by equality).</summary>
    public const double Equality = 1.0 / 10;

    /// <summary>The fraction `column &gt; value` (or &lt;) keeps.</summary>
    public const double OneSidedRange = 1.0 / 4;

    /// <summary>The fraction `column BETWEEN a AND b` keeps.</summary>
    public const double TwoSidedRange = 1.0 / 8;

    /// <summary>The fraction of rows a range with these bounds keeps.</summary>
    public static double OfRange(bool hasLow, bool hasHigh) => hasLow && hasHigh ? TwoSidedRange : OneSidedRange;

    /// <summary>The fraction a scan's filters keep: a quarter per filter, at most four counted.</summary>
    public static double OfFilters(int filters) => Math.Pow(OneSidedRange, Math.Min(filters, 4));
}
