// Migrations on a database with data: the chain in JournalMigrations applied one step at
// a time from empty and reverted one step at a time, the rows checked after each step
// (through the ADO.NET connection, as the schema changes under the model), the history
// table and the lock table as EF Core expects them; EnsureCreated/EnsureDeleted.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using SharpCoreDB.EntityFrameworkCore.Tests.Migrations;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public sealed class MigrationTests : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efmigrate-");

    public void Dispose()
    {
        Data.SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void TheChainAppliesAndRevertsWithTheDataKept()
    {
        string path = _directory.File("journal.scdb");
        using var context = new JournalContext(new DbContextOptionsBuilder<JournalContext>().UseSharpCoreDB($"Data Source={path}").Options);
        IMigrator migrator = context.GetService<IMigrator>();

        migrator.Migrate("20261101000000_Initial");
        Run(context, "INSERT INTO Notebooks (Title, Archived) VALUES ('work', NULL), ('home', 'yes')");
        Run(context, "INSERT INTO Entries (NotebookId, Text, WrittenAt) VALUES (1, 'first', '2026-11-01 10:00:00'), (2, 'second', '2026-11-02 11:00:00')");
        Assert.Equal(["20261101000000_Initial"], context.Database.GetAppliedMigrations());

        migrator.Migrate("20261102000000_PinnedEntries");
        Assert.Equal("first|0;second|0", Rows(context, "SELECT Body, Pinned FROM Entries ORDER BY Id"));
        Run(context, "UPDATE Entries SET Pinned = TRUE WHERE Id = 2");

        migrator.Migrate();
        Assert.Equal("1|work;2|home", Rows(context, "SELECT Id, Title FROM Folders ORDER BY Id"));
        Assert.Equal("second|1", Rows(context, "SELECT Body, Pinned FROM Entries WHERE Pinned"));
        Assert.Equal(3, context.Database.GetAppliedMigrations().Count());
        Assert.Empty(context.Database.GetPendingMigrations());

        // Cascade still works through the renamed table.
        Run(context, "DELETE FROM Folders WHERE Id = 1");
        Assert.Equal("second", Rows(context, "SELECT Body FROM Entries"));

        migrator.Migrate("20261102000000_PinnedEntries");
        Assert.Equal("2|home|", Rows(context, "SELECT Id, Title, Archived FROM Notebooks"));

        migrator.Migrate("20261101000000_Initial");
        Assert.Equal("second", Rows(context, "SELECT Text FROM Entries"));

        migrator.Migrate("0");
        Assert.Empty(context.Database.GetAppliedMigrations());
        Assert.Equal("__EFMigrationsHistory;__EFMigrationsLock", Rows(context, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"));
        Assert.Equal("", Rows(context, "SELECT * FROM __EFMigrationsLock"));
    }

    [Fact]
    public void ScriptsOfTheChainRunOnANewDatabase()
    {
        string path = _directory.File("scripted.scdb");
        using var context = new JournalContext(new DbContextOptionsBuilder<JournalContext>().UseSharpCoreDB($"Data Source={path}").Options);
        string script = context.GetService<IMigrator>().GenerateScript();
        Assert.Contains("AUTOINCREMENT", script, StringComparison.Ordinal);
        context.Database.ExecuteSqlRaw(script);
        Assert.Equal(3, context.Database.GetAppliedMigrations().Count());
    }

    [Fact]
    public void EnsureCreatedAndEnsureDeleted()
    {
        string path = _directory.File("shop.scdb");
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB($"Data Source={path}").Options;
        using (var context = new ShopContext(options))
        {
            Assert.True(context.Database.EnsureCreated());
            Assert.False(context.Database.EnsureCreated());
            context.Tags.Add(new Tag { Label = "one" });
            context.SaveChanges();
        }

        using (var context = new ShopContext(options))
        {
            Assert.Equal("one", context.Tags.Single().Label);
            Assert.True(context.Database.EnsureDeleted());
        }

        Assert.False(File.Exists(path));
        Assert.Empty(Directory.GetFiles(_directory.Path));
    }

    [Fact]
    public async Task ALockLeftByADeadProcessIsTakenOverAndOneOfThisProcessIsWaitedFor()
    {
        string path = _directory.File("locked.scdb");
        using var context = new JournalContext(new DbContextOptionsBuilder<JournalContext>().UseSharpCoreDB($"Data Source={path}").Options);
        context.GetService<IMigrator>().Migrate("20261101000000_Initial");

        // A row naming another process: that process cannot have the file open, so it died while migrating.
        Run(context, "INSERT INTO __EFMigrationsLock (Id, Timestamp, Owner) VALUES (1, '2026-01-01 00:00:00+00:00', '999999@2026-01-01T00:00:00.0000000Z')");
        await context.Database.MigrateAsync("20261102000000_PinnedEntries").WaitAsync(TestTimeouts.Hang);
        Assert.Equal(2, context.Database.GetAppliedMigrations().Count());
        Assert.Equal("", Rows(context, "SELECT * FROM __EFMigrationsLock"));

        // A row of this process is another context's migration: waited for, here until cancelled.
        Run(context, $"INSERT INTO __EFMigrationsLock (Id, Timestamp, Owner) VALUES (1, '2026-01-01 00:00:00+00:00', '{SharpCoreDB.EntityFrameworkCore.Migrations.SharpCoreDBHistoryRepository.ThisProcess}')");
        using var wait = new CancellationTokenSource(TimeSpan.FromMilliseconds(700));
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => context.Database.MigrateAsync(cancellationToken: wait.Token));
        Assert.Equal(2, context.Database.GetAppliedMigrations().Count());
    }

    [Fact]
    public void EnsureCreatedNumbersKeysWithoutReusingADeletedOne()
    {
        var sqlite = new DbContextOptionsBuilder<ShopContext>().UseSqlite($"Data Source={_directory.File("keys.db")}").Options;
        var ours = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB($"Data Source={_directory.File("keys.scdb")}").Options;
        int[] KeysAfterDeletingTheLast(DbContextOptions<ShopContext> options)
        {
            using var context = new ShopContext(options);
            context.Database.EnsureCreated();
            var tags = new[] { new Tag { Label = "a" }, new Tag { Label = "b" } };
            context.Tags.AddRange(tags);
            context.SaveChanges();
            context.Tags.Remove(tags[1]);
            context.SaveChanges();
            var next = new Tag { Label = "c" };
            context.Tags.Add(next);
            context.SaveChanges();
            return [.. context.Tags.OrderBy(t => t.Id).Select(t => t.Id)];
        }

        Assert.Equal([1, 3], KeysAfterDeletingTheLast(sqlite));
        Assert.Equal([1, 3], KeysAfterDeletingTheLast(ours));
        using var created = new ShopContext(ours);
        Assert.Contains("AUTOINCREMENT", created.Database.GenerateCreateScript(), StringComparison.Ordinal);
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
    }

    private static void Run(DbContext context, string sql) => TestSql.Run(context, sql);

    private static string Rows(DbContext context, string sql) => TestSql.Rows(context, sql);
}
