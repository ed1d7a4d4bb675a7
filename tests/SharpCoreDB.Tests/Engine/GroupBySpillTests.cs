// GROUP BY past the group threshold: groups beyond it are sorted through the
// spilling sorter and aggregated in one streaming pass. The results must equal
// the in-memory aggregation, and an encrypted database's spill files must not
// contain plaintext (the same files of a plain database do, so the scan works).
namespace SharpCoreDB.Tests.Engine;

public sealed class GroupBySpillTests : IDisposable
{
    private const string Marker = "PLAINTEXT-MARKER-7f3a";

    private readonly SpillFileRecorder _spills = new("scdb-grp-");

    public void Dispose() => _spills.Dispose();

    private static void Fill(EngineHarness db)
    {
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g, v INTEGER, s TEXT)");
        var random = new Random(11);
        db.Execute("BEGIN");
        for (int i = 1; i <= 3000; i++)
        {
            object? g = (i % 9) switch
            {
                0 => null,
                1 => random.Next(0, 300) + 0.0,
                2 => Marker + random.Next(0, 200),
                _ => (long)random.Next(0, 600),
            };
            db.Execute("INSERT INTO t VALUES (?, ?, ?, ?)", i, g, random.Next(-50, 50), Marker + "-" + random.Next(0, 1000));
        }

        db.Execute("COMMIT");
    }

    private static readonly string[] Queries =
    [
        "SELECT g, COUNT(*), SUM(v), MIN(s), MAX(s), TOTAL(v), AVG(v), COUNT(DISTINCT v), GROUP_CONCAT(id) FROM t GROUP BY g",
        "SELECT g, s, COUNT(*) FROM t GROUP BY g HAVING COUNT(*) > 5 ORDER BY 3 DESC, 1",
        "SELECT g, v % 3, SUM(id) FROM t WHERE id % 2 = 0 GROUP BY g, v % 3",
        "SELECT COUNT(*) FROM (SELECT g FROM t GROUP BY g)",
    ];

    [Fact]
    public void SpilledGroupingMatchesInMemoryGrouping()
    {
        using var db = new EngineHarness(_spills.Plain("plain.scdb"));
        Fill(db);
        foreach (string sql in Queries)
        {
            db.Database.SpillThresholdRows = 1_000_000;
            List<object?[]> expected = db.Query(sql);
            db.Database.SpillThresholdRows = 16;
            Assert.Equal(expected, db.Query(sql));
        }

        // The plain database's spill files hold the marker: the scan below can see plaintext.
        Assert.True(SpillFilesContainMarker(db, Queries[0], out int files));
        Assert.True(files > 0, "the grouping spilled to temporary files");
        _spills.AssertNoneLeft();
    }

    [Fact]
    public void EncryptedDatabaseSpillsNoPlaintext()
    {
        using var db = new EngineHarness(_spills.Encrypted("secret.scdb"));
        Fill(db);
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(Queries[0]);
        db.Database.SpillThresholdRows = 16;
        Assert.False(SpillFilesContainMarker(db, Queries[0], out int files));
        Assert.True(files > 0, "the grouping spilled to temporary files");
        Assert.Equal(expected, db.Query(Queries[0]));
        _spills.AssertNoneLeft();
    }

    // Runs the query and scans every byte the engine wrote to its temporary sort files.
    private bool SpillFilesContainMarker(EngineHarness db, string sql, out int files)
    {
        _spills.Files.Clear();
        db.Query(sql);
        return _spills.Hold(Marker, out files);
    }
}
