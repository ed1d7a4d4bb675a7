// How applications configure the provider: the options builder's password, durability
// and group commit reach the connection (an encrypted file cannot be read without the
// password); a passed-in connection is used as it is, and settings beside it are refused;
// dependency injection with AddDbContext, AddDbContextPool and AddSharpCoreDB; the
// retrying execution strategy knows which failures are transient.
using System.Data.Common;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;
using SharpCoreDB.Wal;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public sealed class ProviderOptionsTests : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efoptions-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void ThePasswordOptionEncryptsTheFile()
    {
        string path = _directory.File("secret.scdb");
        var options = new DbContextOptionsBuilder<ShopContext>()
            .UseSharpCoreDB($"Data Source={path}", o => o.Password("correct horse").Durability(WalDurability.FullSync).UseGroupCommitWal())
            .Options;
        using (var context = new ShopContext(options))
        {
            context.Database.EnsureCreated();
            context.Tags.Add(new Tag { Label = "classified" });
            context.SaveChanges();
            var builder = new SharpCoreDBConnectionStringBuilder(context.Database.GetConnectionString());
            Assert.Equal(WalDurability.FullSync, builder.Durability);
        }

        SharpCoreDBConnection.ClearAllPools();
        Assert.DoesNotContain("classified", System.Text.Encoding.UTF8.GetString(File.ReadAllBytes(path)), StringComparison.Ordinal);
        using (var reopened = new ShopContext(options))
        {
            Assert.Equal("classified", reopened.Tags.Single().Label);
        }

        var wrong = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB($"Data Source={path}", o => o.Password("wrong")).Options;
        using var refused = new ShopContext(wrong);
        SharpCoreDBException error = Assert.ThrowsAny<SharpCoreDBException>(() => refused.Tags.ToList());
        Assert.Equal(SharpCoreDBErrorCode.WrongKey, error.ErrorCode);
    }

    [Fact]
    public void AnOpenConnectionIsUsedAsItIs()
    {
        using var connection = new SharpCoreDBConnection("Data Source=:memory:");
        connection.Open();
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(connection).Options;
        using (var context = new ShopContext(options))
        {
            context.Database.EnsureCreated();
            context.Tags.Add(new Tag { Label = "in memory" });
            context.SaveChanges();
        }

        // The private in-memory database lives as long as the application's connection.
        using (var context = new ShopContext(options))
        {
            Assert.Equal("in memory", context.Tags.Single().Label);
        }

        Assert.Equal(System.Data.ConnectionState.Open, connection.State);
        var conflicting = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(connection, o => o.Password("x")).Options;
        using var refused = new ShopContext(conflicting);
        InvalidOperationException error = Assert.Throws<InvalidOperationException>(() => refused.Tags.ToList());
        Assert.Contains("connection string", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void DependencyInjectionAndContextPooling()
    {
        string path = _directory.File("di.scdb");
        var services = new ServiceCollection();
        services.AddSharpCoreDB<ShopContext>($"Data Source={path}");
        using (ServiceProvider provider = services.BuildServiceProvider())
        {
            using IServiceScope scope = provider.CreateScope();
            ShopContext context = scope.ServiceProvider.GetRequiredService<ShopContext>();
            context.Database.EnsureCreated();
            context.Tags.Add(new Tag { Label = "from DI" });
            context.SaveChanges();
        }

        var pooled = new ServiceCollection();
        pooled.AddDbContextPool<ShopContext>(o => o.UseSharpCoreDB($"Data Source={path}"));
        using ServiceProvider pool = pooled.BuildServiceProvider();
        for (int i = 0; i < 3; i++)
        {
            using IServiceScope scope = pool.CreateScope();
            Assert.Equal("from DI", scope.ServiceProvider.GetRequiredService<ShopContext>().Tags.Single().Label);
        }
    }

    [Fact]
    public void OnlyWaitsForOtherConnectionsAreTransient()
    {
        Assert.True(SharpCoreDBExecutionStrategy.IsTransient(new SharpCoreDBException(SharpCoreDBErrorCode.Timeout, "waited")));
        Assert.True(SharpCoreDBExecutionStrategy.IsTransient(new SharpCoreDBException(SharpCoreDBErrorCode.Busy, "busy")));
        Assert.True(SharpCoreDBExecutionStrategy.IsTransient(new SharpCoreDBException(SharpCoreDBErrorCode.Locked, "locked")));
        Assert.False(SharpCoreDBExecutionStrategy.IsTransient(new SharpCoreDBException(SharpCoreDBErrorCode.UniqueConstraint, "unique")));
        Assert.False(SharpCoreDBExecutionStrategy.IsTransient(new InvalidOperationException()));
    }

    [Fact]
    public void RetryOnFailureRunsABusyOperationAgain()
    {
        string path = _directory.File("retry.scdb");
        var options = new DbContextOptionsBuilder<ShopContext>()
            .UseSharpCoreDB($"Data Source={path};Default Timeout=1", o => o.EnableRetryOnFailure(maxRetryCount: 5, maxRetryDelay: TimeSpan.FromMilliseconds(200)))
            .Options;
        using (var setup = new ShopContext(options))
        {
            setup.Database.EnsureCreated();
        }

        // Another connection holds the writer lock past the first attempt's timeout, then lets go.
        using var blocker = new SharpCoreDBConnection($"Data Source={path}");
        blocker.Open();
        SharpCoreDBTransaction held = blocker.BeginTransaction();
        using (var write = blocker.CreateCommand())
        {
            write.Transaction = held;
            write.CommandText = "INSERT INTO Tags (Label) VALUES ('blocker')";
            write.ExecuteNonQuery();
        }

        var release = new Thread(() =>
        {
            Thread.Sleep(TimeSpan.FromSeconds(1.5));
            held.Commit();
        });
        release.Start();
        using (var context = new ShopContext(options))
        {
            context.Tags.Add(new Tag { Label = "after retry" });
            context.SaveChanges();
        }

        release.Join();
        using var check = new ShopContext(options);
        Assert.Equal(["after retry", "blocker"], check.Tags.OrderBy(t => t.Label).Select(t => t.Label).ToList());
    }

    [Fact]
    public void BatchesOfManyStatementsSaveAndReturnEveryKey()
    {
        string path = _directory.File("batched.scdb");
        var commands = new CommandCounter();
        var options = new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB($"Data Source={path}", o => o.MaxBatchSize(64)).AddInterceptors(commands).Options;
        var tags = Enumerable.Range(0, 150).Select(i => new Tag { Label = $"tag {i}" }).ToList();
        using (var context = new ShopContext(options))
        {
            context.Database.EnsureCreated();
            context.Tags.AddRange(tags);
            commands.Count = 0;
            context.SaveChanges();
            Assert.Equal(3, commands.Count); // 64 + 64 + 22 INSERTs
            tags[3].Label = "renamed";
            context.Tags.Remove(tags[4]);
            context.SaveChanges();
        }

        Assert.Equal(150, tags.Select(t => t.Id).Distinct().Count());
        using var check = new ShopContext(options);
        Dictionary<int, string> stored = check.Tags.ToDictionary(t => t.Id, t => t.Label);
        Assert.Equal(149, stored.Count);
        Assert.Equal("renamed", stored[tags[3].Id]);
        Assert.False(stored.ContainsKey(tags[4].Id));
        Assert.All(tags.Where((_, i) => i is not 3 and not 4), tag => Assert.Equal(tag.Label, stored[tag.Id]));
    }

    [Fact]
    public void TheDocumentedConfigurationOpensAnEncryptedFile()
    {
        using (var context = new DocumentedContext("documented secret"))
        {
            context.Database.EnsureDeleted();
            context.Database.EnsureCreated();
            context.Tags.Add(new Tag { Label = "documented" });
            context.SaveChanges();
        }

        using (var context = new DocumentedContext("documented secret"))
        {
            Assert.Equal("documented", context.Tags.Single().Label);
            Assert.True(context.Database.EnsureDeleted());
        }
    }

    private sealed class CommandCounter : DbCommandInterceptor
    {
        public int Count { get; set; }

        public override InterceptionResult<DbDataReader> ReaderExecuting(
            DbCommand command,
            CommandEventData eventData,
            InterceptionResult<DbDataReader> result)
        {
            Count++;
            return result;
        }
    }

    // docs/efcore.md's configuration, as written there (the file is app.scdb in the working directory).
    private sealed class DocumentedContext(string secret) : DbContext
    {
        public DbSet<Tag> Tags => Set<Tag>();

        // <doc-snippet docs/efcore.md>
        protected override void OnConfiguring(DbContextOptionsBuilder options) =>
            options.UseSharpCoreDB("Data Source=app.scdb", o => o
                .Password(secret)                  // an encrypted file; never written to logs
                .Durability(WalDurability.FullSync)
                .UseGroupCommitWal()
                .EnableRetryOnFailure());          // retry when another writer held the database
        // </doc-snippet>
    }
}
