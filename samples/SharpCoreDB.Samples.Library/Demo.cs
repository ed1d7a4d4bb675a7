// The scripted session `--demo` runs (and the provider's tests run): a new encrypted
// file, authors and books added in one SaveChanges, a loan and its return, LINQ reports
// (a join, a group, a string filter), everything checked after reopening the file, and
// a wrong password refused. Returns 0 when everything read back is as written.
using Microsoft.EntityFrameworkCore;

namespace SharpCoreDB.Samples.Library;

public static class Demo
{
    public static int Run(TextWriter output)
    {
        string directory = Directory.CreateTempSubdirectory("scdb-library-").FullName;
        string path = Path.Combine(directory, "library.scdb");
        try
        {
            using (var db = new LibraryContext(path, "open sesame"))
            {
                db.Database.EnsureCreated();
                var tolkien = new Author { Name = "J. R. R. Tolkien" };
                tolkien.Books.AddRange([new Book { Title = "The Hobbit", Year = 1937, Price = 9.99m }, new Book { Title = "The Lord of the Rings", Year = 1954, Price = 24.50m }]);
                var le = new Author { Name = "Ursula K. Le Guin" };
                le.Books.AddRange([new Book { Title = "A Wizard of Earthsea", Year = 1968, Price = 8.75m }, new Book { Title = "The Dispossessed", Year = 1974, Price = 11.20m }]);
                db.Authors.AddRange(tolkien, le);
                db.SaveChanges();

                Book hobbit = db.Books.Single(b => b.Title == "The Hobbit");
                hobbit.Loans.Add(new Loan { Friend = "Sam", LentOn = new DateTime(2026, 11, 1) });
                db.SaveChanges();
                db.Loans.Single(l => l.Friend == "Sam").ReturnedOn = new DateTime(2026, 11, 20);
                db.SaveChanges();
            }

            using (var db = new LibraryContext(path, "open sesame"))
            {
                var byAuthor = db.Authors.OrderBy(a => a.Name)
                    .Select(a => new { a.Name, Books = a.Books.Count, Total = a.Books.Sum(b => b.Price) }).ToList();
                foreach (var row in byAuthor)
                {
                    output.WriteLine($"{row.Name}: {row.Books} books, {row.Total} in total");
                }

                List<string> titles = [.. db.Books.Where(b => b.Title.StartsWith("The")).OrderBy(b => b.Year).Select(b => b.Title)];
                output.WriteLine($"starting with 'The': {string.Join(", ", titles)}");
                var loan = db.Loans.Include(l => l.Book).Single();
                output.WriteLine($"{loan.Book.Title} lent to {loan.Friend}, back after {(loan.ReturnedOn!.Value - loan.LentOn).Days} days");
                bool ok = byAuthor is [{ Books: 2, Total: 34.49m }, { Books: 2, Total: 19.95m }]
                    && titles.SequenceEqual(["The Hobbit", "The Lord of the Rings", "The Dispossessed"])
                    && loan.Book.Title == "The Hobbit" && loan.ReturnedOn == new DateTime(2026, 11, 20);
                if (!ok)
                {
                    output.WriteLine("read back something other than what was written");
                    return 1;
                }
            }

            try
            {
                using var wrong = new LibraryContext(path, "guess");
                _ = wrong.Books.Count();
                output.WriteLine("a wrong password was accepted");
                return 1;
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.WrongKey or SharpCoreDBErrorCode.AuthenticationFailed)
            {
                output.WriteLine("a wrong password is refused");
            }

            return 0;
        }
        finally
        {
            Data.SharpCoreDBConnection.ClearAllPools();
            Directory.Delete(directory, recursive: true);
        }
    }
}
