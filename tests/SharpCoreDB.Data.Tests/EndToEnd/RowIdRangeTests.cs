// Ranges of the INTEGER PRIMARY KEY answered by the scan alone: the planner drops the
// filter of a conjunct that is only rowid bounds (`id >= a`, `a < id`, `id BETWEEN a AND
// b`), because the scan turns each bound into an exact rowid limit. What a user relies
// on is that the rows are exactly SQLite's for every kind of bound value: integers at
// the ends of the range, reals with and without a fraction, numeric and other text,
// blobs, NULL, parameters, values read from another table of a join, and bounds that
// contradict each other.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class RowIdRangeTests() : SqliteComparisonTests(
    "CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)",
    "CREATE TABLE b (lo, hi)",
    "INSERT INTO t VALUES (-9223372036854775808, 'min'), (-5, 'a'), (-1, 'b'), (0, 'c'), (1, 'd'), (2, 'e'), (3, 'f'), (10, 'g'), (11, 'h'), " +
        "(99, 'i'), (100, 'j'), (9223372036854775807, 'max')",
    "INSERT INTO b VALUES (1, 3), (2.5, 10.5), ('1', '11'), (-1, NULL), ('x', 'y'), (x'01', 5), (11, 1)")
{
    public static TheoryData<string> Bounds =>
    [
        "id BETWEEN 1 AND 10",
        "id BETWEEN 1.5 AND 10.5",
        "id BETWEEN -1.0 AND 2.0",
        "id BETWEEN '2' AND '11'",
        "id BETWEEN '2x' AND 100",
        "id BETWEEN -5 AND 'abc'",
        "id BETWEEN x'00' AND 100",
        "id BETWEEN NULL AND 10",
        "id BETWEEN 10 AND 1",
        "id BETWEEN -9223372036854775808 AND -1",
        "id BETWEEN 99 AND 9223372036854775807",
        "id BETWEEN -1e300 AND 1e300",
        "id > 10",
        "id >= 10.0",
        "id > 10.5",
        "id < '3'",
        "id <= 2.9999",
        "2 < id",
        "'10' >= id",
        "id > 9223372036854775807",
        "id < -9223372036854775808",
        "id > 1 AND id < 100 AND id >= 3 AND id <= 99",
        "id >= 3 AND id <= 2",
        "rowid BETWEEN 0 AND 3",
        "_rowid_ > 50",
        "id BETWEEN 1 AND 10 AND v > 'd'",
        "id NOT BETWEEN 1 AND 10",
    ];

    [Theory]
    [MemberData(nameof(Bounds))]
    public void RangesReturnExactlySqlitesRows(string where)
    {
        Both.AssertSameAnswer($"SELECT id, v FROM t WHERE {where}");
        Both.AssertSameAnswer($"SELECT count(*), min(id), max(id), group_concat(v) FROM t WHERE {where}");
    }

    [Fact]
    public void RangesFromAnotherTableAndParametersReturnExactlySqlitesRows()
    {
        Both.AssertSameAnswer("SELECT b.lo, b.hi, t.id FROM b JOIN t ON t.id BETWEEN b.lo AND b.hi");
        Both.AssertSameAnswer("SELECT b.lo, t.id FROM b JOIN t ON t.id > b.lo AND t.id <= b.lo + 2");
        Both.AssertSameAnswer("SELECT b.lo, t.id FROM b LEFT JOIN t ON t.id BETWEEN b.lo AND b.hi");
        Both.AssertSameAnswer("SELECT t.id FROM t WHERE t.id BETWEEN (SELECT min(lo) FROM b) AND (SELECT max(hi) FROM b)");
    }
}
