// The cases the random function differential found, kept as named checks against
// SQLite so that each stays fixed: reals as text (SQLite 3.53's 17 digits and its
// shortening), like() and glob() called by name, coalesce/ifnull/iif evaluating lazily,
// sums of infinities, ties of min/max, printf's ! flag, empty and unknown formats and
// zero-padded infinities, quote of infinities, C-string reading (LIKE, GLOB, printf,
// unicode, unhex), replace's empty pattern, substr's 64-bit arithmetic, log's base,
// round and abs of zeros, blobs read as integers, likelihood's compile-time check,
// CAST to NUMERIC's bounds, time modifiers without a sign, and times read to the millisecond
// (rounded, as SQLite keeps them).
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Functions;

public sealed class FunctionEdgeCaseTests : SqliteComparisonTests
{
    [Theory]
    [InlineData("SELECT CAST(0.1 AS TEXT), CAST(1.0/3 AS TEXT), CAST(44.361419555836498 AS TEXT), CAST(4.9e-324 AS TEXT), (0.1 + 0.2) || '', 1e16 || '', 1e17 || ''")]
    [InlineData("SELECT quote(2.5), quote(1e999), quote(-1e999), quote(-0.0), group_concat(x) FROM (SELECT 0.3 AS x UNION ALL SELECT 1.0/7)")]
    [InlineData("SELECT like('a%', 'abc'), glob('a*', 'abc'), like('a_c', 'AbC'), like('%b%', 'abc', '😀'), like('😀%', '😀%x')")]
    [InlineData("SELECT coalesce(1, abs(-9223372036854775807 - 1)), ifnull(2, abs(-9223372036854775807 - 1)), iif(1, 3, abs(-9223372036854775807 - 1)), iif(0, abs(-9223372036854775807 - 1), 4)")]
    [InlineData("SELECT total(1e999), sum(1e999), avg(-1e999), sum(x) FROM (SELECT 1e999 AS x UNION ALL SELECT -1e999)")]
    [InlineData("SELECT sum(x) FROM (SELECT 9223372036854775807 AS x UNION ALL SELECT 12.0 UNION ALL SELECT -9223372036854775807 UNION ALL SELECT 3.14159265358979)")]
    [InlineData("SELECT min(-0.0, 0.0), max(0.0, -0.0), typeof(min(1, 1.0)), typeof(max(1, 1.0)), round(-0.0, 4), round(-0.0), round(-0.00001, 2), abs(-0.0)")]
    [InlineData("SELECT printf('%!5.2f', 7.0), printf('%!.3f', 1.0), printf('%!10.2e', 7.0), printf('%!g', 100.0), printf('%!.0f', 7), printf('%!#g', 100.0)")]
    [InlineData("SELECT printf(''), printf('%_'), printf('x%_'), printf('%s', ''), printf(x''), printf('%08.3e', 1e999), printf('%08g', -1e999), length(printf('%08.3f', 1e999))")]
    [InlineData("SELECT glob('', char(0)), like('a', 'a' || char(0) || 'b'), 'a' || char(0) || 'b' LIKE 'a', x'41' GLOB 'A*', glob('A*', x'41'), printf('%s|%q', 'a' || char(0) || 'b', 'x' || char(0))")]
    [InlineData("SELECT unicode(x'00FF'), unicode(char(0) || 'a'), hex(unhex('4142', '42')), hex(unhex('41 42', ' 4')), unhex('4 1', ' '), hex(unhex(x'00'))")]
    [InlineData("SELECT replace('abc', '', NULL), replace('abc', NULL, 'x'), replace('abc', 'b', NULL), replace('abc', 'b', '')")]
    [InlineData("SELECT substr('abc', -9223372036854775808, 9223372036854775807), substr('abc', 2, -9223372036854775808), substr(255, '-9223372036854775809', CAST(9223372036854775806 AS TEXT)), substr('abcdef', CAST('-1.0e+308' AS BLOB))")]
    [InlineData("SELECT log(0.5, 1e-5), log(1, 5), log(2, 8), log(4294967296, x'3132'), log(-2, 8), log(10, 'abc')")]
    [InlineData("SELECT typeof(CAST('10000000000000000.0' AS NUMERIC)), typeof(CAST('1000000000000000.0' AS NUMERIC)), typeof(CAST('2251799813685248.0' AS NUMERIC)), typeof(CAST('-2251799813685248.0' AS NUMERIC)), typeof(CAST('1e16' AS NUMERIC))")]
    [InlineData("SELECT julianday('2024-02-29 13:45:30', '00:30:00'), datetime('2024-02-29 13:45:30', '01:30'), strftime('%s', '2023-12-31 23:59:59.500', 'subsec'), strftime('%s', '2023-12-31 23:59:59.500')")]
    [InlineData("SELECT strftime('%f', '2024-01-01 10:00:33.0575914'), strftime('%f', '2024-01-01 10:00:33.9996'), julianday('2024-01-01 10:00:33.0575914'), strftime('%Y-%m-%d %H:%M:%f', '2024-01-01 10:00:59.9996'), datetime('2024-01-01 23:59:59.9999', 'subsec'), unixepoch('1970-01-01 00:00:00.0006', 'subsec')")]
    public void AnswersAsSqlite(string sql) => Both.AssertSameRows(sql);

    [Theory]
    [InlineData("SELECT likelihood(1, 1)")]
    [InlineData("SELECT likelihood(1, -0.5)")]
    [InlineData("SELECT likelihood(1, 2.0)")]
    [InlineData("SELECT likelihood(like('a', 'b', 'xx'), NULL)")]
    [InlineData("SELECT like('a', 'a', 'xx')")]
    [InlineData("SELECT like(NULL, 'a', '.5')")]
    public void FailsAsSqlite(string sql)
    {
        var sqlite = Assert.Throws<Microsoft.Data.Sqlite.SqliteException>(() => SqliteComparison.Run(Both.Sqlite, sql));
        var ours = Assert.Throws<SharpCoreDBException>(() => SqliteComparison.Run(Both.Engine, sql));
        Assert.Contains(ours.Message, sqlite.Message, StringComparison.Ordinal);
    }
}
