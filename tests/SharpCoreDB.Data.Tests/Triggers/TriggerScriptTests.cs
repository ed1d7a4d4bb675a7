// Triggers behave as SQLite's: each script runs statement by statement on both
// engines (ScriptComparison: same outcome, same rows in every table after every
// statement). Statements end with ";" at the end of a line; a trigger's body stays
// on one line. The scripts cover timing and firing order, OLD and NEW (with their
// affinities, and NEW.rowid before the rowid exists), WHEN and UPDATE OF, BEFORE
// triggers that change or delete the row being written, every RAISE, recursion
// with and without recursive_triggers, chains of triggers and foreign key
// cascades firing the children's triggers, INSTEAD OF triggers on views, UPSERT,
// OR REPLACE, OR FAIL and OR ROLLBACK, and dropping tables and views.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.Differential;
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.Triggers;

public sealed class TriggerScriptTests
{
    public static TheoryData<string, string> Scripts() => new()
    {
        {
            "order, timing and NEW.rowid", """
            CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT);
            CREATE TABLE log (x);
            CREATE TRIGGER t1 AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('after1 ' || new.a || ' ' || new.b); END;
            CREATE TRIGGER t2 AFTER INSERT ON t FOR EACH ROW BEGIN INSERT INTO log VALUES ('after2 ' || new.rowid); END;
            CREATE TRIGGER t0 BEFORE INSERT ON t BEGIN INSERT INTO log VALUES ('before ' || new.a || ' ' || new.rowid || ' ' || (SELECT count(*) FROM t)); END;
            CREATE TRIGGER t3 INSERT ON t BEGIN INSERT INTO log VALUES ('default is before'); END;
            INSERT INTO t (b) VALUES ('x');
            INSERT INTO t VALUES (7, 'y'), (NULL, 'z');
            INSERT INTO t SELECT a + 100, b || b FROM t;
            SELECT * FROM log;
            SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name;
            """
        },
        {
            "counters, WHEN and UPDATE OF", """
            CREATE TABLE item (id INTEGER PRIMARY KEY, kind TEXT, price REAL, qty INTEGER);
            CREATE TABLE total (kind TEXT PRIMARY KEY, n INTEGER, value REAL);
            CREATE TABLE audit (what TEXT, id INTEGER, old_qty, new_qty);
            CREATE TRIGGER item_in AFTER INSERT ON item BEGIN INSERT INTO total VALUES (new.kind, 0, 0) ON CONFLICT DO NOTHING; UPDATE total SET n = n + 1, value = value + new.price * new.qty WHERE kind = new.kind; END;
            CREATE TRIGGER item_out AFTER DELETE ON item BEGIN UPDATE total SET n = n - 1, value = value - old.price * old.qty WHERE kind = old.kind; END;
            CREATE TRIGGER item_qty AFTER UPDATE OF qty ON item WHEN new.qty <> old.qty BEGIN INSERT INTO audit VALUES ('qty', new.id, old.qty, new.qty); UPDATE total SET value = value + (new.qty - old.qty) * new.price WHERE kind = new.kind; END;
            CREATE TRIGGER item_big BEFORE INSERT ON item WHEN new.qty > 100 BEGIN INSERT INTO audit VALUES ('big', new.id, NULL, new.qty); END;
            INSERT INTO item VALUES (1, 'tool', 2.5, 4), (2, 'tool', 10, 1), (3, 'food', 1.25, 200);
            UPDATE item SET qty = qty + 1 WHERE kind = 'tool';
            UPDATE item SET price = 3 WHERE id = 1;
            UPDATE item SET qty = qty WHERE id = 2;
            UPDATE item SET qty = '5' WHERE id = 3;
            DELETE FROM item WHERE id = 2;
            SELECT * FROM total ORDER BY kind;
            """
        },
        {
            "affinity of OLD and NEW", """
            CREATE TABLE t (i INTEGER, r REAL, s TEXT, n NUMERIC, c TEXT COLLATE NOCASE);
            CREATE TABLE log (x, y);
            CREATE TRIGGER a AFTER INSERT ON t WHEN new.i = '5' BEGIN INSERT INTO log VALUES ('i is 5', typeof(new.i)); END;
            CREATE TRIGGER b AFTER INSERT ON t WHEN new.s = 5 BEGIN INSERT INTO log VALUES ('s is 5', typeof(new.s)); END;
            CREATE TRIGGER c AFTER INSERT ON t WHEN new.c = 'ABC' BEGIN INSERT INTO log VALUES ('c is abc', new.c); END;
            CREATE TRIGGER d AFTER INSERT ON t BEGIN INSERT INTO log VALUES (typeof(new.r), typeof(new.n)); END;
            INSERT INTO t VALUES ('5', '1', 5, '2.0', 'abc');
            INSERT INTO t VALUES (6, 2, '5', 'x', 'ABD');
            """
        },
        {
            "BEFORE triggers that change or delete the row", """
            CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT, c INTEGER);
            CREATE TABLE log (x);
            INSERT INTO t VALUES (1, 10, 'one', 0), (2, 20, 'two', 0), (3, 30, 'three', 0), (4, 40, 'four', 0);
            CREATE TRIGGER bu BEFORE UPDATE ON t BEGIN UPDATE t SET c = c + 1, b = b || '!' WHERE id = old.id; DELETE FROM t WHERE id = old.id + 1 AND old.id = 1; END;
            CREATE TRIGGER au AFTER UPDATE ON t BEGIN INSERT INTO log VALUES ('au ' || old.id || ':' || old.a || '->' || new.a || ' b=' || new.b || ' c=' || new.c); END;
            UPDATE t SET a = a + 1;
            CREATE TRIGGER bd BEFORE DELETE ON t WHEN old.id = 3 BEGIN DELETE FROM t WHERE id = 4; UPDATE t SET a = -1 WHERE id = 3; END;
            CREATE TRIGGER ad AFTER DELETE ON t BEGIN INSERT INTO log VALUES ('ad ' || old.id || ' a=' || old.a); END;
            DELETE FROM t;
            SELECT * FROM log;
            """
        },
        {
            "RAISE", """
            CREATE TABLE t (a INTEGER PRIMARY KEY, b);
            CREATE TABLE log (x);
            CREATE TRIGGER ig BEFORE INSERT ON t WHEN new.b = 'skip' BEGIN SELECT RAISE(IGNORE); END;
            CREATE TRIGGER ab BEFORE INSERT ON t WHEN new.b = 'abort' BEGIN SELECT RAISE(ABORT, 'abort at ' || new.a); END;
            CREATE TRIGGER fa BEFORE INSERT ON t WHEN new.b = 'fail' BEGIN SELECT RAISE(FAIL, 'failed'); END;
            CREATE TRIGGER rb BEFORE INSERT ON t WHEN new.b = 'rollback' BEGIN SELECT RAISE(ROLLBACK, 'rolled back'); END;
            CREATE TRIGGER after_ig AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); SELECT RAISE(IGNORE) WHERE new.a = 2; INSERT INTO log VALUES ('not after 2'); END;
            CREATE TRIGGER after_more AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('more ' || new.a); END;
            INSERT INTO t VALUES (1, 'x'), (2, 'skip'), (3, 'y');
            INSERT INTO t VALUES (2, 'x');
            INSERT INTO t VALUES (4, 'x'), (5, 'abort'), (6, 'x');
            INSERT INTO t VALUES (4, 'x'), (5, 'fail'), (6, 'x');
            BEGIN;
            INSERT INTO t VALUES (7, 'x');
            INSERT INTO t VALUES (8, 'x'), (9, 'abort');
            INSERT INTO t VALUES (10, 'x'), (11, 'fail'), (12, 'x');
            INSERT INTO t VALUES (13, 'x'), (14, 'rollback');
            COMMIT;
            CREATE TRIGGER upd BEFORE UPDATE ON t WHEN new.b = 'no' BEGIN SELECT RAISE(ABORT, 'no updates to ' || old.a); END;
            UPDATE t SET b = 'no' WHERE a = 1;
            CREATE TRIGGER del BEFORE DELETE ON t WHEN old.a = 3 BEGIN SELECT RAISE(IGNORE); END;
            DELETE FROM t;
            """
        },
        {
            "recursion", """
            CREATE TABLE t (n INTEGER);
            CREATE TABLE log (x);
            CREATE TRIGGER grow AFTER INSERT ON t WHEN new.n < 50 BEGIN INSERT INTO t VALUES (new.n + 1); END;
            INSERT INTO t VALUES (1);
            PRAGMA recursive_triggers;
            PRAGMA recursive_triggers = ON;
            PRAGMA recursive_triggers;
            INSERT INTO t VALUES (10);
            DELETE FROM t;
            DROP TRIGGER grow;
            CREATE TRIGGER forever AFTER INSERT ON t BEGIN INSERT INTO t VALUES (new.n + 1); END;
            INSERT INTO t VALUES (1);
            PRAGMA recursive_triggers = OFF;
            INSERT INTO t VALUES (1);
            CREATE TABLE a (x);
            CREATE TABLE b (x);
            CREATE TRIGGER ab AFTER INSERT ON a BEGIN INSERT INTO b VALUES (new.x + 1); END;
            CREATE TRIGGER ba AFTER INSERT ON b BEGIN INSERT INTO a VALUES (new.x + 1); END;
            INSERT INTO a VALUES (1);
            INSERT INTO b VALUES (100);
            """
        },
        {
            "chains and foreign key cascades", """
            PRAGMA foreign_keys = ON;
            CREATE TABLE parent (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TABLE child (id INTEGER PRIMARY KEY, pid INTEGER REFERENCES parent ON DELETE CASCADE ON UPDATE CASCADE, v TEXT);
            CREATE TABLE log (x);
            CREATE TABLE stats (what TEXT PRIMARY KEY, n INTEGER);
            INSERT INTO stats VALUES ('children', 0), ('log', 0);
            CREATE TRIGGER c_in AFTER INSERT ON child BEGIN UPDATE stats SET n = n + 1 WHERE what = 'children'; END;
            CREATE TRIGGER c_out AFTER DELETE ON child BEGIN UPDATE stats SET n = n - 1 WHERE what = 'children'; INSERT INTO log VALUES ('child gone ' || old.id); END;
            CREATE TRIGGER c_move AFTER UPDATE OF pid ON child BEGIN INSERT INTO log VALUES ('child ' || old.id || ' moved ' || old.pid || '->' || new.pid); END;
            CREATE TRIGGER log_in AFTER INSERT ON log BEGIN UPDATE stats SET n = n + 1 WHERE what = 'log'; END;
            CREATE TRIGGER p_new AFTER INSERT ON parent BEGIN INSERT INTO child (pid, v) VALUES (new.id, 'first of ' || new.name); END;
            INSERT INTO parent VALUES (1, 'ann'), (2, 'bob');
            INSERT INTO child (pid, v) VALUES (1, 'x'), (2, 'y');
            UPDATE parent SET id = 20 WHERE id = 2;
            DELETE FROM parent WHERE id = 1;
            INSERT INTO child (pid, v) VALUES (99, 'orphan');
            CREATE TRIGGER orphan_guard BEFORE INSERT ON child WHEN NOT EXISTS (SELECT 1 FROM parent WHERE id = new.pid) BEGIN INSERT INTO parent VALUES (new.pid, 'made for ' || new.v); END;
            INSERT INTO child (pid, v) VALUES (99, 'adopted');
            SELECT * FROM stats ORDER BY what;
            """
        },
        {
            "INSTEAD OF on views", """
            CREATE TABLE person (id INTEGER PRIMARY KEY, first TEXT, last TEXT);
            CREATE TABLE log (x);
            CREATE VIEW people (id, whole) AS SELECT id, first || ' ' || last FROM person;
            INSERT INTO people VALUES (1, 'Ann Lee');
            CREATE TRIGGER people_in INSTEAD OF INSERT ON people BEGIN INSERT INTO person VALUES (new.id, substr(new.whole, 1, instr(new.whole, ' ') - 1), substr(new.whole, instr(new.whole, ' ') + 1)); END;
            CREATE TRIGGER people_up INSTEAD OF UPDATE OF whole ON people BEGIN UPDATE person SET first = substr(new.whole, 1, instr(new.whole, ' ') - 1), last = substr(new.whole, instr(new.whole, ' ') + 1) WHERE id = old.id; INSERT INTO log VALUES (old.whole || ' -> ' || new.whole); END;
            CREATE TRIGGER people_del INSTEAD OF DELETE ON people BEGIN DELETE FROM person WHERE id = old.id; INSERT INTO log VALUES ('deleted ' || old.whole); END;
            INSERT INTO people VALUES (1, 'Ann Lee'), (2, 'Bob Stone');
            INSERT INTO people (whole, id) SELECT 'Cid ' || last, id + 10 FROM person;
            UPDATE people SET whole = upper(whole) WHERE id > 1;
            UPDATE people SET id = 5 WHERE id = 1;
            UPDATE people SET whole = whole || ' jr' WHERE id = 1;
            DELETE FROM people WHERE whole LIKE 'CID%';
            SELECT * FROM people ORDER BY id;
            DELETE FROM people;
            CREATE TRIGGER on_view BEFORE INSERT ON people BEGIN SELECT 1; END;
            CREATE TRIGGER on_table INSTEAD OF INSERT ON person BEGIN SELECT 1; END;
            DROP VIEW people;
            SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name;
            """
        },
        {
            "UPSERT, OR REPLACE, OR FAIL and OR ROLLBACK", """
            CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER UNIQUE, hits INTEGER DEFAULT 0);
            CREATE TABLE log (x);
            CREATE TRIGGER bi BEFORE INSERT ON t BEGIN INSERT INTO log VALUES ('bi ' || new.k); END;
            CREATE TRIGGER ai AFTER INSERT ON t BEGIN INSERT INTO log VALUES ('ai ' || new.k); END;
            CREATE TRIGGER au AFTER UPDATE OF hits ON t BEGIN INSERT INTO log VALUES ('au ' || old.k || ' ' || old.hits || '->' || new.hits); END;
            CREATE TRIGGER ad AFTER DELETE ON t BEGIN INSERT INTO log VALUES ('ad ' || old.k); END;
            INSERT INTO t (k, v) VALUES ('a', 1), ('b', 2);
            INSERT INTO t (k, v) VALUES ('a', 9) ON CONFLICT (k) DO UPDATE SET hits = hits + 1;
            INSERT INTO t (k, v) VALUES ('c', 2) ON CONFLICT DO NOTHING;
            INSERT OR REPLACE INTO t (k, v) VALUES ('d', 1);
            INSERT OR IGNORE INTO t (k, v) VALUES ('e', 2), ('f', 6);
            BEGIN;
            INSERT OR FAIL INTO t (k, v) VALUES ('g', 7), ('h', 2), ('i', 8);
            SELECT k FROM t ORDER BY k;
            INSERT OR ROLLBACK INTO t (k, v) VALUES ('j', 10), ('k', 2);
            SELECT k FROM t ORDER BY k;
            COMMIT;
            UPDATE OR FAIL t SET v = v + 1;
            INSERT OR FAIL INTO t (k, v) VALUES ('l', 11), ('m', NULL), ('l', 12), ('n', 13);
            """
        },
        {
            "OR REPLACE fires DELETE triggers only with recursive_triggers", """
            CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT UNIQUE, v INTEGER);
            CREATE TABLE log (x);
            CREATE TRIGGER bd BEFORE DELETE ON t BEGIN INSERT INTO log VALUES ('bd ' || old.id || ' ' || old.k); UPDATE t SET v = -1 WHERE id = old.id; END;
            CREATE TRIGGER ad AFTER DELETE ON t BEGIN INSERT INTO log VALUES ('ad ' || old.id || ' ' || old.v); END;
            INSERT INTO t VALUES (1, 'a', 1), (2, 'b', 2), (3, 'c', 3);
            INSERT OR REPLACE INTO t VALUES (4, 'a', 4);
            PRAGMA recursive_triggers = ON;
            INSERT OR REPLACE INTO t VALUES (5, 'b', 5);
            REPLACE INTO t VALUES (3, 'z', 6);
            DELETE FROM t WHERE id = 4;
            PRAGMA recursive_triggers = OFF;
            REPLACE INTO t VALUES (6, 'z', 7);
            """
        },
        {
            "the firing statement's OR clause replaces the body's", """
            CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER);
            CREATE TABLE seen (v INTEGER UNIQUE, n INTEGER DEFAULT 1);
            CREATE TRIGGER tin AFTER INSERT ON t BEGIN INSERT INTO seen (v) VALUES (new.v); END;
            CREATE TRIGGER tup AFTER UPDATE ON t BEGIN INSERT OR IGNORE INTO seen (v) VALUES (new.v); END;
            INSERT INTO t VALUES (1, 10), (2, 20);
            INSERT INTO t VALUES (3, 10);
            INSERT OR IGNORE INTO t VALUES (3, 10), (4, 40);
            INSERT OR REPLACE INTO t VALUES (5, 20);
            UPDATE t SET v = 40 WHERE id = 1;
            UPDATE OR ABORT t SET v = 40 WHERE id = 2;
            UPDATE OR FAIL t SET v = 50;
            """
        },
        {
            "schema changes", """
            CREATE TABLE t (a, b);
            CREATE TABLE log (x);
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.a); END;
            CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END;
            CREATE TRIGGER IF NOT EXISTS tr AFTER INSERT ON t BEGIN SELECT 1; END;
            CREATE TRIGGER t AFTER DELETE ON t BEGIN SELECT 1; END;
            CREATE TRIGGER x AFTER INSERT ON missing BEGIN SELECT 1; END;
            CREATE TRIGGER y AFTER INSERT ON sqlite_master BEGIN SELECT 1; END;
            INSERT INTO t VALUES (1, 2);
            ALTER TABLE t RENAME TO u;
            INSERT INTO u VALUES (3, 4);
            SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger' ORDER BY name;
            DROP TRIGGER nope;
            DROP TRIGGER IF EXISTS nope;
            DROP TABLE u;
            SELECT name FROM sqlite_master WHERE type = 'trigger';
            CREATE TABLE t (a, b);
            INSERT INTO t VALUES (5, 6);
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
