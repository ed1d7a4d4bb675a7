// Online backup from the API: BackupDatabase(path) into a new file and
// BackupDatabase(connection) into another open database (in memory, or a file whose
// old content it replaces), each a consistent snapshot taken while a writer keeps
// moving money between accounts; what the copy holds survives reopening, keeps
// every kind of object (index, view, trigger) and passes integrity_check; bad
// destinations are refused and leave the destination as it was.
using Dapper;
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Maintenance;

public sealed class BackupTests
{
    private const long Total = 10_000;

    private const string Schema = """
        CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL, owner TEXT);
        CREATE INDEX account_owner ON account (owner);
        CREATE VIEW rich AS SELECT id FROM account WHERE balance > 100;
        CREATE TABLE audit (n INTEGER);
        CREATE TRIGGER account_audit AFTER UPDATE ON account BEGIN INSERT INTO audit VALUES (1); END;
        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100)
        INSERT INTO account SELECT i, 100, 'owner ' || i FROM n;
        """;

    [Fact]
    public async Task BackupsTakenWhileAWriterRunsAreConsistentSnapshots()
    {
        using var source = new TestDatabase(password: "source secret");
        using SharpCoreDBConnection connection = source.Open();
        Statements.Run(connection, Schema);

        using var cancel = new CancellationTokenSource();
        Task writer = Workers.Start(() =>
        {
            using SharpCoreDBConnection moving = source.Open();
            var random = new Random(7);
            while (!cancel.IsCancellationRequested)
            {
                using SharpCoreDBTransaction tx = moving.BeginTransaction();
                int from = random.Next(1, 101), to = random.Next(1, 101);
                moving.Execute("UPDATE account SET balance = balance - 5 WHERE id = @from", new { from });
                moving.Execute("UPDATE account SET balance = balance + 5 WHERE id = @to", new { to });
                tx.Commit();
            }
        });

        using var folder = new TempDirectory("scdb-backup-");
        try
        {
            for (int round = 0; round < 3; round++)
            {
                using var memory = new SharpCoreDBConnection("Data Source=:memory:");
                memory.Open();
                connection.BackupDatabase(memory);
                AssertIntact(memory);

                string file = folder.File($"copy{round}.scdb");
                connection.BackupDatabase(file);
                using var copy = new SharpCoreDBConnection($"Data Source={file};Password=source secret");
                copy.Open();
                AssertIntact(copy);
            }
        }
        finally
        {
            cancel.Cancel();
            await writer;
        }
    }

    [Fact]
    public void ABackupReplacesTheDestinationsContentAndSurvivesReopening()
    {
        using var source = new TestDatabase(password: "encrypted source");
        using var destination = new TestDatabase();
        using (SharpCoreDBConnection connection = source.Open())
        using (SharpCoreDBConnection target = destination.Open())
        {
            Statements.Run(connection, Schema);
            Statements.Run(target, "CREATE TABLE old_stuff (x); INSERT INTO old_stuff VALUES (1)");
            connection.BackupDatabase(target);

            Assert.Equal(0L, target.ExecuteScalar<long>("SELECT count(*) FROM sqlite_master WHERE name = 'old_stuff'"));
            target.Execute("UPDATE account SET balance = balance + 1 WHERE id = 1");
            Assert.Equal(1L, target.ExecuteScalar<long>("SELECT count(*) FROM audit"));
        }

        using SharpCoreDBConnection reopened = destination.Open();
        Assert.Equal(Total + 1, reopened.ExecuteScalar<long>("SELECT sum(balance) FROM account"));
        Assert.Equal(100L, reopened.ExecuteScalar<long>("SELECT count(*) FROM account WHERE owner LIKE 'owner %'"));
        Assert.Equal("ok", reopened.ExecuteScalar<string>("PRAGMA integrity_check"));
    }

    [Fact]
    public void BadDestinationsAreRefusedAndLeftAsTheyWere()
    {
        using var source = new TestDatabase();
        using SharpCoreDBConnection connection = source.Open();
        Statements.Run(connection, Schema);

        Assert.Throws<InvalidOperationException>(() => connection.BackupDatabase(new SharpCoreDBConnection("Data Source=:memory:")));
        using SharpCoreDBConnection same = source.Open();
        Assert.Equal(SharpCoreDBErrorCode.Misuse, Assert.Throws<SharpCoreDBException>(() => connection.BackupDatabase(same)).ErrorCode);

        using var other = new SharpCoreDBConnection("Data Source=:memory:;Page Size=16384");
        other.Open();
        other.Execute("CREATE TABLE kept (x); INSERT INTO kept VALUES (1)");
        Assert.Equal(SharpCoreDBErrorCode.Misuse, Assert.Throws<SharpCoreDBException>(() => connection.BackupDatabase(other)).ErrorCode);

        using var busy = new SharpCoreDBConnection("Data Source=:memory:");
        busy.Open();
        busy.Execute("CREATE TABLE kept (x)");
        using (busy.BeginTransaction())
        {
            busy.Execute("INSERT INTO kept VALUES (2)");
            Assert.Equal(SharpCoreDBErrorCode.Misuse, Assert.Throws<SharpCoreDBException>(() => connection.BackupDatabase(busy)).ErrorCode);
        }

        Assert.Equal(1L, other.ExecuteScalar<long>("SELECT count(*) FROM kept"));
        Assert.Equal(0L, busy.ExecuteScalar<long>("SELECT count(*) FROM kept"));
    }

    private static void AssertIntact(SharpCoreDBConnection copy)
    {
        Assert.Equal(Total, copy.ExecuteScalar<long>("SELECT sum(balance) FROM account"));
        Assert.Equal(100L, copy.ExecuteScalar<long>("SELECT count(*) FROM account"));
        Assert.Equal("ok", copy.ExecuteScalar<string>("PRAGMA integrity_check"));
        Assert.True(copy.ExecuteScalar<long>("SELECT count(*) FROM rich") >= 0);
        Assert.Equal(1L, copy.ExecuteScalar<long>("SELECT count(*) FROM sqlite_master WHERE type = 'trigger'"));
        Assert.Equal(100L, copy.ExecuteScalar<long>("SELECT count(*) FROM account INDEXED BY account_owner WHERE owner > ''"));
    }
}
