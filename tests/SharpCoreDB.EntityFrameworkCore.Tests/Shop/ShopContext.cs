// The shop's DbContext, configured by the caller for one provider or the other.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public sealed class ShopContext(DbContextOptions<ShopContext> options) : DbContext(options)
{
    public DbSet<Customer> Customers => Set<Customer>();

    public DbSet<Order> Orders => Set<Order>();

    public DbSet<OrderLine> OrderLines => Set<OrderLine>();

    public DbSet<Product> Products => Set<Product>();

    public DbSet<Tag> Tags => Set<Tag>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Customer>(customer =>
        {
            customer.OwnsOne(c => c.Address);
            customer.HasIndex(c => c.Email).IsUnique();
            customer.HasMany(c => c.Orders).WithOne(o => o.Customer).OnDelete(DeleteBehavior.Cascade);
        });
        modelBuilder.Entity<Order>(order =>
        {
            order.Property(o => o.Status).HasConversion<string>();
            order.HasMany(o => o.Lines).WithOne(l => l.Order).OnDelete(DeleteBehavior.Cascade);
            order.HasIndex(o => o.OrderedAt);
        });
        modelBuilder.Entity<Product>(product =>
        {
            product.HasDiscriminator<string>("Kind").HasValue<Product>("physical").HasValue<DigitalProduct>("digital");
            product.HasMany(p => p.Tags).WithMany(t => t.Products);
        });
    }
}
