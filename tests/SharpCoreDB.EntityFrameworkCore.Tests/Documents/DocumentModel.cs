// Models for the JSON column and inheritance tests, configured the same way on both
// providers:
//   Member     a JSON column (ToJson) holding a nested owned object (Contact with an
//              Address inside: strings, a bool, a DateTime, a decimal, a nullable int, a
//              TimeOnly; and a collection of Links), a JSON collection (Visits, each with
//              a list of Labels and a TimeSpan), and primitive collections stored as JSON
//              text (strings, ints, nullable ints, DateTimes, decimals, enums, TimeOnlys,
//              byte arrays, and a list that may be NULL);
//   Crate      EF Core 10's complex types in JSON: a collection of Items and a single Size
//              holding a list of ints;
//   Animal     TPT inheritance (Animals, Dogs, Cats tables joined by key);
//   Vehicle    TPC inheritance (abstract base, one complete table per concrete type; keys
//              given by the application, as TPC needs keys unique across its tables).
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Documents;

public sealed class Member
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public Contact Contact { get; set; } = new();

    public List<Visit> Visits { get; set; } = [];

    public List<string> Tags { get; set; } = [];

    public int[] Scores { get; set; } = [];

    public List<int?> Ratings { get; set; } = [];

    public List<DateTime> Reminders { get; set; } = [];

    public List<decimal> Amounts { get; set; } = [];

    public List<DayOfWeek> Days { get; set; } = [];

    public List<TimeOnly> Alarms { get; set; } = [];

    public List<byte[]> Chunks { get; set; } = [];

    public List<string>? Aliases { get; set; }
}

public sealed class Contact
{
    public string? Email { get; set; }

    public bool Verified { get; set; }

    public Address Address { get; set; } = new();

    public List<Link> Links { get; set; } = [];
}

public sealed class Link
{
    public string Url { get; set; } = "";

    public int Clicks { get; set; }

    public byte[]? Token { get; set; }
}

public sealed class Address
{
    public string City { get; set; } = "";

    public int? Floor { get; set; }

    public DateTime Since { get; set; }

    public decimal Rent { get; set; }

    public TimeOnly Opens { get; set; }
}

public sealed class Visit
{
    public DateTime At { get; set; }

    public int Pages { get; set; }

    public TimeSpan Duration { get; set; }

    public string? Note { get; set; }

    public List<string> Labels { get; set; } = [];
}

public sealed class Crate
{
    public int Id { get; set; }

    public List<Item> Items { get; set; } = [];

    public Size Size { get; set; } = new();
}

public sealed class Item
{
    public string Name { get; set; } = "";

    public int Quantity { get; set; }

    public DateTime Packed { get; set; }

    public List<string> Tags { get; set; } = [];
}

public sealed class Size
{
    public int Width { get; set; }

    public List<int> Marks { get; set; } = [];
}

public abstract class Animal
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public DateOnly Born { get; set; }
}

public sealed class Dog : Animal
{
    public string Breed { get; set; } = "";

    public bool Trained { get; set; }
}

public sealed class Cat : Animal
{
    public int Lives { get; set; }
}

public abstract class Vehicle
{
    public int Id { get; set; }

    public string Maker { get; set; } = "";

    public decimal Price { get; set; }
}

public sealed class Car : Vehicle
{
    public int Doors { get; set; }
}

public sealed class Bike : Vehicle
{
    public bool Electric { get; set; }

    public double? RangeKm { get; set; }
}

public sealed class DocumentContext(DbContextOptions<DocumentContext> options) : DbContext(options)
{
    public DbSet<Member> Members => Set<Member>();

    public DbSet<Animal> Animals => Set<Animal>();

    public DbSet<Vehicle> Vehicles => Set<Vehicle>();

    public DbSet<Crate> Crates => Set<Crate>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Member>(member =>
        {
            member.OwnsOne(m => m.Contact, contact =>
            {
                contact.ToJson();
                contact.OwnsOne(c => c.Address);
                contact.OwnsMany(c => c.Links);
            });
            member.OwnsMany(m => m.Visits, visits => visits.ToJson());
        });
        modelBuilder.Entity<Crate>(crate =>
        {
            crate.ComplexCollection(c => c.Items, items => items.ToJson());
            crate.ComplexProperty(c => c.Size, size => size.ToJson());
        });
        modelBuilder.Entity<Animal>().UseTptMappingStrategy();
        modelBuilder.Entity<Dog>().ToTable("Dogs");
        modelBuilder.Entity<Cat>().ToTable("Cats");
        modelBuilder.Entity<Vehicle>(vehicle =>
        {
            vehicle.UseTpcMappingStrategy();
            vehicle.Property(v => v.Id).ValueGeneratedNever();
        });
        modelBuilder.Entity<Car>().ToTable("Cars");
        modelBuilder.Entity<Bike>().ToTable("Bikes");
    }
}
