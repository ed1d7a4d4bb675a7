// Integer arithmetic at the edge of 64 bits, end to end against SQLite: an operation whose
// result leaves 64 bits is computed again in reals, a decimal literal beyond 64 bits is a
// real, and the aggregates and functions SQLite refuses on overflow (SUM, ABS) still fail.
// These used to be errors here where SQLite answered, an intentional difference the
// dialect no longer makes.

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class IntegerOverflowTests() : SqliteComparisonTests(
    "CREATE TABLE n (i INTEGER, r REAL); INSERT INTO n VALUES (9223372036854775807, 1.5), (-9223372036854775808, -1.5), (3037000500, 2.0)")
{
    // Aliased, since SQLite names an unaliased column by its source text and we by the
    // printed expression; one row per query, since the reader types an expression column
    // by its first value.
    [Theory]
    [InlineData("SELECT 9223372036854775807 + 1 AS v, typeof(9223372036854775807 + 1) AS t")]
    [InlineData("SELECT -9223372036854775808 - 1 AS v, typeof(-9223372036854775808 - 1) AS t")]
    [InlineData("SELECT 9223372036854775807 * 2 AS v, 3037000500 * 3037000500 AS w")]
    [InlineData("SELECT (-9223372036854775808) / -1 AS v, typeof((-9223372036854775808) / -1) AS t")]
    [InlineData("SELECT -(-9223372036854775808) AS v, (-9223372036854775808) % -1 AS w")]
    [InlineData("SELECT 9223372036854775808 AS v, typeof(9223372036854775808) AS t, -9223372036854775808 AS w, typeof(-9223372036854775808) AS u")]
    [InlineData("SELECT 18446744073709551616 AS v, -99999999999999999999 AS w, typeof(99999999999999999999) AS t")]
    [InlineData("SELECT i + 1 AS a, i - 1 AS b, i * i AS c, typeof(i + 1) AS t FROM n WHERE i > 3037000500")]
    [InlineData("SELECT i + 1 AS a, i - 1 AS b, i * i AS c, typeof(i - 1) AS t FROM n WHERE i < 0")]
    [InlineData("SELECT i + 1 AS a, i * i AS c, typeof(i * i) AS t FROM n WHERE i = 3037000500")]
    [InlineData("SELECT i FROM n WHERE i + 1 > 9223372036854775806")]
    [InlineData("SELECT max(i) + 1 AS v FROM n")]
    [InlineData("SELECT min(i) - 1 AS v FROM n")]
    public void AnswersAsSqliteDoes(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("SELECT sum(i) FROM n WHERE i > 0 OR i = 3037000500")]
    [InlineData("SELECT abs(-9223372036854775808)")]
    public void WhatSqliteRefusesStaysAnError(string sql)
    {
        Assert.ThrowsAny<Microsoft.Data.Sqlite.SqliteException>(() => SqliteComparison.Run(Both.Sqlite, sql));
        var error = Assert.Throws<SharpCoreDBException>(() => SqliteComparison.Run(Both.Engine, sql));
        Assert.Equal(SharpCoreDBErrorCode.ArithmeticOverflow, error.ErrorCode);
    }
}
