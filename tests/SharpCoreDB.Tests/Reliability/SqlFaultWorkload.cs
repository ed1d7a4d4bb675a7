// The SQL workload of the fault-injection test and the model it is checked against.
// Each unit is one transaction as a user sees it: an autocommit statement, an explicit
// BEGIN ... COMMIT, a BEGIN ... ROLLBACK, a query whose rows must match the model, or a
// checkpoint, a VACUUM or a VACUUM INTO. A delete cascades through a foreign key and
// fires a trigger, so their writes are held to the same all-or-nothing rule. The model holds the tables, indexes and rows that the acknowledged units
// produced, rendered the same way SqlFaultTests renders a reopened database, so that
// "every acknowledged commit is present and nothing else" is one string comparison.
using System.Text;

namespace SharpCoreDB.Tests.Reliability;

/// <summary>Tables, indexes and rows as the acknowledged statements left them.</summary>
internal sealed class SqlFaultModel
{
    private readonly SortedDictionary<string, SortedDictionary<string, string>> _tables = new(StringComparer.Ordinal);
    private readonly SortedSet<string> _indexes = new(StringComparer.Ordinal);

    public SqlFaultModel Clone()
    {
        var copy = new SqlFaultModel();
        foreach (var (name, rows) in _tables)
        {
            copy._tables[name] = new SortedDictionary<string, string>(rows, StringComparer.Ordinal);
        }

        copy._indexes.UnionWith(_indexes);
        return copy;
    }

    public void CreateTable(string name) => _tables[name] = new SortedDictionary<string, string>(StringComparer.Ordinal);

    public void CreateIndex(string name) => _indexes.Add(name);

    public SortedDictionary<string, string> Rows(string table) => _tables[table];

    /// <summary>"T name", its rows ("key|v1|v2" in key order), then "I name" for each index.</summary>
    public string Render()
    {
        var text = new StringBuilder();
        foreach (var (name, rows) in _tables)
        {
            text.Append("T ").Append(name).Append('\n');
            foreach (string row in rows.Values)
            {
                text.Append(row).Append('\n');
            }
        }

        foreach (string index in _indexes)
        {
            text.Append("I ").Append(index).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>Row keys sort as text in the model; integer keys are padded so text order is numeric order.</summary>
    public static string Key(long id) => id.ToString("D6", System.Globalization.CultureInfo.InvariantCulture);
}

/// <summary>How a unit runs.</summary>
internal enum SqlFaultUnitKind
{
    /// <summary>Each statement alone, in autocommit.</summary>
    Autocommit,

    /// <summary>BEGIN, the statements, COMMIT.</summary>
    Commit,

    /// <summary>BEGIN, the statements, ROLLBACK: the model does not change.</summary>
    Rollback,

    /// <summary>One query whose rows must equal Expected(model).</summary>
    Query,

    /// <summary>Database.Checkpoint().</summary>
    Checkpoint,

    /// <summary>VACUUM INTO a new file beside the database: the copy must open and hold exactly the model.</summary>
    VacuumInto,
}

/// <summary>One transaction of the workload and what it does to the model.</summary>
internal sealed record SqlFaultUnit(SqlFaultUnitKind Kind, string[] Sql, Action<SqlFaultModel> Apply, Func<SqlFaultModel, string>? Expected = null);

/// <summary>Builds the deterministic workload; the scale multiplies the row counts.</summary>
internal static class SqlFaultWorkload
{
    public static List<SqlFaultUnit> Build(int scale)
    {
        var units = new List<SqlFaultUnit>
        {
            new(SqlFaultUnitKind.Autocommit, ["CREATE TABLE t1(id INTEGER PRIMARY KEY, name TEXT NOT NULL, v INTEGER)"], m => m.CreateTable("t1")),
            new(SqlFaultUnitKind.Autocommit, ["CREATE INDEX t1_name ON t1(name)"], m => m.CreateIndex("t1_name")),
        };

        int id = 0;
        for (int i = 0; i < 3 * scale; i++)
        {
            units.Add(Insert(++id));
        }

        // A bigger transaction: enough rows with long names to split pages of the table and the index.
        units.Add(InsertMany(id + 1, 12 * scale));
        id += 12 * scale;
        units.Add(new(SqlFaultUnitKind.Autocommit, ["UPDATE t1 SET v = v + 1 WHERE id % 2 = 0"], m => Update(m, even: true)));
        units.Add(new(SqlFaultUnitKind.Autocommit, ["DELETE FROM t1 WHERE id = 3"], m => m.Rows("t1").Remove(SqlFaultModel.Key(3))));
        units.Add(new(SqlFaultUnitKind.Rollback, [InsertSql(9000), "UPDATE t1 SET v = 0", "DELETE FROM t1 WHERE id > 5"], _ => { }));
        units.Add(new(SqlFaultUnitKind.Checkpoint, [], _ => { }));
        units.Add(new(SqlFaultUnitKind.Commit, ["CREATE TABLE t2(k TEXT PRIMARY KEY, n INTEGER)", "CREATE UNIQUE INDEX t2_n ON t2(n)", "INSERT INTO t2(k, n) VALUES ('a', 1), ('b', 2)"], m =>
        {
            m.CreateTable("t2");
            m.CreateIndex("t2_n");
            m.CreateIndex("autoindex_t2_pk"); // the text primary key's own index
            m.Rows("t2")["a"] = "a|1";
            m.Rows("t2")["b"] = "b|2";
        }));
        // A child of t2 whose rows a delete of t2 cascades to, and a trigger that logs each row the cascade removes.
        units.Add(new(SqlFaultUnitKind.Commit,
        [
            "CREATE TABLE t3(id INTEGER PRIMARY KEY, k TEXT NOT NULL REFERENCES t2(k) ON DELETE CASCADE)",
            "CREATE TABLE gone(n INTEGER PRIMARY KEY, what TEXT)",
            "CREATE TRIGGER t3_gone AFTER DELETE ON t3 BEGIN INSERT INTO gone(what) VALUES ('t3 ' || old.id); END",
            "INSERT INTO t3 VALUES (1, 'a'), (2, 'b'), (3, 'a')",
        ], m =>
        {
            m.CreateTable("t3");
            m.CreateTable("gone");
            m.Rows("t3")[SqlFaultModel.Key(1)] = "1|a";
            m.Rows("t3")[SqlFaultModel.Key(2)] = "2|b";
            m.Rows("t3")[SqlFaultModel.Key(3)] = "3|a";
        }));
        for (int i = 0; i < 2 * scale; i++)
        {
            units.Add(Insert(++id));
        }

        units.Add(new(SqlFaultUnitKind.Autocommit, ["DELETE FROM t2 WHERE k = 'a'"], m =>
        {
            m.Rows("t2").Remove("a");
            m.Rows("t3").Remove(SqlFaultModel.Key(1));
            m.Rows("t3").Remove(SqlFaultModel.Key(3));
            m.Rows("gone")[SqlFaultModel.Key(1)] = "1|t3 1";
            m.Rows("gone")[SqlFaultModel.Key(2)] = "2|t3 3";
        }));
        int last = id;
        units.Add(new(SqlFaultUnitKind.Commit, ["INSERT INTO t2(k, n) VALUES ('c', 3)", "UPDATE t1 SET v = v + 1 WHERE id % 2 = 1", $"DELETE FROM t1 WHERE id > {last - 3}"], m =>
        {
            m.Rows("t2")["c"] = "c|3";
            Update(m, even: false);
            for (int k = last - 2; k <= last; k++)
            {
                m.Rows("t1").Remove(SqlFaultModel.Key(k));
            }
        }));

        // Sorted by a column without an index: with a low spill threshold the sort goes through temporary files.
        units.Add(new(SqlFaultUnitKind.Query, ["SELECT id, name, v FROM t1 ORDER BY v DESC, id"], _ => { }, SortedByValue));
        units.Add(new(SqlFaultUnitKind.Checkpoint, [], _ => { }));
        units.Add(new(SqlFaultUnitKind.Autocommit, ["DELETE FROM t1 WHERE id % 3 = 0"], m =>
        {
            foreach (string key in m.Rows("t1").Keys.Where(k => long.Parse(k, System.Globalization.CultureInfo.InvariantCulture) % 3 == 0).ToList())
            {
                m.Rows("t1").Remove(key);
            }
        }));
        // VACUUM rewrites every page and cuts the file; VACUUM INTO writes a copy: neither changes what is stored.
        units.Add(new(SqlFaultUnitKind.Autocommit, ["VACUUM"], _ => { }));
        units.Add(new(SqlFaultUnitKind.VacuumInto, [], _ => { }));
        units.Add(new(SqlFaultUnitKind.Rollback, ["DROP TABLE t2", "DELETE FROM t1"], _ => { }));
        units.Add(Insert(++id));
        return units;
    }

    private static string Name(long id) => $"name-{id % 7}-{new string((char)('a' + (id % 26)), 40)}-{id}";

    private static string InsertSql(long id) => $"INSERT INTO t1(id, name, v) VALUES ({id}, '{Name(id)}', {id * 10})";

    private static SqlFaultUnit Insert(long id) => new(SqlFaultUnitKind.Autocommit, [InsertSql(id)], m => AddRow(m, id));

    private static SqlFaultUnit InsertMany(long first, int count)
    {
        var sql = new string[count];
        for (int i = 0; i < count; i++)
        {
            sql[i] = InsertSql(first + i);
        }

        return new(SqlFaultUnitKind.Commit, sql, m =>
        {
            for (int i = 0; i < count; i++)
            {
                AddRow(m, first + i);
            }
        });
    }

    private static void AddRow(SqlFaultModel m, long id) => m.Rows("t1")[SqlFaultModel.Key(id)] = $"{id}|{Name(id)}|{id * 10}";

    private static void Update(SqlFaultModel m, bool even)
    {
        var rows = m.Rows("t1");
        foreach (string key in rows.Keys.ToList())
        {
            string[] parts = rows[key].Split('|');
            long id = long.Parse(parts[0], System.Globalization.CultureInfo.InvariantCulture);
            if ((id % 2 == 0) == even)
            {
                rows[key] = $"{parts[0]}|{parts[1]}|{long.Parse(parts[2], System.Globalization.CultureInfo.InvariantCulture) + 1}";
            }
        }
    }

    private static string SortedByValue(SqlFaultModel m)
    {
        var rows = m.Rows("t1").Values.Select(r => r.Split('|')).ToList();
        rows.Sort((a, b) =>
        {
            int c = long.Parse(b[2], System.Globalization.CultureInfo.InvariantCulture).CompareTo(long.Parse(a[2], System.Globalization.CultureInfo.InvariantCulture));
            return c != 0 ? c : long.Parse(a[0], System.Globalization.CultureInfo.InvariantCulture).CompareTo(long.Parse(b[0], System.Globalization.CultureInfo.InvariantCulture));
        });
        return string.Concat(rows.Select(r => string.Join('|', r) + "\n"));
    }
}
