// VACUUM and VACUUM INTO while the database is in use: two writers move money between
// accounts (and open and close empty ones) in transactions, a reader checks that every
// snapshot holds the same total, and a third connection runs VACUUM and VACUUM INTO in
// a loop, opening each copy to check its total and integrity. No statement may fail
// other than by waiting too long for the writer lock (retried); the total never moves;
// the database ends intact, compact after a last VACUUM, and reopens with the total.
using System.Diagnostics;
using SharpCoreDB.Data.Tests.EndToEnd;

namespace SharpCoreDB.Data.Tests.Maintenance;

[Trait("Category", "Slow")]
public sealed class VacuumConcurrencyTests
{
    private const long Total = 20_000;

    [Fact]
    public async Task VacuumRunsBesideWritersAndReaders()
    {
        using var database = new TestDatabase(extra: ";Default Timeout=30");
        using (SharpCoreDBConnection setup = database.Open())
        {
            Statements.Run(setup, """
                CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL, note TEXT);
                CREATE INDEX account_rich ON account (balance) WHERE balance > 150;
                CREATE INDEX account_note ON account (lower(note));
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
                INSERT INTO account SELECT i, 100, 'Account holder number ' || i FROM n
                """);
        }

        var stop = Stopwatch.StartNew();
        bool Running() => stop.Elapsed < TimeSpan.FromSeconds(6);
        int vacuums = 0, copies = 0, transfers = 0, reads = 0;

        Task Writer(int seed) => Workers.Start(() =>
        {
            var random = new Random(seed);
            using SharpCoreDBConnection connection = database.Open();
            while (Running())
            {
                Retry(() =>
                {
                    using SharpCoreDBTransaction tx = connection.BeginTransaction();
                    int from = random.Next(1, 201), to = random.Next(1, 201), amount = random.Next(1, 30);
                    Statements.Run(connection, $"UPDATE account SET balance = balance - {amount} WHERE id = {from}");
                    Statements.Run(connection, $"UPDATE account SET balance = balance + {amount} WHERE id = {to}");
                    Statements.Run(connection, random.Next(4) == 0
                        ? $"INSERT INTO account (balance, note) VALUES (0, 'temporary {seed} {random.Next()}')"
                        : "DELETE FROM account WHERE id > 200 AND balance = 0 AND id % 2 = 0");
                    tx.Commit();
                });
                Interlocked.Increment(ref transfers);
            }
        });

        Task reader = Workers.Start(() =>
        {
            using SharpCoreDBConnection connection = database.Open();
            while (Running())
            {
                Assert.Equal(Total, Statements.Scalar(connection, "SELECT sum(balance) FROM account"));
                Interlocked.Increment(ref reads);
            }
        });

        Task vacuum = Workers.Start(() =>
        {
            using SharpCoreDBConnection connection = database.Open();
            while (Running())
            {
                Retry(() => Statements.Run(connection, "VACUUM"));
                vacuums++;
                if (vacuums % 3 == 0)
                {
                    string copy = $"{database.Path}.copy{copies++}";
                    Statements.Run(connection, $"VACUUM INTO '{copy}'");
                    using var opened = new SharpCoreDBConnection($"Data Source={copy}");
                    opened.Open();
                    Assert.Equal(Total, Statements.Scalar(opened, "SELECT sum(balance) FROM account"));
                    Assert.Equal("ok", Statements.Scalar(opened, "PRAGMA integrity_check"));
                }
            }
        });

        await Task.WhenAll(Writer(1), Writer(2), reader, vacuum);
        Assert.True(vacuums > 3 && copies > 0 && transfers > 50 && reads > 50, $"{vacuums} VACUUMs, {copies} copies, {transfers} transfers, {reads} reads");

        using (SharpCoreDBConnection connection = database.Open())
        {
            Statements.Run(connection, "VACUUM");
            Assert.Equal("ok", Statements.Scalar(connection, "PRAGMA integrity_check"));
            Assert.Equal(0, connection.GetStatistics().FreePageCount);
        }

        using SharpCoreDBConnection reopened = database.Reopen();
        Assert.Equal(Total, Statements.Scalar(reopened, "SELECT sum(balance) FROM account"));
        Assert.Equal("ok", Statements.Scalar(reopened, "PRAGMA integrity_check"));
    }

    // A transaction that could not take the writer lock in time (or whose snapshot went stale) is run again.
    private static void Retry(Action action)
    {
        for (int attempt = 0; ; attempt++)
        {
            try
            {
                action();
                return;
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.Busy or SharpCoreDBErrorCode.Timeout && attempt < 100)
            {
                Thread.Sleep(1);
            }
        }
    }
}
