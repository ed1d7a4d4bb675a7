// Row-version concurrency against EF Core's SQLite provider. The SQLite provider's recipe
// (a default, an AFTER UPDATE trigger, HasTrigger) works the same on both: the version
// changes on every update, SaveChanges reads the value the trigger left (twice in one
// context too), ExecuteUpdate changes it, a stale update or delete raises
// DbUpdateConcurrencyException, the integer versions are equal on both, and ours reads the
// same after reopening. A plain [Timestamp] or IsRowVersion() without the recipe the SQLite
// provider leaves NULL (a conflicting update silently wins); ours makes the version (a new
// randomblob(8), or + 1), reads it back with RETURNING, and detects the conflict, also on a
// table split between two entity types.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Data;

namespace SharpCoreDB.EntityFrameworkCore.Tests.RowVersions;

public sealed class RowVersionTests : IDisposable
{
    private readonly TwinDatabases<RowVersionContext> _databases = new("scdb-efversion-", "versions", options => new RowVersionContext(options), AddTriggers);

    public void Dispose() => _databases.Dispose();

    [Fact]
    [Trait("Category", "Slow")]
    public void TheSqliteProvidersRecipeWorksTheSameOnBoth()
    {
        foreach (Func<RowVersionContext> open in new[] { _databases.Sqlite, _databases.Ours })
        {
            using (RowVersionContext context = open())
            {
                var note = new Note { Text = "first" };
                var ledger = new Ledger { Memo = "opening", Balance = 10m };
                context.AddRange(note, ledger, new Ledger { Memo = "other", Balance = 1m });
                context.SaveChanges();
                Assert.Equal(8, note.Version!.Length);
                Assert.Equal(Stored(context, "Notes", note.Id), Convert.ToHexString(note.Version));
                Assert.Equal(0, ledger.Revision);

                // Two updates in one context: the second must see the version the trigger left after the first.
                byte[] first = note.Version;
                for (int i = 1; i <= 2; i++)
                {
                    note.Text = $"edit {i}";
                    ledger.Balance += 5m;
                    context.SaveChanges();
                    Assert.Equal(Stored(context, "Notes", note.Id), Convert.ToHexString(note.Version!));
                    Assert.Equal(i, ledger.Revision);
                }

                Assert.NotEqual(first, note.Version);
            }

            AStaleUpdateOrDeleteConflicts(open, db => db.Notes.OrderBy(n => n.Id), n => n.Text += "!");
            AStaleUpdateOrDeleteConflicts(open, db => db.Ledgers.OrderBy(l => l.Id), l => l.Balance -= 1m);
            AnExecuteUpdateChangesTheVersion(open, db => db.Ledgers.OrderBy(l => l.Id), l => l.Memo = "late", db => db.Ledgers.ExecuteUpdate(s => s.SetProperty(l => l.Memo, "bulk")));
        }

        const string Ledgers = "SELECT Id, Memo, Revision FROM Ledgers ORDER BY Id";
        const string Notes = "SELECT Id, Text, length(Version) FROM Notes ORDER BY Id";
        using RowVersionContext sqlite = _databases.Sqlite();
        string ours = Read(_databases.Ours, Ledgers) + "/" + Read(_databases.Ours, Notes);
        Assert.Equal(TestSql.Rows(sqlite, Ledgers) + "/" + TestSql.Rows(sqlite, Notes), ours);
        Assert.Equal("1|bulk|4;2|bulk|1/1|edit 2!|8", ours);
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(ours, Read(_databases.Ours, Ledgers) + "/" + Read(_databases.Ours, Notes));
    }

    [Fact]
    public void APlainRowVersionIsLeftNullByTheSqliteProvider()
    {
        using (RowVersionContext context = _databases.Sqlite())
        {
            var ticket = new Ticket { Title = "t" };
            context.Tickets.Add(ticket);
            context.SaveChanges();
            ticket.Points = 1;
            context.SaveChanges();
            Assert.Null(ticket.Version);
            Assert.Equal("", TestSql.Rows(context, "SELECT Version FROM Tickets"));
        }

        // Nothing changes the version, so an update from a stale copy overwrites the other one's.
        using RowVersionContext first = _databases.Sqlite();
        using RowVersionContext second = _databases.Sqlite();
        Ticket mine = first.Tickets.Single();
        second.Tickets.Single().Title = "theirs";
        second.SaveChanges();
        mine.Title = "mine";
        first.SaveChanges();
        Assert.Equal("mine|1", TestSql.Rows(first, "SELECT Title, Points FROM Tickets"));

        // An integer version is left out of the INSERT, and its column (a long: NOT NULL) refuses the row.
        using RowVersionContext counters = _databases.Sqlite();
        counters.Counters.Add(new Counter { Name = "c" });
        Assert.Contains("NOT NULL", Assert.Throws<DbUpdateException>(() => counters.SaveChanges()).InnerException!.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void OursMakesAPlainRowVersionAndDetectsConflicts()
    {
        byte[] inserted;
        using (RowVersionContext context = _databases.Ours())
        {
            var ticket = new Ticket { Title = "t" };
            var counter = new Counter { Name = "c" };
            var tally = new Tally();
            context.AddRange(ticket, counter, tally, new Ticket { Title = "u" });
            context.SaveChanges();
            inserted = ticket.Version!;
            Assert.Equal(8, inserted.Length);
            Assert.Equal(Stored(context, "Tickets", ticket.Id), Convert.ToHexString(inserted));
            Assert.Equal(1, counter.Revision);
            for (int i = 1; i <= 2; i++)
            {
                ticket.Points = i;
                counter.Name = $"c{i}";
                tally.Count = i;
                context.SaveChanges();
                Assert.Equal(1UL + (ulong)i, tally.Stamp);
                Assert.Equal(Stored(context, "Tickets", ticket.Id), Convert.ToHexString(ticket.Version!));
                Assert.Equal(1 + i, counter.Revision);
            }

            Assert.NotEqual(inserted, ticket.Version);
            Assert.Equal(3, TestSql.Scalar(context, "SELECT Revision FROM Counters"));
        }

        AStaleUpdateOrDeleteConflicts(_databases.Ours, db => db.Tickets.OrderBy(t => t.Id), t => t.Points += 10);
        AStaleUpdateOrDeleteConflicts(_databases.Ours, db => db.Counters.OrderBy(c => c.Id), c => c.Name += "!");
        AStaleUpdateOrDeleteConflicts(_databases.Ours, db => db.Tallies.OrderBy(t => t.Id), t => t.Count++);
        AnExecuteUpdateChangesTheVersion(_databases.Ours, db => db.Tickets.OrderBy(t => t.Id), t => t.Title = "late", db => db.Tickets.ExecuteUpdate(s => s.SetProperty(t => t.Points, t => t.Points + 100)));
        AnExecuteUpdateChangesTheVersion(_databases.Ours, db => db.Counters.OrderBy(c => c.Id), c => c.Name = "late", db => db.Counters.ExecuteUpdate(s => s.SetProperty(c => c.Name, "bulk")));

        const string Rows = "SELECT Id, Title, Points, hex(Version) FROM Tickets ORDER BY Id";
        string before = Read(_databases.Ours, Rows) + "/" + Read(_databases.Ours, "SELECT Id, Name, Revision FROM Counters");
        Assert.Equal("1|bulk|5", before.Split('/')[1]);
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(before, Read(_databases.Ours, Rows) + "/" + Read(_databases.Ours, "SELECT Id, Name, Revision FROM Counters"));
        using RowVersionContext reopened = _databases.Ours();
        Ticket kept = reopened.Tickets.OrderBy(t => t.Id).First();
        Assert.Equal(Stored(reopened, "Tickets", kept.Id), Convert.ToHexString(kept.Version!));
        kept.Points = -1;
        reopened.SaveChanges();
    }

    [Fact]
    public void ATableSplitBetweenTwoTypesHasOneVersionOnOurs()
    {
        using (RowVersionContext context = _databases.Ours())
        {
            context.Parcels.Add(new Parcel { Sender = "Ann", Label = new ParcelLabel { Text = "fragile" } });
            context.SaveChanges();
        }

        using RowVersionContext first = _databases.Ours();
        using RowVersionContext second = _databases.Ours();
        Parcel mine = first.Parcels.Single();
        byte[] before = mine.Version!;
        ParcelLabel label = second.Labels.Single();
        label.Text = "this side up";
        second.SaveChanges();
        Assert.NotEqual(Convert.ToHexString(before), Stored(second, "Parcels", label.Id));

        // Only the dependent changed, yet the principal's copy is stale.
        mine.Sender = "Bob";
        DbUpdateConcurrencyException conflict = Assert.Throws<DbUpdateConcurrencyException>(() => first.SaveChanges());
        Assert.Same(mine, conflict.Entries.Single().Entity);
        using RowVersionContext check = _databases.Ours();
        Assert.Equal("Ann|this side up", TestSql.Rows(check, "SELECT Sender, Text FROM Parcels"));
    }

    // Two contexts load the first row; one changes it; the other's update and then its delete of the stale row conflict.
    private static void AStaleUpdateOrDeleteConflicts<T>(Func<RowVersionContext> open, Func<RowVersionContext, IQueryable<T>> rows, Action<T> change)
        where T : class
    {
        using RowVersionContext first = open();
        using RowVersionContext second = open();
        T mine = rows(first).First();
        change(rows(second).First());
        second.SaveChanges();

        change(mine);
        DbUpdateConcurrencyException conflict = Assert.Throws<DbUpdateConcurrencyException>(() => first.SaveChanges());
        Assert.Same(mine, conflict.Entries.Single().Entity);
        first.Entry(mine).State = EntityState.Deleted;
        Assert.Throws<DbUpdateConcurrencyException>(() => first.SaveChanges());
        using RowVersionContext check = open();
        Assert.Equal(rows(second).Count(), rows(check).Count());
    }

    // A row loaded before an ExecuteUpdate cannot be saved after it: the bulk update changed its version.
    private static void AnExecuteUpdateChangesTheVersion<T>(
        Func<RowVersionContext> open, Func<RowVersionContext, IQueryable<T>> rows, Action<T> change, Action<RowVersionContext> bulk)
        where T : class
    {
        using RowVersionContext stale = open();
        T row = rows(stale).First();
        using (RowVersionContext other = open())
        {
            bulk(other);
        }

        change(row);
        Assert.Throws<DbUpdateConcurrencyException>(() => stale.SaveChanges());
    }

    private static string Stored(RowVersionContext context, string table, int id) => TestSql.Rows(context, $"SELECT hex(Version) FROM {table} WHERE Id = {id}");

    private static string Read(Func<RowVersionContext> open, string sql)
    {
        using RowVersionContext context = open();
        return TestSql.Rows(context, sql);
    }

    private static void AddTriggers(RowVersionContext context)
    {
        foreach (string trigger in RowVersionContext.Triggers)
        {
            TestSql.Run(context, trigger);
        }
    }
}
