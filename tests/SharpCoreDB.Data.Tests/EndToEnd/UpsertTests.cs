// INSERT .. ON CONFLICT .. DO (UPSERT) answers as SQLite's does: DO NOTHING and DO
// UPDATE with a target (the INTEGER PRIMARY KEY, a PRIMARY KEY or UNIQUE constraint
// in any column order) or without one, several clauses tried in order, SET reading
// the existing row (by the table's name or the INSERT's alias) and the proposed one
// (excluded.*), a WHERE that can leave the row alone, conflicts the update itself
// causes, rows of one statement colliding with each other, RETURNING over the rows
// written, and the foreign keys the update touches. The table's rows are compared
// after every statement; a failing statement leaves them as they were.

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class UpsertTests() : SqliteComparisonTests(
    "PRAGMA foreign_keys = ON",
    "CREATE TABLE kv (k TEXT PRIMARY KEY, v INTEGER NOT NULL DEFAULT 0, n INTEGER DEFAULT 0)",
    "CREATE TABLE c (id INTEGER PRIMARY KEY, name TEXT UNIQUE, hits INTEGER DEFAULT 1, seen TEXT, a INTEGER, b INTEGER, UNIQUE (a, b))",
    "CREATE TABLE child (cid INTEGER REFERENCES c (id) ON UPDATE CASCADE, note TEXT)",
    "INSERT INTO kv VALUES ('a', 1, 0); INSERT INTO c VALUES (1, 'x', 1, NULL, 1, 1), (2, 'y', 1, NULL, 1, 2); INSERT INTO child VALUES (1, 'of x')")
{
    [Theory]
    [InlineData("INSERT INTO kv VALUES ('a', 5, 0) ON CONFLICT (k) DO UPDATE SET v = v + excluded.v, n = n + 1")]
    [InlineData("INSERT INTO kv VALUES ('a', 5, 0), ('b', 2, 0), ('a', 7, 0) ON CONFLICT (k) DO UPDATE SET v = kv.v + excluded.v, n = n + 1")]
    [InlineData("INSERT INTO kv VALUES ('a', 100, 0) ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO kv VALUES ('z', 100, 0) ON CONFLICT DO NOTHING")]
    [InlineData("INSERT INTO kv AS t VALUES ('a', 1, 0) ON CONFLICT (k) DO UPDATE SET v = t.v * 2 WHERE t.v > 1000")]
    [InlineData("INSERT INTO kv AS t VALUES ('a', 1, 0) ON CONFLICT (k) DO UPDATE SET v = t.v * 2 WHERE excluded.v = 1")]
    [InlineData("INSERT INTO kv (k) SELECT 'a' UNION ALL SELECT 'q' ON CONFLICT (k) DO UPDATE SET n = n + 10")]
    [InlineData("INSERT INTO c (name) VALUES ('x'), ('w'), ('w') ON CONFLICT (name) DO UPDATE SET hits = hits + 1")]
    [InlineData("INSERT INTO c VALUES (1, 'q', 0, NULL, 5, 5) ON CONFLICT (id) DO UPDATE SET seen = excluded.name")]
    [InlineData("INSERT INTO c VALUES (1, 'y', 0, NULL, 7, 7) ON CONFLICT (id) DO UPDATE SET seen = 'id' ON CONFLICT (name) DO UPDATE SET seen = 'name'")]
    [InlineData("INSERT INTO c VALUES (5, 'y', 0, NULL, 7, 7) ON CONFLICT (id) DO UPDATE SET seen = 'id' ON CONFLICT (name) DO UPDATE SET seen = 'name'")]
    [InlineData("INSERT INTO c VALUES (6, 'v', 0, NULL, 1, 2) ON CONFLICT (b, a) DO UPDATE SET seen = 'ab'")]
    [InlineData("INSERT INTO c VALUES (6, 'v', 0, NULL, 1, 2) ON CONFLICT (name) DO NOTHING ON CONFLICT DO UPDATE SET seen = 'any'")]
    [InlineData("INSERT INTO c VALUES (1, 'x', 0, NULL, 1, 1) ON CONFLICT (id) DO UPDATE SET id = 10")]
    [InlineData("INSERT OR IGNORE INTO c VALUES (1, 'x', 0, NULL, 1, 1) ON CONFLICT (name) DO UPDATE SET hits = 50")]
    public void WritesWhatSqliteWrites(string sql)
    {
        Both.Execute(sql);
        Both.AssertSameAnswer("SELECT * FROM kv");
        Both.AssertSameAnswer("SELECT * FROM c");
        Both.AssertSameAnswer("SELECT * FROM child");
    }

    [Theory]
    [InlineData("INSERT INTO kv VALUES ('a', 1, 0) ON CONFLICT (k) DO UPDATE SET v = v + 1 RETURNING k, v, n")]
    [InlineData("INSERT INTO kv VALUES ('a', 1, 0), ('new', 3, 3) ON CONFLICT DO NOTHING RETURNING *")]
    [InlineData("INSERT INTO c (name) VALUES ('x'), ('w'), ('x') ON CONFLICT (name) DO UPDATE SET hits = hits + 1 RETURNING id, name, hits")]
    public void ReturnsTheRowsWritten(string sql) => Both.AssertSameAnswer(sql);

    [Theory]
    [InlineData("INSERT INTO c VALUES (1, 'q', 0, NULL, 5, 5) ON CONFLICT (name) DO UPDATE SET hits = 99", "UNIQUE constraint failed: c.id")]
    [InlineData("INSERT INTO c VALUES (7, 'x', 0, NULL, 5, 5) ON CONFLICT (name) DO UPDATE SET name = 'y'", "UNIQUE constraint failed: c.name")]
    [InlineData("INSERT INTO c VALUES (7, 'x', 0, NULL, 5, 5) ON CONFLICT (seen) DO NOTHING", "ON CONFLICT clause does not match any PRIMARY KEY or UNIQUE constraint")]
    [InlineData("INSERT INTO c VALUES (7, 'x', 0, NULL, 5, 5) ON CONFLICT (name) DO UPDATE SET nosuch = 1", "no such column: nosuch")]
    [InlineData("INSERT INTO kv VALUES ('a', 1, 0) ON CONFLICT (k) DO UPDATE SET v = NULL", "NOT NULL constraint failed: kv.v")]
    [InlineData("INSERT INTO kv VALUES ('a', 1, 0) ON CONFLICT (k) DO UPDATE SET v = v + 1 WHERE q = 1", "no such column: q")]
    public void RefusesWhatSqliteRefuses(string sql, string message)
    {
        Both.AssertSameError(sql, message);
        Both.AssertSameAnswer("SELECT * FROM kv");
        Both.AssertSameAnswer("SELECT * FROM c");
    }
}
