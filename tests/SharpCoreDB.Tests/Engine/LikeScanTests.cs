// LIKE in a WHERE clause over a scanned table, where the scan tests the record's
// bytes before decoding (RecordLikeFilter): the rows returned must be SQLite's for
// every kind of value the column can hold (ASCII and non-ASCII text of any case,
// NULL, integers, reals, blobs), for NOT LIKE, ESCAPE, parameters, patterns that
// are not text, and in joins, LEFT JOINs, UPDATE and DELETE.
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Tests.Engine;

public sealed class LikeScanTests : IDisposable
{
    private static readonly object?[] Values =
    [
        "alice@example42.com", "BOB@EXAMPLE42.COM", "carol@example4.com", "dave@example42.co", "éva@example42.com",
        "ÉVA@EXAMPLE42.COM", "zoë@exämple42.com", "😀@example42.com", "50%", "500", "a_b", "axb", "a\\b", "", "x", "12", "12.5",
        null, 12L, 125L, 12.5, -3L, new byte[] { 0x31, 0x32 }, new byte[] { 0x61, 0x40 }, "ß", "SS", "Straße", "€uro", "e\u0301",
    ];

    private static readonly string[] Conditions =
    [
        "v LIKE '%@example42.com'", "v LIKE '%@EXAMPLE42.COM'", "v NOT LIKE '%@example42.com'", "v LIKE '_va@%'",
        "v LIKE '__@%'", "v LIKE '😀%'", "v LIKE '_@%'", "v LIKE '%ä%'", "v LIKE '%Ä%'", "v LIKE '50\\%' ESCAPE '\\'",
        "v LIKE '50%'", "v LIKE 'a#_b' ESCAPE '#'", "v NOT LIKE 'a#_b' ESCAPE '#'", "v LIKE 'a\\b'", "v LIKE '12'",
        "v LIKE '12%'", "v LIKE 12", "v LIKE 12.5", "v LIKE '%'", "v LIKE ''", "v LIKE NULL", "v NOT LIKE NULL",
        "v LIKE '%' ESCAPE NULL", "v LIKE 'straße'", "v LIKE 's_'", "v LIKE '%uro'", "v LIKE 'e_'", "v LIKE 'e__'",
        "v LIKE x'3132'", "v NOT LIKE '%e%'", "v LIKE '%a%' AND v LIKE '%@%'", "v LIKE '%' || 'com'",
    ];

    private readonly EngineHarness _db = new();
    private readonly SqliteConnection _sqlite = SqliteReference.OpenMemory();

    public LikeScanTests()
    {
        Both("CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT, w)");
        Both("CREATE TABLE u(id INTEGER PRIMARY KEY, tid INTEGER, tag TEXT)");
        for (int i = 0; i < Values.Length; i++)
        {
            // w holds the same values without TEXT affinity, so numbers and blobs stay what they are.
            _db.Execute("INSERT INTO t VALUES (?, ?, ?)", i + 1, Values[i], Values[i]);
            using SqliteCommand insert = _sqlite.CreateCommand();
            insert.CommandText = "INSERT INTO t VALUES ($id, $v, $v)";
            insert.Parameters.AddWithValue("$id", i + 1);
            insert.Parameters.AddWithValue("$v", Values[i] ?? DBNull.Value);
            insert.ExecuteNonQuery();
            Both($"INSERT INTO u VALUES ({i + 1}, {(i % 3) + 1}, '{(i % 2 == 0 ? "tag@example42.com" : "other")}')");
        }
    }

    public void Dispose()
    {
        _db.Dispose();
        _sqlite.Dispose();
    }

    [Fact]
    public void LikeFiltersReturnSqlitesRowsForEveryKindOfValue()
    {
        foreach (string condition in Conditions)
        {
            foreach (string column in new[] { "v", "w" })
            {
                string where = condition.Replace("v ", column + " ", StringComparison.Ordinal);
                AssertSame($"SELECT id FROM t WHERE {where} ORDER BY id");
                AssertSame($"SELECT id, v, w FROM t WHERE {where} AND id > 3 ORDER BY id DESC");
            }
        }
    }

    [Fact]
    public void ParametersEscapeErrorsAndPatternChangesBetweenExecutions()
    {
        foreach (string pattern in new[] { "%@example42.com", "%@EXAMPLE42%", "_va%", "%😀%", "%", "x" })
        {
            List<object?[]> rows = _db.Query("SELECT id FROM t WHERE v LIKE ? ORDER BY id", pattern);
            Assert.Equal(Sqlite($"SELECT id FROM t WHERE v LIKE '{pattern}' ORDER BY id"), Ids(rows));
        }

        Assert.Empty(_db.Query("SELECT id FROM t WHERE v LIKE ?", [null]));
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => _db.Query("SELECT id FROM t WHERE v LIKE 'a' ESCAPE 'ab'"));
        Assert.Contains("ESCAPE expression must be a single character", error.Message, StringComparison.Ordinal);

        // On an empty table the bad escape is never evaluated, with or without the record filter.
        _db.Execute("CREATE TABLE empty(v TEXT)");
        Assert.Empty(_db.Query("SELECT * FROM empty WHERE v LIKE 'a' ESCAPE 'ab'"));
    }

    [Fact]
    public void JoinsAndWritesFilteredByLikeSeeTheRightRows()
    {
        AssertSame("SELECT t.id, u.id FROM t JOIN u ON u.tid = t.id WHERE t.v LIKE '%example42%' AND u.tag LIKE '%@%' ORDER BY 1, 2");
        AssertSame("SELECT t.id, u.id FROM t LEFT JOIN u ON u.tid = t.id AND u.tag LIKE 'tag%' WHERE t.v LIKE '%a%' ORDER BY 1, 2");
        AssertSame("SELECT t.id, u.id FROM t LEFT JOIN u ON u.tid = t.id WHERE u.tag NOT LIKE 'tag%' OR u.tag IS NULL ORDER BY 1, 2");
        AssertSame("SELECT t.id, u.id FROM t, u WHERE u.tag LIKE t.v ORDER BY 1, 2");

        Both("UPDATE t SET v = 'changed' WHERE v LIKE '%@example42.com'");
        Both("DELETE FROM t WHERE w LIKE '1%'");
        AssertSame("SELECT id, v, w FROM t ORDER BY id");
    }

    private void Both(string sql)
    {
        _db.Execute(sql);
        SqliteReference.Execute(_sqlite, sql);
    }

    private void AssertSame(string sql)
    {
        List<string> expected = Sqlite(sql);
        List<string> actual = Ids(_db.Query(sql));
        Assert.True(expected.SequenceEqual(actual), $"{sql}\nSQLite: {string.Join(" | ", expected)}\nSharpCoreDB: {string.Join(" | ", actual)}");
    }

    private List<string> Sqlite(string sql) => SqliteReference.Rows(_sqlite, sql, RowText.Exact);

    private static List<string> Ids(List<object?[]> rows) => rows.Select(RowText.Exact).ToList();
}
