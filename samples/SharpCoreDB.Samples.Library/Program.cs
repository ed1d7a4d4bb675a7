// Entry point of the reading-list sample. `--demo` runs the scripted session (Demo.cs)
// and exits 0 on success, so CI can run it; otherwise it lists the books of the file
// named on the command line, asking for its password.
using SharpCoreDB.Samples.Library;

if (args.Contains("--demo"))
{
    return Demo.Run(Console.Out);
}

string path = args.FirstOrDefault() ?? "library.scdb";
Console.Write("Password: ");
using var db = new LibraryContext(path, Console.ReadLine() ?? "");
db.Database.EnsureCreated();
foreach (Book book in db.Books.OrderBy(b => b.Title))
{
    Console.WriteLine($"{book.Title} ({book.Year})");
}

return 0;
