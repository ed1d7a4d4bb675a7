// The model the differential tests run on both providers: a small shop with every
// column type EF Core users map (integers, bool, decimal, double, float, string, byte[],
// Guid, DateTime, DateTimeOffset, DateOnly, TimeOnly, TimeSpan, enums by number and by
// name), nullable columns, an owned type, TPH inheritance, one-to-many with cascade,
// many-to-many and a concurrency token.
using System.ComponentModel.DataAnnotations;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Shop;

public enum CustomerTier
{
    Basic,
    Silver,
    Gold,
}

public enum OrderStatus
{
    Pending,
    Shipped,
    Delivered,
    Cancelled,
}

public sealed class Address
{
    public string Street { get; set; } = "";

    public string? PostCode { get; set; }
}

public sealed class Customer
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string? City { get; set; }

    public string? Email { get; set; }

    public bool IsVip { get; set; }

    public decimal CreditLimit { get; set; }

    public DateOnly? Birthday { get; set; }

    public DateTime JoinedAt { get; set; }

    public DateTimeOffset? LastSeen { get; set; }

    public Guid ExternalId { get; set; }

    public CustomerTier Tier { get; set; }

    public TimeOnly PreferredCallTime { get; set; }

    public Address Address { get; set; } = new();

    public List<Order> Orders { get; } = [];
}

public sealed class Order
{
    public int Id { get; set; }

    public int CustomerId { get; set; }

    public Customer Customer { get; set; } = null!;

    public DateTime OrderedAt { get; set; }

    public DateTime? ShippedAt { get; set; }

    public decimal Total { get; set; }

    public double? Discount { get; set; }

    public OrderStatus Status { get; set; }

    public string? Notes { get; set; }

    public TimeSpan DeliveryWindow { get; set; }

    [ConcurrencyCheck]
    public int Version { get; set; }

    public List<OrderLine> Lines { get; } = [];
}

public sealed class OrderLine
{
    public int Id { get; set; }

    public int OrderId { get; set; }

    public Order Order { get; set; } = null!;

    public int ProductId { get; set; }

    public Product Product { get; set; } = null!;

    public short Quantity { get; set; }

    public decimal UnitPrice { get; set; }
}

public class Product
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public string Category { get; set; } = "";

    public decimal Price { get; set; }

    public float? Weight { get; set; }

    public byte[]? Thumbnail { get; set; }

    public bool Discontinued { get; set; }

    public long Stock { get; set; }

    public List<Tag> Tags { get; } = [];
}

public sealed class DigitalProduct : Product
{
    public string DownloadUrl { get; set; } = "";

    public int SizeKb { get; set; }
}

public sealed class Tag
{
    public int Id { get; set; }

    [MaxLength(40)]
    public string Label { get; set; } = "";

    public List<Product> Products { get; } = [];
}
