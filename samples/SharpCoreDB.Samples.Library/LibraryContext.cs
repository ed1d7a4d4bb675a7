// The reading list's model: authors, their books, and loans of a book to a friend.
// The context opens an encrypted file: the password goes through the provider's options,
// never into a connection string that might be logged.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.Samples.Library;

public sealed class Author
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public List<Book> Books { get; } = [];
}

public sealed class Book
{
    public int Id { get; set; }

    public string Title { get; set; } = "";

    public int Year { get; set; }

    public decimal Price { get; set; }

    public int AuthorId { get; set; }

    public Author Author { get; set; } = null!;

    public List<Loan> Loans { get; } = [];
}

public sealed class Loan
{
    public int Id { get; set; }

    public int BookId { get; set; }

    public Book Book { get; set; } = null!;

    public string Friend { get; set; } = "";

    public DateTime LentOn { get; set; }

    public DateTime? ReturnedOn { get; set; }
}

public sealed class LibraryContext(string path, string password) : DbContext
{
    public DbSet<Author> Authors => Set<Author>();

    public DbSet<Book> Books => Set<Book>();

    public DbSet<Loan> Loans => Set<Loan>();

    protected override void OnConfiguring(DbContextOptionsBuilder optionsBuilder) =>
        optionsBuilder.UseSharpCoreDB($"Data Source={path}", options => options.Password(password));

    protected override void OnModelCreating(ModelBuilder modelBuilder) =>
        modelBuilder.Entity<Book>().HasIndex(b => b.Title);
}
