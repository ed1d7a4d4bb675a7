// Row versions, configured the same way on both providers:
//   Ticket, Counter, Tally   a plain [Timestamp] byte[], an IsRowVersion() long and ulong, nothing else
//       said: the SQLite provider leaves them NULL (it has no rowversion), ours makes them;
//   Note, Ledger      the SQLite provider's recipe: the version has a default (randomblob(8),
//       0), an AFTER UPDATE trigger written by the application changes it (Triggers below),
//       the table declares that trigger (HasTrigger) and, for the SQLite provider, turns
//       RETURNING off (UseSqlReturningClause(false), which only that provider reads);
//   Parcel, ParcelLabel   table splitting with a [Timestamp] on the principal, which EF Core
//       maps on the dependent too (a shadow property on the same column).
using System.ComponentModel.DataAnnotations;
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.EntityFrameworkCore.Tests.RowVersions;

public sealed class Ticket
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    public int Points { get; set; }

    [Timestamp]
    public byte[]? Version { get; set; }
}

public sealed class Counter
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public long Revision { get; set; }
}

public sealed class Tally
{
    public int Id { get; set; }

    public int Count { get; set; }

    public ulong Stamp { get; set; }
}

public sealed class Note
{
    public int Id { get; set; }

    public string Text { get; set; } = "";

    public byte[]? Version { get; set; }
}

public sealed class Ledger
{
    public int Id { get; set; }

    public string Memo { get; set; } = "";

    public decimal Balance { get; set; }

    public long Revision { get; set; }
}

public sealed class Parcel
{
    public int Id { get; set; }

    public string Sender { get; set; } = "";

    [Timestamp]
    public byte[]? Version { get; set; }

    public ParcelLabel Label { get; set; } = null!;
}

public sealed class ParcelLabel
{
    public int Id { get; set; }

    public string Text { get; set; } = "";
}

public sealed class RowVersionContext(DbContextOptions<RowVersionContext> options) : DbContext(options)
{
    /// <summary>The recipe's triggers, which the application creates after EnsureCreated or in a migration.</summary>
    public static readonly string[] Triggers =
    [
        "CREATE TRIGGER \"Notes_Version\" AFTER UPDATE ON \"Notes\" BEGIN UPDATE \"Notes\" SET \"Version\" = randomblob(8) WHERE rowid = NEW.rowid; END",
        "CREATE TRIGGER \"Ledgers_Revision\" AFTER UPDATE ON \"Ledgers\" BEGIN UPDATE \"Ledgers\" SET \"Revision\" = \"Revision\" + 1 WHERE rowid = NEW.rowid; END",
    ];

    public DbSet<Ticket> Tickets => Set<Ticket>();

    public DbSet<Counter> Counters => Set<Counter>();

    public DbSet<Tally> Tallies => Set<Tally>();

    public DbSet<Note> Notes => Set<Note>();

    public DbSet<Ledger> Ledgers => Set<Ledger>();

    public DbSet<Parcel> Parcels => Set<Parcel>();

    public DbSet<ParcelLabel> Labels => Set<ParcelLabel>();

    protected override void OnModelCreating(ModelBuilder modelBuilder)
    {
        modelBuilder.Entity<Counter>().Property(c => c.Revision).IsRowVersion();
        modelBuilder.Entity<Tally>().Property(t => t.Stamp).IsRowVersion();
        modelBuilder.Entity<Note>(note =>
        {
            note.ToTable(t =>
            {
                t.HasTrigger("Notes_Version");
                t.UseSqlReturningClause(false);
            });
            note.Property(n => n.Version).IsRowVersion().HasDefaultValueSql("randomblob(8)");
        });
        modelBuilder.Entity<Ledger>(ledger =>
        {
            ledger.ToTable(t =>
            {
                t.HasTrigger("Ledgers_Revision");
                t.UseSqlReturningClause(false);
            });
            ledger.Property(l => l.Revision).IsRowVersion().HasDefaultValue(0L);
        });
        modelBuilder.Entity<Parcel>(parcel =>
        {
            parcel.ToTable("Parcels");
            parcel.HasOne(p => p.Label).WithOne().HasForeignKey<ParcelLabel>(l => l.Id);
            parcel.Navigation(p => p.Label).IsRequired();
        });
        modelBuilder.Entity<ParcelLabel>().ToTable("Parcels");
    }
}
