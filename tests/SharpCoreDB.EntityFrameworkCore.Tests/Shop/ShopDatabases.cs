// One seeded shop database per provider, in files in a temporary directory: EF Core's
// SQLite provider (the reference) and ours. Each query gets a fresh context, so that
// nothing tracked by an earlier query fixes up the navigations of a later one.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public sealed class ShopDatabases : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efcore-");

    public ShopDatabases()
    {
        SqlitePath = _directory.File("shop.db");
        SharpCoreDBPath = _directory.File("shop.scdb");
        foreach (Func<ShopContext> open in new[] { Sqlite, SharpCoreDB })
        {
            using ShopContext context = open();
            context.Database.EnsureCreated();
            ShopSeed.Fill(context);
        }
    }

    public string SqlitePath { get; }

    public string SharpCoreDBPath { get; }

    public ShopContext Sqlite() => new(new DbContextOptionsBuilder<ShopContext>().UseSqlite($"Data Source={SqlitePath}").Options);

    public ShopContext SharpCoreDB() => new(new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB($"Data Source={SharpCoreDBPath}").Options);

    public void Dispose()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        Data.SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }
}
