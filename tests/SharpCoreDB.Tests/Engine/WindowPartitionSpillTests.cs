// Windows whose one partition is far larger than the spill threshold (no PARTITION BY,
// or one giant partition before or after a small one, which reuses its blocks' places):
// the spilled partition keeps most of its blocks in a temporary file
// (Execution/Windows/SpilledBlocks). Every function and frame form must give the
// in-memory computation's rows in the same order, and SQLite's; the partition's tables
// must hold a bounded number of rows in memory however large it is; an encrypted
// database's files must hold no plaintext; and no file may be left after success, an
// error or a cancellation.
using SharpCoreDB.Execution.Windows;
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.TestSupport.Sqlite;
using SharpCoreDB.Wal.IO;

namespace SharpCoreDB.Tests.Engine;

[Trait("Category", "Slow")]
public sealed class WindowPartitionSpillTests : IDisposable
{
    private const string Marker = "WINDOW-PLAINTEXT-7d2a";
    private const int Rows = 3000;
    private const int Threshold = 50;

    private readonly SpillFileRecorder _spills = new("scdb-winpart-");

    public void Dispose()
    {
        SpilledWindows.Observed = null;
        _spills.Dispose();
    }

    public static TheoryData<string> Queries => new()
    {
        "SELECT id, row_number() OVER (ORDER BY v, id), rank() OVER w, dense_rank() OVER w, percent_rank() OVER w, cume_dist() OVER w, ntile(7) OVER w FROM t WINDOW w AS (ORDER BY v)",
        "SELECT id, lag(s, 200, 'none') OVER w, lead(s, 157) OVER w, lag(v) OVER w, lead(r, 1001, -1) OVER w, lag(id, 0) OVER w FROM t WINDOW w AS (ORDER BY id)",
        "SELECT id, first_value(s) OVER w, last_value(s) OVER w, nth_value(v, 3) OVER w, nth_value(s, 40) OVER w FROM t WINDOW w AS (ORDER BY r ROWS BETWEEN 60 PRECEDING AND 30 FOLLOWING)",
        "SELECT id, first_value(id) OVER (ORDER BY v RANGE BETWEEN 3 PRECEDING AND CURRENT ROW), last_value(s) OVER (ORDER BY v RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING), nth_value(id, 70) OVER (ORDER BY id) FROM t",
        "SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN 30 PRECEDING AND 10 FOLLOWING), avg(r) OVER (ORDER BY id ROWS UNBOUNDED PRECEDING), count(v) OVER (ORDER BY id ROWS BETWEEN CURRENT ROW AND 90 FOLLOWING), min(v) OVER (ORDER BY id ROWS BETWEEN 5 FOLLOWING AND 40 FOLLOWING), max(s) OVER (ORDER BY id ROWS BETWEEN 40 PRECEDING AND 5 PRECEDING) FROM t",
        "SELECT id, sum(v) OVER (ORDER BY v RANGE BETWEEN 5 PRECEDING AND 5 FOLLOWING EXCLUDE TIES), count(*) OVER (ORDER BY r DESC RANGE BETWEEN 2.5 PRECEDING AND 1 FOLLOWING), max(id) OVER (ORDER BY v RANGE BETWEEN UNBOUNDED PRECEDING AND 3 PRECEDING), min(id) OVER (ORDER BY v DESC RANGE BETWEEN 2 FOLLOWING AND 6 FOLLOWING EXCLUDE CURRENT ROW) FROM t",
        "SELECT id, count(*) OVER (ORDER BY v GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW), group_concat(id, '.') OVER (ORDER BY v GROUPS BETWEEN 2 PRECEDING AND CURRENT ROW EXCLUDE GROUP), sum(r) OVER (ORDER BY v GROUPS BETWEEN CURRENT ROW AND 2 FOLLOWING EXCLUDE TIES), count(*) OVER (ORDER BY v GROUPS BETWEEN 3 FOLLOWING AND 5 FOLLOWING) FROM t",
        "SELECT id, count(*) OVER (ORDER BY v GROUPS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), max(id) OVER (ORDER BY v GROUPS BETWEEN 2 FOLLOWING AND UNBOUNDED FOLLOWING), min(s) OVER (ORDER BY v DESC GROUPS CURRENT ROW) FROM t",
        "SELECT id, sum(v) OVER (PARTITION BY id > 100 ORDER BY id ROWS 30 PRECEDING), lag(s, 120) OVER (PARTITION BY id < 2900 ORDER BY id), rank() OVER (PARTITION BY id > 100 ORDER BY v) FROM t",
        "SELECT id, count(*) FILTER (WHERE v > 50) OVER (ORDER BY id ROWS 100 PRECEDING), sum(v) FILTER (WHERE s LIKE '%3') OVER (), group_concat(s, ',') FILTER (WHERE id % 97 = 0) OVER (ORDER BY id), avg(v) FILTER (WHERE r < 5) OVER (ORDER BY v RANGE 4 PRECEDING) FROM t",
        "SELECT id, s, lag(s, 75) OVER (ORDER BY s, id), first_value(s) OVER (ORDER BY s ROWS BETWEEN 10 PRECEDING AND 10 FOLLOWING), group_concat(s, '|') OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING) FROM t",
        "SELECT id, row_number() OVER (ORDER BY r, id), sum(v) OVER (ORDER BY id DESC ROWS 10 PRECEDING), rank() OVER (ORDER BY s), count(*) OVER (), last_value(id) OVER () FROM t",
    };

    [Theory]
    [MemberData(nameof(Queries))]
    public void AOnePartitionWindowLargerThanMemoryGivesTheSameRows(string sql)
    {
        using var db = new EngineHarness(_spills.Plain($"w{Guid.NewGuid():N}.scdb"));
        Seed(db);
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(sql);

        db.Database.SpillThresholdRows = Threshold;
        var observed = new SpillObservation();
        SpilledWindows.Observed = observed;
        Assert.Equal(expected, db.Query(sql));
        Assert.True(observed.LargestPartition > 50 * Threshold, "one partition holds more than 50 times the threshold");
        Assert.True(observed.BlocksWritten > 0, "the partition's blocks went to a temporary file");
        _spills.AssertNoneLeft();

        using var sqlite = SqliteReference.OpenMemory();
        SqliteReference.Execute(sqlite, Schema + ";" + Fill(Rows));
        Assert.Equal(SqliteReference.Rows(sqlite, sql, RowText.Rounded), expected.Select(RowText.Rounded).ToList());
    }

    [Fact]
    public void MemoryStaysBoundedWhateverThePartitionsSize()
    {
        const int threshold = 100;
        using var db = new EngineHarness(_spills.Plain("bounded.scdb"));
        Seed(db, rows: 50 * threshold);
        const string sql = "SELECT id, sum(v) OVER (ORDER BY id ROWS 10 PRECEDING), lag(s, 300) OVER (ORDER BY id), rank() OVER (ORDER BY v) FROM t";
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(sql);

        db.Database.SpillThresholdRows = threshold;
        var observed = new SpillObservation();
        SpilledWindows.Observed = observed;
        Assert.Equal(expected, db.Query(sql));
        Assert.Equal(50 * threshold, observed.LargestPartition);
        Assert.True(observed.BlocksWritten > 0, "the partition's blocks went to a temporary file");

        // The records' table and the peer groups' table hold at most a threshold's worth of rows each.
        Assert.InRange(observed.PeakResidentRows, 1, 2 * threshold);
        _spills.AssertNoneLeft();
    }

    [Fact]
    public void AnEncryptedDatabasesPartitionSpillsNoPlaintext()
    {
        using var plain = new EngineHarness(_spills.Plain("plain.scdb"));
        Assert.True(SpillsMarker(plain), "a plain database's spill files hold the text (the scan finds it)");
        using var encrypted = new EngineHarness(_spills.Encrypted("secret.scdb"));
        Assert.False(SpillsMarker(encrypted));
        _spills.AssertNoneLeft();
    }

    [Fact]
    public void AnErrorInTheLargePartitionLeavesNoFiles()
    {
        using var db = new EngineHarness(_spills.Plain("error.scdb"));
        Seed(db);
        db.Database.SpillThresholdRows = Threshold;
        var error = Assert.Throws<SharpCoreDBException>(() =>
            db.Query("SELECT id, sum(v) OVER (ORDER BY id ROWS 20 PRECEDING), nth_value(v, CASE WHEN id = 2900 THEN 0 ELSE 1 END) OVER (ORDER BY id) FROM t"));
        Assert.Contains("second argument to nth_value must be a positive integer", error.Message, StringComparison.Ordinal);
        _spills.AssertNoneLeft();
        Assert.Equal((long)Rows, db.Scalar("SELECT count(*) FROM (SELECT lag(s, 100) OVER (ORDER BY id) FROM t)"));
    }

    [Fact]
    public void CancellingInsideTheLargePartitionLeavesNoFiles()
    {
        using var cancel = new CancellationTokenSource();
        var files = new CancellingFileSystem(cancel);
        using var directory = new TempDirectory("scdb-wincancel-");
        using var db = new EngineHarness(new StorageOptions { Path = directory.File("c.scdb"), FileSystem = files });
        Seed(db);
        db.Database.SpillThresholdRows = Threshold;
        var error = Assert.Throws<SharpCoreDBException>(() =>
            db.Query(cancel.Token, "SELECT id, sum(v) OVER (ORDER BY id ROWS BETWEEN 50 PRECEDING AND 50 FOLLOWING), rank() OVER (ORDER BY v) FROM t"));
        Assert.Equal(SharpCoreDBErrorCode.Cancelled, error.ErrorCode);
        Assert.True(files.WentBack, "the partition was read again from the middle of a file when the statement was cancelled");
        Assert.Empty(Directory.GetFiles(directory.Path, "sharpcoredb-sort-*.tmp"));
    }

    private const string Schema = "CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT, v INTEGER, r REAL, s TEXT)";

    // Duplicate and NULL values, reals, and texts long enough to make blocks of varied sizes.
    private static string Fill(int rows) => $"""
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < {rows})
        INSERT INTO t SELECT i, 'g' || (i * 7 % 37), CASE WHEN i % 13 = 0 THEN NULL ELSE i * 31 % 101 END,
            (i * 17 % 53) / 4.0, 'WINDOW-PLAINTEXT-7d2a' || (i % 11) || substr('-abcdefghijklmnopqrstuvwxyz', 1, i % 29) FROM n
        """;

    private static void Seed(EngineHarness db, int rows = Rows)
    {
        db.Execute(Schema);
        db.Execute(Fill(rows));
    }

    // Whether the files a spilled one-partition window wrote hold the marker (a partition's blocks among them).
    private bool SpillsMarker(EngineHarness db)
    {
        Seed(db);
        db.Database.SpillThresholdRows = Threshold;
        var observed = new SpillObservation();
        SpilledWindows.Observed = observed;
        _spills.Files.Clear();
        db.Query("SELECT id, lag(s, 300) OVER (ORDER BY id), group_concat(s) OVER (ORDER BY v ROWS 3 PRECEDING) FROM t");
        Assert.True(observed.BlocksWritten > 0, "the partition's blocks went to a temporary file");
        bool found = _spills.Hold(Marker, out int files);
        Assert.True(files > 0);
        return found;
    }

    // Cancels the statement the first time a spill file is read at an offset before one already read: the
    // spilled partition going over its rows again, which only happens while a partition is computed.
    private sealed class CancellingFileSystem(CancellationTokenSource cancel)
        : FileSystemWrapper(null, WatchedFiles.NameStartsWith("sharpcoredb-sort-"))
    {
        private readonly Dictionary<int, long> _lastRead = [];

        public bool WentBack { get; private set; }

        protected override int OnRead(IStorageFile file, int number, long offset, Span<byte> buffer)
        {
            if (_lastRead.TryGetValue(number, out long last) && offset < last && !WentBack)
            {
                WentBack = true;
                cancel.Cancel();
            }

            _lastRead[number] = offset;
            return base.OnRead(file, number, offset, buffer);
        }
    }
}
