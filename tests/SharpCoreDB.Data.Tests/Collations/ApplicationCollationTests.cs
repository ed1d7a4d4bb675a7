// Collations an application registers (CreateCollation) answer as SQLite's do with the
// same comparison registered on Microsoft.Data.Sqlite's connection: comparisons,
// BETWEEN and IN, ORDER BY, GROUP BY and DISTINCT (values the comparison calls equal
// are one group), DISTINCT aggregates, min/max, compound SELECTs, window partitions,
// joins; every query runs on a table without indexes and on one whose indexes are in
// the collation's order, so an index seek, range and ordered scan must answer exactly
// as a scan does. Uniqueness follows the collation (UNIQUE, PRIMARY KEY, unique
// indexes), the planner uses such an index (EXPLAIN), and a table of a few thousand
// random texts (a B+tree of several levels) answers seeks and orders as SQLite does.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Collations;

public sealed class ApplicationCollationTests : SqliteComparisonTests
{
    private const string Rows = """
        (1, 'abc', 'abc'), (2, 'ABC', 'x'), (3, 'zz', 'ZZ'), (4, 'aaa', 'cba'), (5, 'Zz', 'zz'), (6, NULL, NULL),
        (7, '', ''), (8, 'b', 'B'), (9, 'ébène', 'Ébène'), (10, 10, '10'), (11, 2.5, 'aBc'), (12, 'abcd', 'dcba'),
        (13, 'AbC', 'abc '), (14, x'6162', 'q'), (15, 'a', 'zzz')
        """;

    public ApplicationCollationTests()
    {
        TestCollations.Register(Both.Sqlite);
        TestCollations.Register(Both.Engine);
        foreach (string table in new[] { "plain", "indexed" })
        {
            Both.Execute($"CREATE TABLE {table} (id INTEGER PRIMARY KEY, k TEXT COLLATE lenfirst, b TEXT)");
            Both.Execute($"INSERT INTO {table} VALUES {Rows}");
        }

        Both.Execute("CREATE INDEX indexed_k ON indexed (k); CREATE INDEX indexed_b ON indexed (b COLLATE reversed)");
        Both.Execute("CREATE INDEX indexed_kb ON indexed (k, b COLLATE NOCASE)");
        Both.Execute("CREATE INDEX indexed_lower ON indexed (lower(b) COLLATE lenfirst)");
    }

    [Theory]
    [InlineData("SELECT id FROM {t} WHERE k = 'ABC'")]
    [InlineData("SELECT id FROM {t} WHERE 'abc' = k")]
    [InlineData("SELECT id FROM {t} WHERE k = 'abc' COLLATE BINARY")]
    [InlineData("SELECT id FROM {t} WHERE k > 'zz'")]
    [InlineData("SELECT id FROM {t} WHERE k >= 'ZZ' AND k < 'abcd'")]
    [InlineData("SELECT id FROM {t} WHERE k BETWEEN 'b' AND 'ZZ'")]
    [InlineData("SELECT id FROM {t} WHERE k < ''")]
    [InlineData("SELECT id FROM {t} WHERE k IN ('ABC', 'zZ', 'none')")]
    [InlineData("SELECT id FROM {t} WHERE k IN ('abc', 'ABC', 'aBc')")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} WHERE k < 'abcd' AND k > 'b' ORDER BY k DESC, id DESC)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} WHERE k <= 'ZZ' ORDER BY k DESC, id DESC)")]
    [InlineData("SELECT id FROM {t} WHERE k IN (SELECT b FROM {t} WHERE id IN (1, 3))")]
    [InlineData("SELECT id FROM {t} WHERE b IN (SELECT k FROM {t} WHERE id = 1)")]
    [InlineData("SELECT id FROM {t} WHERE k IS 'aBc'")]
    [InlineData("SELECT id FROM {t} WHERE k = 10")]
    [InlineData("SELECT id FROM {t} WHERE k = b")]
    [InlineData("SELECT id FROM {t} WHERE b = k")]
    [InlineData("SELECT id FROM {t} WHERE b COLLATE lenfirst = 'ABC'")]
    [InlineData("SELECT id FROM {t} WHERE b = 'ABC' COLLATE lenfirst")]
    [InlineData("SELECT id FROM {t} WHERE b COLLATE reversed > 'b'")]
    [InlineData("SELECT id FROM {t} WHERE b COLLATE reversed BETWEEN 'a' AND 'c' ORDER BY b COLLATE reversed, id")]
    [InlineData("SELECT id FROM {t} WHERE k = 'abc' AND b = 'ABC' COLLATE NOCASE")]
    [InlineData("SELECT id FROM {t} WHERE lower(b) COLLATE lenfirst = 'ABC'")]
    [InlineData("SELECT id FROM {t} WHERE lower(b) COLLATE lenfirst > 'zz' ORDER BY lower(b) COLLATE lenfirst, id")]
    [InlineData("SELECT count(*) AS c, min(id) AS m FROM {t} GROUP BY k")]
    [InlineData("SELECT count(*) AS c, min(id) AS m FROM {t} GROUP BY b COLLATE lenfirst")]
    [InlineData("SELECT count(*) AS c, min(id) AS m FROM {t} GROUP BY k, b COLLATE reversed")]
    [InlineData("SELECT count(*) AS c, max(id) AS m FROM {t} GROUP BY k HAVING count(*) > 1")]
    [InlineData("SELECT count(*) AS c FROM (SELECT DISTINCT k FROM {t})")]
    [InlineData("SELECT count(*) AS c FROM (SELECT DISTINCT b COLLATE lenfirst FROM {t})")]
    [InlineData("SELECT count(DISTINCT k) AS c, count(DISTINCT b) AS d FROM {t}")]
    [InlineData("SELECT min(k) AS lo, max(k) AS hi, min(b COLLATE reversed) AS blo, max(b COLLATE reversed) AS bhi FROM {t} WHERE typeof(k) = 'text'")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} ORDER BY k, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} ORDER BY k DESC, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} ORDER BY b COLLATE reversed, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} ORDER BY b COLLATE reversed DESC, id DESC)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} ORDER BY k COLLATE BINARY, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} WHERE k > 'a' ORDER BY k, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM {t} WHERE k = 'abc' ORDER BY b COLLATE NOCASE, id)")]
    [InlineData("SELECT group_concat(id, ' ') AS o FROM (SELECT id, k AS s FROM {t} ORDER BY s, id)")]
    [InlineData("SELECT group_concat(k, ',') AS o FROM (SELECT k FROM {t} WHERE typeof(k) = 'text' ORDER BY 1 COLLATE lenfirst, id)")]
    [InlineData("SELECT id, rank() OVER (PARTITION BY k ORDER BY id) AS r FROM {t}")]
    [InlineData("SELECT id, count(*) OVER (ORDER BY k RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS r FROM {t}")]
    [InlineData("SELECT x.id AS a, y.id AS b FROM {t} x JOIN {t} y ON x.k = y.b WHERE x.id < y.id")]
    [InlineData("SELECT x.id AS a, y.id AS b FROM {t} x JOIN {t} y ON y.k = x.k WHERE x.id < y.id")]
    [InlineData("SELECT count(*) AS c, group_concat(lower(v), ' ') AS o FROM (SELECT v FROM (SELECT k AS v FROM {t} WHERE typeof(k) = 'text' UNION SELECT b FROM {t}) ORDER BY length(v), lower(v))")]
    [InlineData("SELECT count(*) AS c FROM (SELECT k FROM {t} INTERSECT SELECT b FROM {t})")]
    [InlineData("SELECT count(*) AS c FROM (SELECT k FROM {t} EXCEPT SELECT b FROM {t} WHERE id > 3)")]
    [InlineData("SELECT count(*) AS c FROM (SELECT b COLLATE lenfirst FROM {t} UNION SELECT 'ZZ')")]
    public void AnswersAsSqlite(string sql)
    {
        Both.AssertSameAnswer(sql.Replace("{t}", "plain", StringComparison.Ordinal));
        Both.AssertSameAnswer(sql.Replace("{t}", "indexed", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("SELECT id FROM indexed WHERE k = 'ABC'", "indexed_k")]
    [InlineData("SELECT id FROM indexed WHERE k > 'zz' AND k < 'abcd'", "indexed_k")]
    [InlineData("SELECT id FROM indexed WHERE k IN ('abc', 'ZZ')", "indexed_k")]
    [InlineData("SELECT id FROM indexed WHERE b = 'cba' COLLATE reversed", "indexed_b")]
    [InlineData("SELECT id FROM indexed ORDER BY b COLLATE reversed, id", "indexed_b")]
    [InlineData("SELECT id FROM indexed WHERE lower(b) COLLATE lenfirst = 'abc'", "indexed_lower")]
    public void ThePlannerUsesAnIndexInTheCollation(string sql, string index)
    {
        string plan = string.Join("\n", SqliteReference.Rows(Both.Engine, "EXPLAIN QUERY PLAN " + sql, r => string.Join(" ", r), out _));
        Assert.Contains("USING INDEX " + index, plan, StringComparison.Ordinal);
        Assert.DoesNotContain("USE TEMP B-TREE", plan, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("CREATE TABLE u1 (k TEXT COLLATE lenfirst UNIQUE)", "INSERT INTO u1 VALUES ('ab'); INSERT INTO u1 VALUES ('AB')")]
    [InlineData("CREATE TABLE u2 (k TEXT, UNIQUE (k COLLATE lenfirst))", "INSERT INTO u2 VALUES ('ab'); INSERT INTO u2 VALUES ('aB')")]
    [InlineData("CREATE TABLE u3 (k TEXT COLLATE lenfirst PRIMARY KEY)", "INSERT INTO u3 VALUES ('ab'); INSERT INTO u3 VALUES ('Ab')")]
    [InlineData("CREATE TABLE u4 (k TEXT); CREATE UNIQUE INDEX u4_k ON u4 (k COLLATE lenfirst)", "INSERT INTO u4 VALUES ('ab'); INSERT INTO u4 VALUES ('AB')")]
    [InlineData("CREATE TABLE u5 (k TEXT, n INT, PRIMARY KEY (n, k COLLATE lenfirst))", "INSERT INTO u5 VALUES ('ab', 1); INSERT INTO u5 VALUES ('AB', 1)")]
    public void UniquenessFollowsTheCollation(string schema, string inserts)
    {
        Both.Execute(schema);
        var sqliteError = Assert.Throws<SqliteException>(() => Both.Execute(inserts));
        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(Both.Engine, inserts.Split(';')[1]));
        Assert.Contains("UNIQUE constraint failed", sqliteError.Message, StringComparison.Ordinal);
        Assert.Contains("UNIQUE constraint failed", error.Message, StringComparison.Ordinal);

        string table = schema.Split(' ')[2];
        Assert.Equal(1L, Statements.Scalar(Both.Engine, $"SELECT count(*) FROM {table}"));
        Statements.Run(Both.Engine, $"INSERT OR REPLACE INTO {table} (k{(table == "u5" ? ", n" : "")}) VALUES ('AB'{(table == "u5" ? ", 1" : "")})");
        Assert.Equal("AB", Statements.Scalar(Both.Engine, $"SELECT k FROM {table}"));
        Assert.Equal("ok", Statements.Scalar(Both.Engine, "PRAGMA integrity_check"));
    }

    [Fact]
    public void ForeignKeysAndUpsertsMatchUnderTheCollation()
    {
        Both.Execute("PRAGMA foreign_keys = ON");
        Both.Execute("CREATE TABLE parent (name TEXT COLLATE lenfirst PRIMARY KEY, n INT)");
        Both.Execute("CREATE TABLE child (id INTEGER PRIMARY KEY, p TEXT REFERENCES parent (name) ON UPDATE CASCADE)");
        Both.Execute("INSERT INTO parent VALUES ('abc', 1), ('zz', 2); INSERT INTO child (p) VALUES ('ABC'), ('Zz')");
        Both.AssertSameError("INSERT INTO child (p) VALUES ('abd')", "FOREIGN KEY constraint failed");
        Both.Execute("INSERT INTO parent VALUES ('ABC', 5) ON CONFLICT (name) DO UPDATE SET n = n + excluded.n");
        Both.Execute("UPDATE parent SET name = 'xyz' WHERE name = 'ZZ'");
        Both.AssertSameAnswer("SELECT name, n FROM parent");
        Both.AssertSameAnswer("SELECT id, p FROM child");
        Both.AssertSameAnswer("PRAGMA foreign_key_check");
    }

    [Fact]
    public void ManyRandomTextsSeekAndOrderAsSqlite()
    {
        var random = new Random(24);
        const string Letters = "aAbBzZ é_";
        Both.Execute("CREATE TABLE big (id INTEGER PRIMARY KEY, k TEXT COLLATE reversed, n TEXT COLLATE lenfirst UNIQUE)");
        using (SqliteTransaction sqliteTx = Both.Sqlite.BeginTransaction())
        using (SharpCoreDBTransaction tx = Both.Engine.BeginTransaction())
        {
            for (int i = 1; i <= 3000; i++)
            {
                string k = new(Enumerable.Range(0, random.Next(0, 12)).Select(_ => Letters[random.Next(Letters.Length)]).ToArray());
                string insert = $"INSERT INTO big VALUES ({i}, '{k}', 'n{i}')";
                using (SqliteCommand command = new(insert, Both.Sqlite, sqliteTx))
                {
                    command.ExecuteNonQuery();
                }

                Statements.Run(Both.Engine, insert);
            }

            sqliteTx.Commit();
            tx.Commit();
        }

        Both.Execute("CREATE INDEX big_k ON big (k)");
        Assert.Equal("ok", Statements.Scalar(Both.Engine, "PRAGMA integrity_check"));
        foreach (string probe in new[] { "", "a", "zA", "é_b", "bbbb", " " })
        {
            Both.AssertSameAnswer($"SELECT count(*) AS c, sum(id) AS s FROM big WHERE k = '{probe}'");
            Both.AssertSameAnswer($"SELECT count(*) AS c, sum(id) AS s FROM big WHERE k > '{probe}'");
            Both.AssertSameAnswer($"SELECT count(*) AS c, sum(id) AS s FROM big WHERE k <= '{probe}' AND k > 'b'");
        }

        Both.AssertSameAnswer("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM big ORDER BY k, id)");
        Both.AssertSameAnswer("SELECT group_concat(id, ' ') AS o FROM (SELECT id FROM big ORDER BY k DESC, id DESC)");
        Both.AssertSameAnswer("SELECT count(*) AS c FROM (SELECT DISTINCT k FROM big)");
        Both.AssertSameAnswer("SELECT count(*) AS c, max(id) AS m FROM big WHERE n IN ('N17', 'n2999', 'N3001')");
        Statements.Run(Both.Engine, "DELETE FROM big WHERE id % 3 = 0");
        Assert.Equal("ok", Statements.Scalar(Both.Engine, "PRAGMA integrity_check"));
        Assert.Equal(2000L, Statements.Scalar(Both.Engine, "SELECT count(*) FROM big"));
    }
}
