// Differential test: a seeded generator creates tables, fills them and runs
// random queries and DML against SharpCoreDB (through the Session API) and
// SQLite (Microsoft.Data.Sqlite) side by side, comparing results as multisets
// (or in order when ORDER BY fixes it over all columns). RIGHT and FULL JOINs of
// every shape come from DifferentialTests.OuterJoins. The short run takes a
// few seconds; set SCDB_DIFF_ITERATIONS (e.g. 200000) for a long run and
// SCDB_DIFF_SEED to reproduce one. Intended dialect differences are
// listed in docs/sql-semantics.md and avoided by the generator.
using System.Globalization;
using Microsoft.Data.Sqlite;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Tests.Engine;

[Trait("Category", "Slow")]
public sealed partial class DifferentialTests
{
    private static readonly string[] Tables = ["t1", "t2", "t3"];
    private static readonly string[] Columns = ["a", "b", "c", "d"];

    [Fact]
    public void RandomQueriesMatchSqlite()
    {
        int iterations = int.TryParse(Environment.GetEnvironmentVariable("SCDB_DIFF_ITERATIONS"), out int n) ? n : 3000;
        int seed = int.TryParse(Environment.GetEnvironmentVariable("SCDB_DIFF_SEED"), out int s) ? s : 20240611;
        var random = new Random(seed);
        using var ours = new EngineHarness();
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        foreach (string table in Tables)
        {
            Both(ours, sqlite, $"CREATE TABLE {table}(id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c REAL, d INTEGER)");
        }

        Both(ours, sqlite, "CREATE INDEX t1a ON t1(a)");
        Both(ours, sqlite, "CREATE INDEX t2ad ON t2(a, d)");
        Both(ours, sqlite, "CREATE INDEX t3b ON t3(b)");
        Both(ours, sqlite, "CREATE VIEW v1 AS SELECT * FROM t1 WHERE a > 3");
        Both(ours, sqlite, "CREATE VIEW v2 AS SELECT id, a + 1 AS a, b, c, d FROM t3");
        for (int i = 0; i < 150; i++)
        {
            Both(ours, sqlite, Insert(random));
        }

        int compared = 0;
        for (int i = 0; i < iterations; i++)
        {
            int kind = random.Next(10);
            string sql = kind switch
            {
                0 => Insert(random),
                1 => $"UPDATE {Pick(random, Tables)} SET {Pick(random, Columns)} = {Value(random)} WHERE {Predicate(random, null)}",
                2 when random.Next(4) == 0 => $"DELETE FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}",
                _ => Query(random),
            };
            if (kind is 0 or 1 or 2)
            {
                Both(ours, sqlite, sql);
                continue;
            }

            List<string> expected = SqliteReference.Rows(sqlite, sql, RowText.Rounded);
            List<string> actual;
            try
            {
                actual = ours.Query(sql).Select(RowText.Rounded).ToList();
            }
            catch (SharpCoreDBException e)
            {
                throw new Xunit.Sdk.XunitException($"seed {seed}, step {i}: {sql}\nSharpCoreDB failed: {e.Message}");
            }

            // A window's ORDER BY orders its frames, not the result (whose order among peers is the engines' own).
            if (!sql.Contains("ORDER BY", StringComparison.Ordinal) || sql.Contains(" OVER (", StringComparison.Ordinal))
            {
                expected.Sort(string.CompareOrdinal);
                actual.Sort(string.CompareOrdinal);
            }

            if (!expected.SequenceEqual(actual))
            {
                throw new Xunit.Sdk.XunitException(
                    $"seed {seed}, step {i}: {sql}\nSQLite: {string.Join(" | ", expected.Take(20))}\nours:   {string.Join(" | ", actual.Take(20))}");
            }

            compared++;
        }

        Assert.True(compared > iterations / 2);
        Assert.Equal("ok", ours.Scalar("PRAGMA integrity_check"));
    }

    private static void Both(EngineHarness ours, SqliteConnection sqlite, string sql)
    {
        string? sqliteError = null;
        try
        {
            SqliteReference.Execute(sqlite, sql);
        }
        catch (SqliteException e)
        {
            sqliteError = e.Message;
        }

        string? ourError = null;
        try
        {
            ours.Execute(sql);
        }
        catch (SharpCoreDBException e)
        {
            ourError = e.Message;
        }

        Assert.True((sqliteError is null) == (ourError is null), $"{sql}\nSQLite: {sqliteError ?? "ok"}\nours: {ourError ?? "ok"}");
    }

    private static string Insert(Random random)
    {
        var rows = new List<string>();
        int count = 1 + random.Next(3);
        for (int i = 0; i < count; i++)
        {
            rows.Add($"({Value(random, 'a')}, {Value(random, 'b')}, {Value(random, 'c')}, {Value(random, 'd')})");
        }

        return $"INSERT INTO {Pick(random, Tables)}(a, b, c, d) VALUES {string.Join(", ", rows)}";
    }

    private static string Query(Random random)
    {
        switch (random.Next(23))
        {
            case 19 or 20:
                return OuterJoins(random);
            case 21:
                return UsingOuterJoins(random);
            case 22:
                return NestedOuterJoin(random);

            case 18:
                {
                    // Row values over (a, d), which t2 indexes: comparisons pair by pair, BETWEEN, IN a list or a subquery.
                    string t = Pick(random, Tables);
                    string row = $"({Value(random)}, {Pick(random, [Value(random), "NULL"])})";
                    string condition = random.Next(4) switch
                    {
                        0 => $"(a, d) {Pick(random, ["=", "<>", "<", "<=", ">", ">=", "IS", "IS NOT"])} {row}",
                        1 => $"(a, d) {Pick(random, ["", "NOT "])}BETWEEN {row} AND ({random.Next(10, 25)}, {random.Next(25)})",
                        2 => $"(a, d) {Pick(random, ["", "NOT "])}IN ({row}, ({Value(random)}, {Value(random)}))",
                        _ => $"(a, d) {Pick(random, ["", "NOT "])}IN (SELECT a, d FROM {Pick(random, Tables)} WHERE {Predicate(random, null)})",
                    };
                    return $"SELECT id, a, d FROM {t} WHERE {condition}";
                }

            case 17:
                return $"SELECT x.id, y.id, x.b, y.a FROM {Pick(random, Tables)} AS x FULL JOIN {Pick(random, Tables)} AS y ON x.a = y.d " +
                    $"WHERE {Predicate(random, random.Next(2) == 0 ? "x" : "y")} OR {Pick(random, ["x", "y"])}.id IS NULL";

            case 15 or 16:
                return $"SELECT id, a, {Window(random)} AS w FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}";

            case 11:
                return $"WITH c AS (SELECT * FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}) SELECT c.id, x.id, x.b FROM c JOIN t2 AS x ON x.a = c.d WHERE {Predicate(random, "c")}";
            case 12:
                // Named twice: computed once and shared by both references.
                return $"WITH c AS (SELECT * FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}) SELECT p.id, q.id, p.b FROM c AS p JOIN c AS q ON p.a = q.d AND q.id BETWEEN p.id AND p.id + 30";
            case 13:
                {
                    // A walk through the data: rows of t2 whose d is the previous row's a, among the next few ids
                    // (so the walk stays small as the tables grow over a long run), three levels deep.
                    string union = random.Next(2) == 0 ? "UNION" : "UNION ALL";
                    return $"WITH RECURSIVE r(id, a, depth) AS (SELECT id, a, 0 FROM {Pick(random, Tables)} WHERE {Predicate(random, null)} " +
                        $"{union} SELECT t2.id, t2.a, depth + 1 FROM r JOIN t2 ON t2.d = r.a AND t2.id BETWEEN r.id + 1 AND r.id + 12 WHERE depth < 3) SELECT id, a, depth FROM r";
                }

            case 14:
                {
                    // The CTE's ORDER BY picks the next row to expand, its LIMIT stops the walk: compared in order.
                    string order = Pick(random, ["3 DESC, 1", "1", "2 DESC, 3, 1"]);
                    return $"WITH RECURSIVE r(id, a, depth) AS (SELECT id, a, 0 FROM {Pick(random, Tables)} WHERE {Predicate(random, null)} " +
                        $"UNION ALL SELECT t2.id, t2.a, depth + 1 FROM r JOIN t2 ON t2.d = r.a AND t2.id BETWEEN r.id + 1 AND r.id + 12 WHERE depth < 4 ORDER BY {order} LIMIT {random.Next(5, 40)}) SELECT id, a, depth FROM r";
                }

            case 0:
                {
                    string t = Pick(random, Tables);
                    return $"SELECT id, a, b, c, d FROM {t} WHERE {Predicate(random, null)}";
                }

            case 1:
                {
                    string t = Pick(random, Tables);
                    string g = Pick(random, ["a", "b", "d"]);
                    return $"SELECT {g}, COUNT(*), SUM(a), MIN(c), MAX(b), COUNT(DISTINCT d) FROM {t} WHERE {Predicate(random, null)} GROUP BY {g}" +
                        (random.Next(2) == 0 ? $" HAVING COUNT(*) > {random.Next(3)}" : string.Empty);
                }

            case 2:
                return $"SELECT x.id, y.id, x.a, y.b FROM t1 AS x JOIN t2 AS y ON x.a = y.a WHERE {Predicate(random, "x")}";
            case 3:
                return $"SELECT x.id, y.id, y.d FROM t1 AS x LEFT JOIN t3 AS y ON x.d = y.d AND y.a > {random.Next(20)} WHERE {Predicate(random, "x")}";
            case 6:
                // The rowid seek answers `y.id = x.a` alone (no filter after it); in a LEFT JOIN it stays a filter.
                return $"SELECT x.id, y.id, y.b FROM t1 AS x JOIN t2 AS y ON y.id = x.a WHERE {Predicate(random, "x")}";
            case 7:
                return $"SELECT x.id, y.id, y.c FROM t2 AS x LEFT JOIN t3 AS y ON y.id = x.d WHERE {Predicate(random, "x")}";
            case 8:
                // WHERE reads the LEFT JOINed table too (the anti-join shape among them): its filters run
                // after a row has matched or been NULL-extended, whichever access reads it.
                return $"SELECT x.id, y.id, y.a FROM t1 AS x LEFT JOIN t2 AS y ON x.d = y.d WHERE {Predicate(random, "y")} OR y.id IS NULL";
            case 9:
                return $"SELECT x.id, y.id, x.b FROM t1 AS x RIGHT JOIN t3 AS y ON x.a = y.a WHERE {Predicate(random, random.Next(2) == 0 ? "x" : "y")}";
            case 10:
                // t2 and t3 share every column name, t1 too: NATURAL joins on all of them.
                return $"SELECT * FROM {Pick(random, Tables)} AS p NATURAL {Pick(random, ["", "LEFT "])}JOIN {Pick(random, Tables)} AS q WHERE {Predicate(random, null)}";
            case 4:
                {
                    string t = Pick(random, Tables);
                    return $"SELECT id, a FROM {t} WHERE a IN (SELECT d FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}) OR EXISTS (SELECT 1 FROM t2 WHERE t2.d = {t}.a AND t2.b IS NULL)";
                }

            default:
                {
                    string t = Pick(random, Tables);
                    return $"SELECT DISTINCT a + d, b || 'x', c * 2, abs(d) FROM {t} WHERE {Predicate(random, null)} UNION ALL SELECT a, b, c, d FROM {t} WHERE a BETWEEN {random.Next(10)} AND {random.Next(10, 20)}";
                }
        }
    }

    // A window function over a random window. The ORDER BY ends with id, so every row's place is
    // the same in both engines (peers in SQLite come in its scan order, which may differ from ours),
    // except for RANGE offsets, which need a single ORDER BY term and get only aggregates, whose
    // value over a RANGE frame does not depend on the order of peers.
    private static string Window(Random random)
    {
        string partition = random.Next(2) == 0 ? string.Empty : "PARTITION BY " + Pick(random, ["a % 3", "b IS NULL", "d"]) + " ";
        string[] bounds = ["UNBOUNDED PRECEDING", $"{random.Next(4)} PRECEDING", "CURRENT ROW", $"{random.Next(4)} FOLLOWING", "UNBOUNDED FOLLOWING"];
        int start = random.Next(4);
        int end = random.Next(Math.Max(start, 1), 5);
        string exclude = Pick(random, ["", "", " EXCLUDE CURRENT ROW", " EXCLUDE GROUP", " EXCLUDE TIES", " EXCLUDE NO OTHERS"]);
        if (random.Next(4) == 0)
        {
            string aggregate = Pick(random, ["sum(a)", "count(*)", "min(b)", "max(c)", "total(d)", "count(d) FILTER (WHERE a > 5)"]);
            return $"{aggregate} OVER ({partition}ORDER BY a{Pick(random, ["", " DESC"])} RANGE BETWEEN {bounds[start]} AND {bounds[end]}{exclude})";
        }

        string function = Pick(random, ["row_number()", "rank()", "dense_rank()", "percent_rank()", "cume_dist()", "ntile(3)", "lag(b)",
            "lead(a, 2, -1)", "first_value(c)", "last_value(d)", "nth_value(a, 2)", "sum(a)", "count(*)", "min(b)", "max(c)", "avg(d)",
            "group_concat(id, '.')", "count(d) FILTER (WHERE a > 5)"]);
        string order = "ORDER BY " + Pick(random, ["a", "b", "c DESC", "d NULLS LAST"]) + ", id";
        string frame = random.Next(3) == 0 ? string.Empty : $" {Pick(random, ["ROWS", "GROUPS", "RANGE"])} BETWEEN {bounds[start]} AND {bounds[end]}{exclude}";
        if (frame.Contains("RANGE", StringComparison.Ordinal) && (bounds[start].EndsWith("G", StringComparison.Ordinal) && char.IsDigit(bounds[start][0])
            || char.IsDigit(bounds[end][0])))
        {
            frame = $" RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW{exclude}";
        }

        return $"{function} OVER ({partition}{order}{frame})";
    }

    private static string Predicate(Random random, string? alias)
    {
        string prefix = alias is null ? string.Empty : alias + ".";
        string one = random.Next(10) switch
        {
            0 => $"{prefix}a = {random.Next(20)}",
            1 => $"{prefix}a > {random.Next(20)}",
            2 => $"{prefix}b LIKE '{(char)('a' + random.Next(4))}%'",
            3 => $"{prefix}c < {random.Next(100)}.5",
            4 => $"{prefix}d IS NULL",
            5 => $"{prefix}a IN ({random.Next(20)}, {random.Next(20)}, NULL)",
            6 => $"{prefix}d BETWEEN {random.Next(10)} AND {random.Next(5, 30)}",
            8 => $"{prefix}id = {random.Next(40)}",
            9 => $"{prefix}id IN ({random.Next(40)}, '{random.Next(40)}', {random.Next(40)}.0, NULL)",
            _ => $"NOT ({prefix}a <> {prefix}d)",
        };
        return random.Next(3) switch
        {
            0 => one,
            1 => $"{one} AND {Predicate(random, alias)}",
            _ => $"({one} OR {Predicate(random, alias)})",
        };
    }

    private static string Value(Random random, char column = 'a')
    {
        if (random.Next(8) == 0)
        {
            return "NULL";
        }

        return column switch
        {
            'b' => $"'{(char)('a' + random.Next(5))}{random.Next(10)}'",
            'c' => (random.Next(2000) / 10.0).ToString("0.0", CultureInfo.InvariantCulture),
            _ => random.Next(25).ToString(CultureInfo.InvariantCulture),
        };
    }

    private static string Pick(Random random, string[] options) => options[random.Next(options.Length)];
}
