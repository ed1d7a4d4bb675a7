// A seeded, reproducible fuzz test: valid statements are mutated (characters and
// tokens deleted, inserted, duplicated, swapped; text truncated) and parsed. The
// only exception allowed to escape is SqlSyntaxException. Set
// SCDB_SQL_FUZZ_ITERATIONS for a longer run (docs/sql.md).
using System.Globalization;

namespace SharpCoreDB.Sql.Tests;

[Trait("Category", "Slow")]
public sealed class MutationFuzzTests
{
    private static readonly string[] Seeds =
    [
        "SELECT a, b + 1 AS total FROM t1 WHERE c > 5 ORDER BY 1 DESC LIMIT 10 OFFSET 2",
        "SELECT DISTINCT t.a, COUNT(*) FROM t JOIN u ON t.id = u.id LEFT JOIN v USING (x) GROUP BY t.a HAVING COUNT(*) > 1",
        "INSERT OR REPLACE INTO users (id, name, score) VALUES (@id, :name, $score), (?, ?2, NULL) RETURNING id",
        "UPDATE t SET a = a + 1, b = 'it''s' WHERE id IN (SELECT id FROM u WHERE x BETWEEN 1 AND 10)",
        "DELETE FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.a = t.a) AND b IS NOT NULL",
        "CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY AUTOINCREMENT, name VARCHAR(30) NOT NULL UNIQUE, v DECIMAL(10,2) DEFAULT -1.5 CHECK (v >= 0), PRIMARY KEY (id, name))",
        "CREATE UNIQUE INDEX IF NOT EXISTS i ON t (a DESC, b) WHERE a > 0",
        "CREATE VIEW v (x) AS SELECT CASE WHEN a < 0 THEN -a ELSE a END FROM t UNION ALL SELECT 1 INTERSECT SELECT 2",
        "ALTER TABLE t RENAME COLUMN a TO b; ALTER TABLE t ADD COLUMN c TEXT DEFAULT 'x'; DROP TABLE IF EXISTS u",
        "BEGIN IMMEDIATE; SAVEPOINT s; RELEASE SAVEPOINT s; ROLLBACK TO s; COMMIT; PRAGMA integrity_check; EXPLAIN SELECT 1",
        "SELECT CAST(- - 17 AS SIGNED) * X'0A' || \"q\"\"x\" FROM [t 1] WHERE a NOT LIKE 'x%' ESCAPE '!' /* c */ -- d",
        "SELECT + 86 * + ( NULLIF ( 32, - - CAST( - - 17 AS INTEGER ) ) ) - + NULLIF ( + - CAST( NULL AS INTEGER ), - + 79 )",
    ];

    private static readonly string[] Fragments =
    [
        "(", ")", "'", "\"", "[", "]", "`", ",", ";", "*", "-", "--", "/*", "*/", "?", "@", ":", "$", ".", "||", "<>",
        "SELECT", "FROM", "WHERE", "NOT", "NULL", "IN", "BETWEEN", "AND", "CASE", "END", "(SELECT", "X'", "0x",
        "9223372036854775808", "1e", " ", "\n", "\0", "\uD800", "é",
    ];

    [Fact]
    public void MutatedStatementsOnlyEverRaiseSyntaxErrors()
    {
        int iterations = int.TryParse(Environment.GetEnvironmentVariable("SCDB_SQL_FUZZ_ITERATIONS"), NumberStyles.None, CultureInfo.InvariantCulture, out int n) ? n : 10_000;
        var random = new Random(4242);
        int parsed = 0;
        int rejected = 0;
        for (int i = 0; i < iterations; i++)
        {
            string sql = Seeds[random.Next(Seeds.Length)];
            int mutations = random.Next(1, 4);
            for (int m = 0; m < mutations; m++)
            {
                sql = Mutate(sql, random);
            }

            try
            {
                SqlParser.Parse(sql);
                parsed++;
            }
            catch (SqlSyntaxException)
            {
                rejected++;
            }
            catch (Exception e)
            {
                Assert.Fail($"iteration {i}: {e.GetType().Name} escaped for {sql}\n{e}");
            }
        }

        // Both outcomes must occur, or the mutations are not exercising the parser.
        Assert.True(parsed > iterations / 50, $"only {parsed} mutants parsed");
        Assert.True(rejected > iterations / 2, $"only {rejected} mutants rejected");
    }

    private static string Mutate(string sql, Random random)
    {
        if (sql.Length == 0)
        {
            return Fragments[random.Next(Fragments.Length)];
        }

        int at = random.Next(sql.Length);
        int length = Math.Min(sql.Length - at, random.Next(1, 8));
        return random.Next(6) switch
        {
            0 => sql.Remove(at, length),
            1 => sql.Insert(at, Fragments[random.Next(Fragments.Length)]),
            2 => sql.Insert(at, sql.Substring(at, length)),
            3 => Swap(sql, at, random.Next(sql.Length)),
            4 => sql[..at],
            _ => sql.Insert(at, ((char)random.Next(0, 0x250)).ToString()),
        };
    }

    private static string Swap(string sql, int a, int b)
    {
        char[] chars = sql.ToCharArray();
        (chars[a], chars[b]) = (chars[b], chars[a]);
        return new string(chars);
    }
}
