// One seeded shop database per provider, in files in a temporary directory: EF Core's
// SQLite provider (the reference) and ours (TwinDatabases), shared by the tests of a class.
namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public sealed class ShopDatabases() : TwinDatabases<ShopContext>("scdb-efcore-", "shop", options => new ShopContext(options), ShopSeed.Fill);
