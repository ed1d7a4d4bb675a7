// Partial indexes and indexes on expressions behave as SQLite's: each script runs
// statement by statement on both engines (ScriptComparison: same outcome, same rows
// in every table after every statement) and ends with PRAGMA integrity_check, which
// must find every index holding exactly the rows its WHERE admits under the keys its
// expressions compute. The scripts cover uniqueness that only binds the rows a WHERE
// admits (soft deletes), rows moving in and out of a partial index by UPDATE, UPSERT
// targets naming a partial or expression index, keys on expressions with collations
// and affinities, queries the planner answers through such indexes (their results,
// whatever the plan), SQLite's rules and messages for what an index expression or
// WHERE may hold, and renaming and dropping what they mention.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.Differential;
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Indexes;

public sealed class PartialAndExpressionIndexScriptTests
{
    public static TheoryData<string, string> Scripts() => new()
    {
        {
            "unique among the rows a WHERE admits", """
            CREATE TABLE account (id INTEGER PRIMARY KEY, email TEXT COLLATE NOCASE, deleted INTEGER NOT NULL DEFAULT 0, note TEXT);
            CREATE UNIQUE INDEX account_email ON account (email) WHERE deleted = 0;
            INSERT INTO account (email) VALUES ('ann@example.com'), ('bob@example.com'), (NULL), (NULL);
            INSERT INTO account (email) VALUES ('ANN@example.com');
            UPDATE account SET deleted = 1 WHERE id = 1;
            INSERT INTO account (email) VALUES ('ANN@example.com');
            UPDATE account SET deleted = 0 WHERE id = 1;
            UPDATE account SET deleted = 0, email = 'ann.old@example.com' WHERE id = 1;
            INSERT OR IGNORE INTO account (email, note) VALUES ('bob@example.com', 'ignored'), ('cy@example.com', 'kept');
            INSERT OR REPLACE INTO account (email, note) VALUES ('BOB@example.com', 'replaced');
            INSERT INTO account (email, deleted) VALUES ('cy@example.com', 1), ('cy@example.com', 2);
            DELETE FROM account WHERE email = 'cy@example.com' AND deleted = 0;
            INSERT INTO account (email) VALUES ('cy@example.com');
            SELECT id, email FROM account WHERE email = 'Cy@Example.com' AND deleted = 0;
            SELECT count(*) FROM account;
            SELECT count(*) FROM account WHERE deleted = 0;
            PRAGMA integrity_check;
            """
        },
        {
            "rows move in and out as their WHERE turns", """
            CREATE TABLE task (id INTEGER PRIMARY KEY, owner TEXT, due INTEGER, done INTEGER, priority INTEGER);
            CREATE INDEX open_by_due ON task (due) WHERE done IS NULL;
            CREATE INDEX urgent ON task (owner, priority) WHERE priority > 5 OR due < 10;
            INSERT INTO task VALUES (1, 'ann', 5, NULL, 1), (2, 'bob', 20, NULL, 9), (3, 'ann', 30, 1, 7), (4, 'cy', NULL, NULL, 2);
            UPDATE task SET done = 1 WHERE due < 10;
            UPDATE task SET done = NULL, due = 3 WHERE id = 3;
            UPDATE task SET priority = priority + 5;
            UPDATE task SET owner = upper(owner) WHERE priority > 10;
            SELECT id FROM task WHERE done IS NULL AND due > 1 ORDER BY due;
            SELECT id FROM task WHERE due IS NOT NULL AND done IS NULL ORDER BY id;
            SELECT id FROM task WHERE owner = 'BOB' AND priority > 5;
            SELECT id FROM task WHERE due < 10 AND owner = 'ann';
            SELECT id FROM task INDEXED BY open_by_due WHERE done IS NULL AND due = 3;
            SELECT id FROM task INDEXED BY open_by_due WHERE due = 3;
            DELETE FROM task WHERE done IS NULL AND due = 3;
            SELECT * FROM task ORDER BY id;
            PRAGMA integrity_check;
            """
        },
        {
            "keys on expressions", """
            CREATE TABLE person (id INTEGER PRIMARY KEY, first TEXT, last TEXT, born TEXT, score REAL);
            CREATE INDEX person_name ON person (lower(last), lower(first));
            CREATE UNIQUE INDEX person_key ON person (lower(first) || ' ' || lower(last), substr(born, 1, 4));
            CREATE INDEX person_score ON person (round(score * 2) / 2 DESC, id);
            CREATE INDEX person_year ON person (CAST(substr(born, 1, 4) AS INTEGER));
            INSERT INTO person VALUES (1, 'Ann', 'Lee', '1990-04-01', 7.3), (2, 'bob', 'LEE', '1985-01-30', 8.8), (3, 'Cy', 'Ng', '1990-12-12', NULL);
            INSERT INTO person VALUES (4, 'ANN', 'lee', '1990-07-07', 1);
            INSERT INTO person VALUES (4, 'ANN', 'lee', '1991-07-07', 1);
            UPDATE person SET born = '1990-01-01' WHERE id = 4;
            UPDATE person SET last = 'Lee-Ng' WHERE id = 3;
            SELECT id FROM person WHERE lower(last) = 'lee' ORDER BY id;
            SELECT id FROM person WHERE lower(last) = 'lee' AND lower(first) = 'ann' ORDER BY id;
            SELECT id FROM person WHERE lower(person.last) > 'lee' ORDER BY id;
            SELECT id FROM person WHERE CAST(substr(born, 1, 4) AS INTEGER) = 1990 ORDER BY id;
            SELECT id FROM person WHERE CAST(substr(born, 1, 4) AS INTEGER) BETWEEN '1985' AND 1989;
            SELECT id FROM person WHERE round(score * 2) / 2 = 7.5;
            SELECT id FROM person WHERE round(score * 2) / 2 IN (1, 9) ORDER BY id;
            SELECT p.id, q.id FROM person p JOIN person q ON lower(q.last) = lower(p.last) AND q.id > p.id ORDER BY 1, 2;
            INSERT INTO person VALUES (5, 'Dee', 'Ray', '2000', 'high');
            DELETE FROM person WHERE lower(last) = 'lee' AND substr(born, 1, 4) = '1985';
            SELECT * FROM person ORDER BY id;
            PRAGMA integrity_check;
            """
        },
        {
            "collations and affinities of expression keys", """
            CREATE TABLE t (a TEXT, b INTEGER, c);
            CREATE INDEX ta ON t (a || '' COLLATE NOCASE);
            CREATE UNIQUE INDEX tb ON t (b + 0);
            CREATE INDEX tc ON t (c COLLATE NOCASE, typeof(c));
            INSERT INTO t VALUES ('Abc', '5', 'x'), ('abc', 6, 'X'), ('ABD', '7.0', 3), ('x', 8, '3');
            INSERT INTO t VALUES ('y', '5', NULL);
            INSERT INTO t VALUES ('y', 5.0, NULL);
            SELECT a FROM t WHERE a || '' = 'ABC' ORDER BY a;
            SELECT a FROM t WHERE (a || '' COLLATE NOCASE) = 'ABC' ORDER BY a;
            SELECT a FROM t WHERE b + 0 = 7;
            SELECT a FROM t WHERE b + 0 = '7';
            SELECT a FROM t WHERE c = 'x' COLLATE NOCASE ORDER BY a;
            SELECT a FROM t WHERE typeof(c) = 'integer';
            PRAGMA integrity_check;
            """
        },
        {
            "UPSERT targets on partial and expression indexes", """
            CREATE TABLE kv (id INTEGER PRIMARY KEY, k TEXT, v INTEGER, live INTEGER DEFAULT 1);
            CREATE UNIQUE INDEX kv_live ON kv (k) WHERE live = 1;
            CREATE UNIQUE INDEX kv_lower ON kv (lower(k), v);
            INSERT INTO kv (k, v) VALUES ('a', 1), ('b', 2);
            INSERT INTO kv (k, v) VALUES ('a', 5) ON CONFLICT (k) DO UPDATE SET v = excluded.v;
            INSERT INTO kv (k, v) VALUES ('a', 5) ON CONFLICT (k) WHERE live = 1 DO UPDATE SET v = v + excluded.v RETURNING id, k, v;
            INSERT INTO kv (k, v) VALUES ('a', 5) ON CONFLICT (k) WHERE live = 0 DO NOTHING;
            INSERT INTO kv (k, v) VALUES ('B', 2) ON CONFLICT (lower(k), v) DO UPDATE SET live = 0 RETURNING *;
            INSERT INTO kv (k, v) VALUES ('B', 2) ON CONFLICT (lower(k), v) DO NOTHING;
            INSERT INTO kv (k, v) VALUES ('b', 3) ON CONFLICT (k) WHERE live = 1 DO UPDATE SET v = 30;
            INSERT INTO kv (k, v, live) VALUES ('c', 1, 0), ('c', 1, 0) ON CONFLICT (lower(k), v) DO UPDATE SET v = v + 100;
            INSERT INTO kv (k, v) VALUES ('x', 1) ON CONFLICT (upper(k)) DO NOTHING;
            SELECT * FROM kv ORDER BY id;
            PRAGMA integrity_check;
            """
        },
        {
            "what an index expression or WHERE may hold", """
            CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c INTEGER);
            CREATE TABLE u (x);
            CREATE INDEX i1 ON t (random());
            CREATE INDEX i2 ON t (b) WHERE random() > 0;
            CREATE INDEX i3 ON t (b) WHERE c IN (SELECT x FROM u);
            CREATE INDEX i4 ON t ((SELECT 1));
            CREATE INDEX i5 ON t (nope + 1);
            CREATE INDEX i6 ON t (b) WHERE nope > 0;
            CREATE INDEX i7 ON t (t.b);
            CREATE INDEX i8 ON t (b) WHERE u.x > 0;
            CREATE INDEX i9 ON t (sum(c));
            CREATE INDEX i10 ON t (b) WHERE count(*) > 0;
            CREATE INDEX i11 ON t (rowid);
            CREATE INDEX i12 ON t (c) WHERE t.c > 0 AND rowid > 1;
            CREATE INDEX i13 ON t (current_timestamp);
            CREATE TABLE v (x, UNIQUE (x + 1));
            CREATE TABLE w (x, PRIMARY KEY (lower(x)));
            CREATE INDEX i14 ON t (abs(c) COLLATE NOCASE DESC, 'b');
            INSERT INTO t VALUES (1, 'q', -2), (2, 'r', 3);
            SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name;
            PRAGMA integrity_check;
            """
        },
        {
            "renames and drops", """
            CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, state TEXT, size INTEGER);
            CREATE INDEX t_name ON t (lower(name)) WHERE state <> 'gone';
            CREATE INDEX t_size ON t (size * 2) WHERE t.state = 'big';
            INSERT INTO t VALUES (1, 'A', 'new', 3), (2, 'b', 'gone', 5), (3, 'C', 'big', 9);
            ALTER TABLE t DROP COLUMN state;
            ALTER TABLE t DROP COLUMN name;
            ALTER TABLE t RENAME COLUMN name TO title;
            ALTER TABLE t RENAME COLUMN state TO phase;
            ALTER TABLE t RENAME TO item;
            INSERT INTO item VALUES (4, 'D', 'big', 1);
            UPDATE item SET phase = 'gone' WHERE id = 1;
            SELECT id FROM item WHERE lower(title) = 'd' AND phase <> 'gone';
            SELECT id FROM item WHERE size * 2 > 5 AND item.phase = 'big' ORDER BY id;
            DROP INDEX t_size;
            ALTER TABLE item DROP COLUMN size;
            SELECT * FROM item ORDER BY id;
            PRAGMA integrity_check;
            """
        },
    };

    [Theory]
    [MemberData(nameof(Scripts))]
    public void AScriptRunsAsOnSqlite(string name, string script)
    {
        Assert.NotEmpty(name);
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        ScriptComparison.Run(sqlite, engine, ScriptComparison.Lines(script));
    }
}
