// SQLite's math functions and its functions between text, code points and bytes give
// SQLite's answers (Microsoft.Data.Sqlite's SQLite, which has the math extension
// built in): values, their types, NULL for domain errors and for text that is no
// number, integers kept by ceil/floor/trunc, infinities kept, and SQLite's errors for
// wrong argument counts and a likelihood out of range. The connection's counters
// (changes(), total_changes(), last_insert_rowid()) count as SQLite's do;
// sqlite_version() gives SharpCoreDB's version.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class FunctionLibraryTests : SqliteComparisonTests
{
    [Theory]
    [InlineData("sqrt(4), sqrt(2), sqrt('9'), sqrt(' 16 '), sqrt('abc'), sqrt(x'01'), sqrt(NULL), sqrt(-1), typeof(sqrt(4))")]
    [InlineData("pow(2, 10), power(2, 0.5), pow(-8, 1.0 / 3), pow(0, -1), pow(NULL, 2), exp(1), exp(1000), exp(-1000)")]
    [InlineData("ln(2), ln(0), ln(-1), log(100), log(0), log(2, 8), log(1, 8), log(0, 8), log(2, 0), log2(8), log2(0), log10(1000), log10('100')")]
    [InlineData("floor(2.5), floor(-2.5), floor(3), floor('2.5'), floor(TRUE), floor(-0.0), typeof(floor(3)), typeof(floor(3.0)), typeof(floor('3'))")]
    [InlineData("ceil(2.1), ceiling(-2.1), ceil(5), ceil('abc'), ceil(1e300), trunc(-2.7), trunc(7), trunc(-0.5), trunc(9223372036854775807), trunc(2.5e300)")]
    [InlineData("mod(7, 3), mod(-7, 3), mod(7.5, 2), mod(7, 0), mod('7', 2), mod(7, NULL), typeof(mod(7, 3))")]
    [InlineData("pi(), degrees(pi()), radians(180), degrees(1), radians('90')")]
    [InlineData("sin(1), cos(1), tan(1), asin(0.5), acos(0.5), atan(1), atan2(1, 2), asin(2), acos(-2)")]
    [InlineData("sinh(1), cosh(1), tanh(1), asinh(1), acosh(2), acosh(0.5), atanh(0.5), atanh(1), atanh(2)")]
    [InlineData("char(72, 105), char(), length(char(NULL, 65)), hex(char(1114112, -1)), char(233, 128512), char('65')")]
    [InlineData("unicode('é'), unicode('😀x'), unicode(''), unicode(NULL), unicode(65)")]
    [InlineData("hex(unhex('4142')), hex(unhex('0a0B')), hex(unhex('41 42', ' ')), hex(unhex('-41-42-', '-')), unhex('4'), unhex('zz'), unhex(NULL), unhex('41', NULL), unhex('4142', 'zz'), hex(unhex(''))")]
    [InlineData("hex(zeroblob(3)), length(zeroblob(0)), length(zeroblob(-5)), typeof(randomblob(3)), length(randomblob(0)), length(randomblob(7))")]
    [InlineData("octet_length('é'), octet_length('abc'), octet_length(12), octet_length(1.5), octet_length(x'0102'), octet_length(NULL)")]
    [InlineData("concat(1, NULL, 'a'), concat(NULL), concat(x'4142', 1.5, 2), concat_ws(',', 1, NULL, 'a'), concat_ws(NULL, 1), concat_ws('', 'a', 'b'), concat_ws(', ', NULL, NULL)")]
    [InlineData("likely(5), unlikely('x'), likelihood(3, 0.5), likelihood(NULL, 0.0)")]
    public void AnswersAsSqlite(string expressions) => Both.AssertSameRows("SELECT " + expressions);

    // changes(), total_changes() and last_insert_rowid() through plain statements, triggers (whose bodies see their own
    // statements' figures, the firing statement's coming back after), cascades, OR REPLACE, UPSERT and INSTEAD OF.
    [Fact]
    public void ConnectionCountersAsSqlite()
    {
        string[] script =
        [
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "PRAGMA foreign_keys = ON",
            "CREATE TABLE p (id INTEGER PRIMARY KEY, k UNIQUE)",
            "CREATE TABLE c (id INTEGER PRIMARY KEY, pid REFERENCES p ON DELETE CASCADE)",
            "CREATE TABLE log (x)",
            "CREATE TRIGGER tr AFTER INSERT ON c BEGIN INSERT INTO log VALUES (new.id); INSERT INTO log VALUES (changes() || ' ' || last_insert_rowid()); END",
            "INSERT INTO p VALUES (1, 'a'), (2, 'b')",
            "INSERT INTO c VALUES (1, 1), (2, 1), (3, 2)",
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "DELETE FROM p WHERE id = 1",
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "INSERT OR REPLACE INTO p VALUES (5, 'b')",
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "INSERT INTO p VALUES (6, 'b') ON CONFLICT (k) DO UPDATE SET id = 7",
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "INSERT OR IGNORE INTO p VALUES (7, 'z')",
            "UPDATE p SET k = 'q' WHERE 0",
            "SELECT total_changes(), changes(), last_insert_rowid()",
            "CREATE VIEW v AS SELECT * FROM p",
            "CREATE TRIGGER vi INSTEAD OF INSERT ON v BEGIN INSERT INTO p VALUES (new.id, new.k); END",
            "INSERT INTO v VALUES (20, 'v')",
            "SELECT total_changes(), changes(), last_insert_rowid()",
        ];
        Differential.ScriptComparison.Run(Both.Sqlite, Both.Engine, script);
        Assert.Equal(Both.Engine.ServerVersion, Statements.Scalar(Both.Engine, "SELECT sqlite_version()"));
    }

    [Theory]
    [InlineData("SELECT changes(1)", "wrong number of arguments to function changes()")]
    [InlineData("SELECT zeroblob(9223372036854775807)", "string or blob too big")]
    [InlineData("SELECT randomblob(1000000001)", "string or blob too big")]
    [InlineData("SELECT concat()", "wrong number of arguments to function concat()")]
    [InlineData("SELECT concat_ws(',')", "wrong number of arguments to function concat_ws()")]
    [InlineData("SELECT sqrt(1, 2)", "wrong number of arguments to function sqrt()")]
    [InlineData("SELECT pi(1)", "wrong number of arguments to function pi()")]
    [InlineData("SELECT likelihood(3, 2.5)", "second argument to likelihood() must be a constant between 0.0 and 1.0")]
    [InlineData("SELECT likelihood(3, 1)", "second argument to likelihood() must be a constant between 0.0 and 1.0")]
    public void ErrorsAsSqlite(string sql, string message) => Both.AssertSameError(sql, message);
}
