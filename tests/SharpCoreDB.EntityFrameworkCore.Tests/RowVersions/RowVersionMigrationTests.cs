// Row versions arriving by migration, and in batches: the migration SQL of a model that
// adds a [Timestamp] and an IsRowVersion() column to tables holding rows (and creates the
// recipe's tables, with the application's trigger in the same migration, as
// migrationBuilder.Sql would add it) runs on a file; the old rows, whose versions are NULL
// or 0, then get versions on their first update and conflicts are detected. With
// MaxBatchSize several INSERTs and UPDATEs go in one command, the trigger tables' SELECTs
// among them, and every version read back equals the stored one.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Migrations.Operations;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.Data;

namespace SharpCoreDB.EntityFrameworkCore.Tests.RowVersions;

public sealed class RowVersionMigrationTests : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efversionmig-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void AMigrationAddsVersionsToTablesWithRows()
    {
        string connection = $"Data Source={_directory.File("migrated.scdb")}";
        using (var before = new VersionlessContext(new DbContextOptionsBuilder<VersionlessContext>().UseSharpCoreDB(connection).Options))
        {
            before.Database.EnsureCreated();
            TestSql.Run(before, "INSERT INTO Tickets (Title, Points) VALUES ('old', 1), ('older', 2)");
            TestSql.Run(before, "INSERT INTO Counters (Name) VALUES ('old')");
            IModel from = before.GetService<IDesignTimeModel>().Model;
            using var after = new RowVersionContext(new DbContextOptionsBuilder<RowVersionContext>().UseSharpCoreDB(connection).Options);
            IModel to = after.GetService<IDesignTimeModel>().Model;
            var operations = after.GetService<IMigrationsModelDiffer>().GetDifferences(from.GetRelationalModel(), to.GetRelationalModel()).ToList();
            Assert.Contains(operations, o => o is AddColumnOperation { Table: "Tickets", Name: "Version", IsRowVersion: true });
            operations.AddRange(RowVersionContext.Triggers.Select(sql => new SqlOperation { Sql = sql }));
            IReadOnlyList<MigrationCommand> commands = after.GetService<IMigrationsSqlGenerator>().Generate(operations, to);
            after.Database.OpenConnection();
            after.GetService<IMigrationCommandExecutor>().ExecuteNonQuery(commands, after.GetService<IRelationalConnection>());
            Assert.Equal("old|0", TestSql.Rows(after, "SELECT Name, Revision FROM Counters"));
            Assert.Equal("old|;older|", TestSql.Rows(after, "SELECT Title, Version FROM Tickets ORDER BY Id"));
        }

        var options = new DbContextOptionsBuilder<RowVersionContext>().UseSharpCoreDB(connection).Options;
        using var first = new RowVersionContext(options);
        using var second = new RowVersionContext(options);
        Ticket mine = first.Tickets.OrderBy(t => t.Id).First();
        Counter counter = first.Counters.Single();
        Assert.Null(mine.Version);
        Assert.Equal(0, counter.Revision);
        Ticket theirs = second.Tickets.OrderBy(t => t.Id).First();
        theirs.Points = 10;
        second.SaveChanges();
        Assert.Equal(8, theirs.Version!.Length);

        mine.Points = 20;
        counter.Name = "new";
        Assert.Throws<DbUpdateConcurrencyException>(() => first.SaveChanges());
        first.Entry(mine).State = EntityState.Unchanged;
        first.SaveChanges();
        Assert.Equal(1, counter.Revision);

        // The migration's trigger keeps the recipe's table working.
        first.Ledgers.Add(new Ledger { Memo = "m" });
        first.SaveChanges();
        first.Ledgers.Single().Balance = 1m;
        first.SaveChanges();
        Assert.Equal(1, first.Ledgers.AsNoTracking().Single().Revision);
    }

    [Fact]
    public void BatchedStatementsReadEveryVersionBack()
    {
        string connection = $"Data Source={_directory.File("batched.scdb")}";
        using var context = new RowVersionContext(new DbContextOptionsBuilder<RowVersionContext>().UseSharpCoreDB(connection, o => o.MaxBatchSize(16)).Options);
        context.Database.EnsureCreated();
        foreach (string trigger in RowVersionContext.Triggers)
        {
            TestSql.Run(context, trigger);
        }

        var notes = Enumerable.Range(1, 4).Select(i => new Note { Text = $"n{i}" }).ToList();
        var tickets = Enumerable.Range(1, 4).Select(i => new Ticket { Title = $"t{i}" }).ToList();
        var ledgers = Enumerable.Range(1, 4).Select(i => new Ledger { Memo = $"l{i}" }).ToList();
        context.AddRange([.. notes, .. tickets, .. ledgers]);
        context.SaveChanges();
        for (int round = 1; round <= 2; round++)
        {
            notes.ForEach(n => n.Text += "!");
            tickets.ForEach(t => t.Points++);
            ledgers.ForEach(l => l.Balance++);
            context.SaveChanges();
            Assert.Equal(string.Join(";", notes.Select(n => Convert.ToHexString(n.Version!))), TestSql.Rows(context, "SELECT hex(Version) FROM Notes ORDER BY Id"));
            Assert.Equal(string.Join(";", tickets.Select(t => Convert.ToHexString(t.Version!))), TestSql.Rows(context, "SELECT hex(Version) FROM Tickets ORDER BY Id"));
            Assert.All(ledgers, l => Assert.Equal(round, l.Revision));
        }
    }

    // The model before the migration: the same tables, without their row versions.
    private sealed class VersionlessContext(DbContextOptions<VersionlessContext> options) : DbContext(options)
    {
        protected override void OnModelCreating(ModelBuilder modelBuilder)
        {
            modelBuilder.Entity<Ticket>().ToTable("Tickets").Ignore(t => t.Version);
            modelBuilder.Entity<Counter>().ToTable("Counters").Ignore(c => c.Revision);
        }
    }
}
