// Foreign keys behave as SQLite's (with PRAGMA foreign_keys = ON): each script runs
// statement by statement on both engines; every statement must succeed on both or
// fail on both (a FOREIGN KEY failure as ForeignKeyConstraint, any other error with
// SQLite's words), and after each one every table must hold the same rows. The
// scripts cover the column and table forms, composite keys, each action on DELETE
// and UPDATE, self-referencing trees, deferred keys with COMMIT and ROLLBACK,
// OR REPLACE, DROP TABLE of a parent, renamed parents and columns, and the PRAGMAs
// that list and check keys (their rows compared too).
using Microsoft.Data.Sqlite;
using SharpCoreDB.Data.Tests.Differential;
using SharpCoreDB.Data.Tests.EndToEnd;
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Data.Tests.ForeignKeys;

public sealed class ForeignKeyScriptTests
{
    private const string Orders =
        "CREATE TABLE customer (id INTEGER PRIMARY KEY, name TEXT NOT NULL);" +
        "CREATE TABLE orders (id INTEGER PRIMARY KEY, customer INTEGER REFERENCES customer ON DELETE CASCADE ON UPDATE CASCADE, note TEXT);" +
        "CREATE INDEX orders_customer ON orders (customer);" +
        "CREATE TABLE line (order_id INTEGER NOT NULL, n INTEGER NOT NULL, qty INTEGER, PRIMARY KEY (order_id, n), FOREIGN KEY (order_id) REFERENCES orders (id) ON DELETE CASCADE);" +
        "INSERT INTO customer VALUES (1, 'Ann'), (2, 'Bob'), (3, 'Cid');" +
        "INSERT INTO orders VALUES (10, 1, 'a'), (11, 1, 'b'), (12, 2, 'c'), (13, NULL, 'loose');" +
        "INSERT INTO line VALUES (10, 1, 5), (10, 2, 1), (11, 1, 2), (12, 1, 9)";

    public static TheoryData<string, string> Scripts() => new()
    {
        {
            "cascades", Orders + ";" +
            "INSERT INTO orders VALUES (14, 9, 'no such customer');" +
            "INSERT INTO line VALUES (99, 1, 1);" +
            "DELETE FROM customer WHERE id = 1;" +
            "UPDATE customer SET id = 20 WHERE id = 2;" +
            "UPDATE orders SET customer = 3 WHERE id = 13;" +
            "UPDATE orders SET customer = 4 WHERE id = 13;" +
            "DELETE FROM orders;" +
            "DELETE FROM customer"
        },
        {
            "no action and restrict",
            "CREATE TABLE p (id INTEGER PRIMARY KEY, k TEXT UNIQUE);" +
            "CREATE TABLE c (pid REFERENCES p, pk TEXT REFERENCES p (k) ON UPDATE RESTRICT ON DELETE RESTRICT);" +
            "INSERT INTO p VALUES (1, 'x'), (2, 'y');" +
            "INSERT INTO c VALUES (1, 'x'), (2, NULL), (NULL, 'y');" +
            "DELETE FROM p WHERE id = 1;" +
            "UPDATE p SET k = 'z' WHERE id = 2;" +
            "UPDATE p SET k = 'y' WHERE id = 2;" +
            "DELETE FROM c WHERE pk = 'y';" +
            "UPDATE p SET k = 'z' WHERE id = 2;" +
            "UPDATE p SET id = 5 WHERE id = 2;" +
            "DELETE FROM p WHERE id = 5;" +
            "INSERT INTO c VALUES ('1', NULL), (1.0, NULL), ('one', NULL)"
        },
        {
            "set null and set default",
            "CREATE TABLE p (id INTEGER PRIMARY KEY);" +
            "CREATE TABLE c (id INTEGER PRIMARY KEY, a INTEGER DEFAULT 1 REFERENCES p ON DELETE SET DEFAULT, b INTEGER REFERENCES p ON DELETE SET NULL ON UPDATE SET NULL);" +
            "INSERT INTO p VALUES (1), (2), (3);" +
            "INSERT INTO c VALUES (1, 2, 3), (2, 3, 2), (3, NULL, NULL);" +
            "UPDATE p SET id = 30 WHERE id = 3;" +
            "DELETE FROM p WHERE id = 2;" +
            "DELETE FROM p WHERE id = 1;" +
            "DELETE FROM c WHERE a = 1;" +
            "DELETE FROM p WHERE id = 1"
        },
        {
            "composite keys",
            "CREATE TABLE p (a TEXT, b INTEGER, v, PRIMARY KEY (a, b));" +
            "CREATE TABLE c (x TEXT, y INTEGER, FOREIGN KEY (x, y) REFERENCES p ON DELETE CASCADE ON UPDATE CASCADE);" +
            "CREATE TABLE d (x TEXT, y INTEGER, CONSTRAINT d_p FOREIGN KEY (y, x) REFERENCES p (b, a));" +
            "INSERT INTO p VALUES ('a', 1, 0), ('a', 2, 0), ('b', 1, 0);" +
            "INSERT INTO c VALUES ('a', 1), ('a', 2), ('b', 1), ('b', NULL), ('q', 1);" +
            "INSERT INTO d VALUES ('a', 2), ('b', 2);" +
            "INSERT INTO d VALUES ('a', 2), ('b', 1);" +
            "UPDATE p SET b = 5 WHERE a = 'a' AND b = 1;" +
            "UPDATE p SET b = 7 WHERE a = 'a' AND b = 2;" +
            "DELETE FROM p WHERE a = 'b';" +
            "DELETE FROM d;" +
            "DELETE FROM p WHERE a = 'b'"
        },
        {
            "self-referencing tree",
            "CREATE TABLE node (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES node (id) ON DELETE CASCADE, name TEXT);" +
            "INSERT INTO node VALUES (1, NULL, 'root'), (2, 1, 'a'), (3, 1, 'b'), (4, 2, 'c'), (5, 4, 'd'), (6, 6, 'self');" +
            "INSERT INTO node VALUES (7, 8, 'forward'), (8, NULL, 'later');" +
            "INSERT INTO node VALUES (9, 10, 'x');" +
            "UPDATE node SET id = 40 WHERE id = 4;" +
            "UPDATE node SET parent = 99 WHERE id = 5;" +
            "UPDATE node SET id = id + 100, parent = parent + 100;" +
            "DELETE FROM node WHERE id = 102;" +
            "DELETE FROM node WHERE name = 'root' OR name = 'self'"
        },
        {
            "deferred keys",
            "CREATE TABLE p (id INTEGER PRIMARY KEY);" +
            "CREATE TABLE c (pid INTEGER REFERENCES p DEFERRABLE INITIALLY DEFERRED);" +
            "INSERT INTO c VALUES (1);" +
            "BEGIN;" +
            "INSERT INTO c VALUES (1);" +
            "INSERT INTO c VALUES (2);" +
            "COMMIT;" +
            "INSERT INTO p VALUES (1);" +
            "COMMIT;" +
            "INSERT INTO p VALUES (2);" +
            "COMMIT;" +
            "BEGIN;" +
            "DELETE FROM p WHERE id = 1;" +
            "SAVEPOINT s;" +
            "INSERT INTO p VALUES (1);" +
            "ROLLBACK TO s;" +
            "COMMIT;" +
            "ROLLBACK;" +
            "BEGIN;" +
            "DELETE FROM p;" +
            "DELETE FROM c;" +
            "COMMIT"
        },
        {
            "defer_foreign_keys",
            "CREATE TABLE p (id INTEGER PRIMARY KEY);" +
            "CREATE TABLE c (pid INTEGER REFERENCES p ON DELETE RESTRICT);" +
            "INSERT INTO p VALUES (1);" +
            "INSERT INTO c VALUES (1);" +
            "BEGIN;" +
            "PRAGMA defer_foreign_keys = ON;" +
            "DELETE FROM p;" +
            "INSERT INTO c VALUES (3);" +
            "COMMIT;" +
            "INSERT INTO p VALUES (1), (3);" +
            "COMMIT;" +
            "BEGIN;" +
            "DELETE FROM p WHERE id = 3;" +
            "ROLLBACK"
        },
        {
            "or replace and drop table",
            "CREATE TABLE p (id INTEGER PRIMARY KEY, v TEXT UNIQUE);" +
            "CREATE TABLE c (pid INTEGER REFERENCES p ON DELETE CASCADE);" +
            "CREATE TABLE k (pv TEXT REFERENCES p (v));" +
            "INSERT INTO p VALUES (1, 'a'), (2, 'b'), (3, 'c');" +
            "INSERT INTO c VALUES (1), (2), (3);" +
            "INSERT INTO k VALUES ('c');" +
            "INSERT OR REPLACE INTO p VALUES (1, 'z');" +
            "REPLACE INTO p VALUES (4, 'b');" +
            "REPLACE INTO p VALUES (5, 'c');" +
            "REPLACE INTO p VALUES (3, 'c');" +
            "DROP TABLE p;" +
            "DELETE FROM k;" +
            "DROP TABLE p;" +
            "INSERT INTO c VALUES (NULL);" +
            "DROP TABLE c"
        },
        {
            "mismatched keys",
            "CREATE TABLE p (id INTEGER PRIMARY KEY, a, b);" +
            "CREATE TABLE c (x REFERENCES p (a));" +
            "CREATE TABLE d (x REFERENCES missing (id));" +
            "INSERT INTO c VALUES (1);" +
            "INSERT INTO d VALUES (1);" +
            "INSERT INTO p VALUES (1, 2, 3);" +
            "CREATE UNIQUE INDEX p_a ON p (a);" +
            "INSERT INTO c VALUES (2);" +
            "INSERT INTO c VALUES (3)"
        },
        {
            "a wide tree cascading through two keys on itself",
            "CREATE TABLE n (id INTEGER PRIMARY KEY, code TEXT UNIQUE, up INTEGER REFERENCES n ON DELETE CASCADE ON UPDATE CASCADE, " +
            "upc TEXT REFERENCES n (code) ON UPDATE CASCADE ON DELETE SET NULL);" +
            "CREATE INDEX n_up ON n (up);" +
            "WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < 300) " +
            "INSERT INTO n SELECT i, 'c' || i, nullif(i / 2, 0), CASE WHEN i > 3 THEN 'c' || (i / 3) END FROM k;" +
            "UPDATE n SET code = 'x' || code WHERE id % 7 = 0;" +
            "UPDATE n SET id = id + 1000 WHERE id % 5 = 0;" +
            "DELETE FROM n WHERE id = 3;" +
            "REPLACE INTO n VALUES (2, 'c2', NULL, NULL);" +
            "DELETE FROM n WHERE id = 1;" +
            "PRAGMA integrity_check"
        },
        {
            "renames",
            "CREATE TABLE p (id INTEGER PRIMARY KEY, k TEXT UNIQUE);" +
            "CREATE TABLE c (x INTEGER REFERENCES p (id), y TEXT, FOREIGN KEY (y) REFERENCES p (k) ON UPDATE CASCADE);" +
            "CREATE TABLE s (id INTEGER PRIMARY KEY, up INTEGER REFERENCES s);" +
            "INSERT INTO p VALUES (1, 'a');" +
            "INSERT INTO c VALUES (1, 'a');" +
            "INSERT INTO s VALUES (1, NULL), (2, 1);" +
            "ALTER TABLE p RENAME COLUMN k TO kk;" +
            "PRAGMA foreign_key_list(c);" +
            "ALTER TABLE p RENAME TO p2;" +
            "PRAGMA foreign_key_list(c);" +
            "ALTER TABLE c RENAME COLUMN y TO yy;" +
            "PRAGMA foreign_key_list(c);" +
            "UPDATE p2 SET kk = 'b';" +
            "INSERT INTO c VALUES (2, 'b');" +
            "INSERT INTO c VALUES (1, 'z');" +
            "ALTER TABLE s RENAME TO s2;" +
            "PRAGMA foreign_key_list(s2);" +
            "INSERT INTO s2 VALUES (3, 9);" +
            "DELETE FROM s2 WHERE id = 1"
        },
    };

    [Theory]
    [MemberData(nameof(Scripts))]
    public void AScriptRunsAsOnSqlite(string name, string script)
    {
        Assert.NotEmpty(name);
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        SqliteReference.Execute(sqlite, "PRAGMA foreign_keys = ON");
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        ScriptComparison.Run(sqlite, engine, script.Split(';', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_check", "foreign_key_check", anyTableOrder: true);
    }

    [Fact]
    public void ThePragmasListAndCheckKeysAsSqliteDoes()
    {
        using SqliteConnection sqlite = SqliteReference.OpenMemory();
        using SharpCoreDBConnection engine = TestDatabase.OpenMemory();
        const string schema =
            "PRAGMA foreign_keys = OFF;" +
            "CREATE TABLE p (id INTEGER PRIMARY KEY, a, b, UNIQUE (a, b));" +
            "CREATE TABLE c (x, y, z, w, FOREIGN KEY (y, z) REFERENCES p (a, b) ON DELETE CASCADE, " +
            "FOREIGN KEY (w) REFERENCES p (id) ON UPDATE SET NULL DEFERRABLE INITIALLY DEFERRED, FOREIGN KEY (x) REFERENCES p MATCH FULL);" +
            "CREATE TABLE d (q REFERENCES gone);" +
            "INSERT INTO p VALUES (1, 'a', 'b');" +
            "INSERT INTO c VALUES (1, 'a', 'b', 1), (2, 'a', 'x', 1), (3, NULL, 'x', 9), (1, 'a', 'b', NULL);" +
            "INSERT INTO d VALUES (1), (NULL)";
        foreach (string statement in schema.Split(';'))
        {
            SqliteReference.Execute(sqlite, statement);
            Statements.Run(engine, statement);
        }

        SqliteReference.Execute(sqlite, "PRAGMA foreign_keys = ON");
        Statements.Run(engine, "PRAGMA foreign_keys = ON");
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_list(c)", "list");
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_list(d)", "list");
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_check(c)", "check c");
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_check(d)", "check d");
        ScriptComparison.AssertSameRows(sqlite, engine, "PRAGMA foreign_key_check", "check all", anyTableOrder: true);
    }
}
