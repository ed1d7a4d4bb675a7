// RIGHT, FULL and nested joins whose sides outgrow the spill threshold: the right side is
// kept in temporary files chunk by chunk and the left side read in blocks, so every block
// meets every chunk (hashed or pair by pair), and the matches remembered by position still
// leave out exactly the matched rows. With a threshold of 16 the rows equal those of the
// in-memory join (as multisets: blocks change the order), files were written and are gone
// afterwards, and an encrypted database's files hold no plaintext.
using SharpCoreDB.TestSupport.Sqlite;

namespace SharpCoreDB.Tests.Engine;

public sealed class OuterJoinSpillTests : IDisposable
{
    private const string Marker = "JOIN-PLAINTEXT-5c1e";

    private static readonly string[] Queries =
    [
        "SELECT t.id, v.id, u.id, u.s FROM t JOIN u AS v ON v.id = t.id FULL JOIN u ON u.g = t.g",
        "SELECT t.id, s.id FROM t FULL JOIN (SELECT id, g FROM u WHERE id % 3 = 0) AS s ON s.g > t.g + 190",
        "SELECT t.id, u.id FROM t JOIN u AS w ON w.id = t.id RIGHT JOIN u ON u.g = t.g AND u.s < t.s",
        "SELECT count(*), count(t.id), count(u.id), sum(u.g) FROM t JOIN u AS w ON w.id = t.id FULL JOIN u ON u.g = t.g",
        "SELECT t.id, x.id, y.s FROM t LEFT JOIN (u AS x JOIN u AS y ON y.id = x.id + 1) ON x.g = t.g",
        "SELECT t.id, u.id FROM t FULL JOIN u ON u.g = t.g FULL JOIN t AS t2 ON t2.id = u.id - 1000",
    ];

    private readonly SpillFileRecorder _spills = new("scdb-ojoin-");

    public void Dispose() => _spills.Dispose();

    private static void Fill(EngineHarness db)
    {
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g INTEGER, s TEXT); CREATE TABLE u(id INTEGER PRIMARY KEY, g INTEGER, s TEXT)");
        var random = new Random(5);
        db.Execute("BEGIN");
        for (int i = 1; i <= 600; i++)
        {
            object? g = i % 11 == 0 ? null : random.Next(0, 200);
            db.Execute("INSERT INTO t VALUES (?, ?, ?)", i, g, Marker + random.Next(0, 100));
            db.Execute("INSERT INTO u VALUES (?, ?, ?)", i + random.Next(0, 2) * 1000, i % 13 == 0 ? null : random.Next(0, 200), Marker + random.Next(0, 100));
        }

        db.Execute("COMMIT");
    }

    private static List<string> Rows(EngineHarness db, string sql)
    {
        List<string> rows = [.. db.Query(sql).Select(RowText.Exact)];
        rows.Sort(StringComparer.Ordinal);
        return rows;
    }

    [Fact]
    public void SpilledJoinsMatchInMemoryJoins()
    {
        using var db = new EngineHarness(_spills.Plain("plain.scdb"));
        Fill(db);
        foreach (string sql in Queries)
        {
            Assert.True(SpillsAsItJoinsInMemory(db, sql, out int files), sql);
            Assert.True(files > 0, "the join spilled to temporary files: " + sql);
        }

        _spills.AssertNoneLeft();
    }

    [Fact]
    public void EncryptedDatabaseSpillsNoPlaintext()
    {
        using var db = new EngineHarness(_spills.Encrypted("secret.scdb"));
        Fill(db);
        Assert.True(SpillsAsItJoinsInMemory(db, Queries[0], out int files));
        Assert.True(files > 0, "the join spilled to temporary files");
        Assert.False(_spills.Hold(Marker, out _));
        _spills.AssertNoneLeft();
    }

    // The query's rows with every row in memory, then spilled from 16 rows on (recording its temporary files).
    private bool SpillsAsItJoinsInMemory(EngineHarness db, string sql, out int files)
    {
        db.Database.SpillThresholdRows = 1_000_000;
        List<string> expected = Rows(db, sql);
        db.Database.SpillThresholdRows = 16;
        _spills.Files.Clear();
        bool same = expected.SequenceEqual(Rows(db, sql));
        _spills.Hold(Marker, out files);
        return same;
    }
}
