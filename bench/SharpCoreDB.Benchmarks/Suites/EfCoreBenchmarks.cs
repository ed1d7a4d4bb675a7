// Entity Framework Core on each database (issue 27): the same DbContext over EF Core's
// SQLite provider (on the SQLite-WAL-FULL contender's open connection) and over ours (on
// the SCDB-Full-GC contender's), a new context per operation as applications use them:
//   - InsertThousandCustomers: 1,000 new customers (name, email, age, score, join date,
//     credit limit) added and saved with one SaveChanges, into a table that keeps growing;
//   - TrackedQuery: the customers of one age (about 1 in 80 of the seeded rows), tracked;
//   - NoTrackingJoinProjection: 100 orders with their customer's name and email, no tracking.
//   dotnet run -c Release --project bench/SharpCoreDB.Benchmarks -- --filter '*.Suites.EfCoreBenchmarks*' --job short
using System.Data.Common;
using BenchmarkDotNet.Attributes;
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Benchmarks.Suites.Contenders;
using SharpCoreDB.Benchmarks.Suites.Reporting;

namespace SharpCoreDB.Benchmarks.Suites;

[Config(typeof(SuiteConfig))]
[MemoryDiagnoser]
public class EfCoreBenchmarks
{
    private const int Ages = 80;
    private Contender _contender = null!;
    private DbContextOptions<BenchContext> _options = null!;
    private int _next;

    public static IEnumerable<string> Contenders => BenchScale.Contenders([ContenderNames.SqliteFull, ContenderNames.ScdbFullGc]);

    public static IEnumerable<int> RowCounts => BenchScale.IsDry ? [1_000] : [20_000];

    [ParamsSource(nameof(Contenders))]
    public string Contender { get; set; } = "";

    [ParamsSource(nameof(RowCounts))]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _contender = ContenderNames.Create(Contender, ContenderFixtures.NewDirectory());
        DbConnection connection = ((AdoNetSession)_contender.Main).Connection;
        var builder = new DbContextOptionsBuilder<BenchContext>();
        _options = (Contender == ContenderNames.SqliteFull ? builder.UseSqlite(connection) : builder.UseSharpCoreDB(connection)).Options;
        using var context = new BenchContext(_options);
        context.Database.EnsureCreated();
        context.Customers.AddRange(Enumerable.Range(0, Rows).Select(NewCustomer));
        context.SaveChanges();
        context.Orders.AddRange(Enumerable.Range(0, Rows).Select(i => new BenchOrder { CustomerId = 1 + (i * 7 % Rows), Amount = 10m + (i % 500) / 4m, PlacedAt = new DateTime(2026, 1, 1).AddMinutes(i) }));
        context.SaveChanges();
    }

    [GlobalCleanup]
    public void Cleanup() => _contender.Dispose();

    [Benchmark]
    public int InsertThousandCustomers()
    {
        using var context = new BenchContext(_options);
        context.Customers.AddRange(Enumerable.Range(_next, BenchScale.IsDry ? 10 : 1_000).Select(NewCustomer));
        _next += 1_000;
        return context.SaveChanges();
    }

    [Benchmark]
    public int TrackedQuery()
    {
        using var context = new BenchContext(_options);
        int age = 18 + (_next++ % Ages);
        return context.Customers.Where(c => c.Age == age).ToList().Count;
    }

    [Benchmark]
    public int NoTrackingJoinProjection()
    {
        using var context = new BenchContext(_options);
        int from = 1 + (_next++ * 101 % Math.Max(1, Rows - 100));
        return context.Orders.AsNoTracking().Where(o => o.Id >= from && o.Id < from + 100)
            .Select(o => new { o.Id, o.Amount, o.Customer.Name, o.Customer.Email }).ToList().Count;
    }

    private static BenchCustomer NewCustomer(int i) => new()
    {
        Name = $"Customer {i:D6} Example",
        Email = $"customer{i}@example-mail.test",
        Age = 18 + (i % Ages),
        Score = i % 1000 / 10.0,
        JoinedAt = new DateTime(2020, 1, 1).AddHours(i),
        CreditLimit = 100m + i % 50 * 25.5m,
    };

    public sealed class BenchCustomer
    {
        public int Id { get; set; }

        public string Name { get; set; } = "";

        public string Email { get; set; } = "";

        public int Age { get; set; }

        public double Score { get; set; }

        public DateTime JoinedAt { get; set; }

        public decimal CreditLimit { get; set; }
    }

    public sealed class BenchOrder
    {
        public int Id { get; set; }

        public int CustomerId { get; set; }

        public BenchCustomer Customer { get; set; } = null!;

        public decimal Amount { get; set; }

        public DateTime PlacedAt { get; set; }
    }

    public sealed class BenchContext(DbContextOptions<BenchContext> options) : DbContext(options)
    {
        public DbSet<BenchCustomer> Customers => Set<BenchCustomer>();

        public DbSet<BenchOrder> Orders => Set<BenchOrder>();

        protected override void OnModelCreating(ModelBuilder modelBuilder) => modelBuilder.Entity<BenchCustomer>().HasIndex(c => c.Age);
    }
}
