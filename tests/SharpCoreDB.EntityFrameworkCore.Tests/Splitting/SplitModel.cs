// The table-splitting and entity-splitting model, configured the same way on both
// providers:
//   Order, OrderDetail, OrderShipping   three entity types in one table, Orders, sharing
//       its key: Order is the principal, OrderDetail a required dependent, OrderShipping an
//       optional one (absent when its columns are NULL; Carrier is required, so EF Core
//       tells an absent shipping from an empty one);
//   Customer   one entity type over two tables (SplitToTable): Customers holds its name,
//       city and birthday, CustomerContacts its phone and email, joined by key.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Splitting;

public sealed class SplitCustomer
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string? City { get; set; }

    public DateOnly Born { get; set; }

    public string? Phone { get; set; }

    public string Email { get; set; } = "";

    public List<SplitOrder> Orders { get; set; } = [];
}

public sealed class SplitOrder
{
    public int Id { get; set; }

    public string Number { get; set; } = "";

    public DateTime PlacedAt { get; set; }

    public decimal Total { get; set; }

    public int CustomerId { get; set; }

    public SplitCustomer Customer { get; set; } = null!;

    public OrderDetail Detail { get; set; } = null!;

    public OrderShipping? Shipping { get; set; }
}

public sealed class OrderDetail
{
    public int Id { get; set; }

    public string? Comment { get; set; }

    public int Priority { get; set; }

    public bool Gift { get; set; }

    public SplitOrder Order { get; set; } = null!;
}

public sealed class OrderShipping
{
    public int Id { get; set; }

    public string Carrier { get; set; } = "";

    public DateTime? ShippedAt { get; set; }

    public decimal Fee { get; set; }
}

public sealed class SplitContext(DbContextOptions<SplitContext> options) : DbContext(options)
{
    public DbSet<SplitCustomer> Customers => Set<SplitCustomer>();

    public DbSet<SplitOrder> Orders => Set<SplitOrder>();

    public DbSet<OrderDetail> Details => Set<OrderDetail>();

    public DbSet<OrderShipping> Shippings => Set<OrderShipping>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<SplitOrder>(order =>
        {
            order.ToTable("Orders");
            order.HasOne(o => o.Detail).WithOne(d => d.Order).HasForeignKey<OrderDetail>(d => d.Id);
            order.Navigation(o => o.Detail).IsRequired();
            order.HasOne(o => o.Shipping).WithOne().HasForeignKey<OrderShipping>(s => s.Id);
            order.HasOne(o => o.Customer).WithMany(c => c.Orders).HasForeignKey(o => o.CustomerId).OnDelete(DeleteBehavior.Cascade);
            order.HasIndex(o => o.Number).IsUnique();
        });
        modelBuilder.Entity<OrderDetail>().ToTable("Orders");
        modelBuilder.Entity<OrderShipping>(shipping =>
        {
            shipping.ToTable("Orders");
            shipping.Property(s => s.Carrier).HasColumnName("ShippingCarrier");
        });
        modelBuilder.Entity<SplitCustomer>(customer =>
        {
            customer.ToTable("Customers");
            customer.SplitToTable("CustomerContacts", contacts =>
            {
                contacts.Property(c => c.Id).HasColumnName("CustomerId");
                contacts.Property(c => c.Phone);
                contacts.Property(c => c.Email);
            });
        });
    }
}
