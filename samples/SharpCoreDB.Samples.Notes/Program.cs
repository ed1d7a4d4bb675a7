// Entry point of the notes sample. Interactive by default (add, list, find, done,
// delete, quit); `--demo` runs a scripted session against a fresh encrypted file
// in the temp folder, verifies what it reads back (also after a wrong password is
// refused) and exits 0 on success, so CI can run it.
using SharpCoreDB;
using SharpCoreDB.Data;
using SharpCoreDB.Samples.Notes;

if (args.Contains("--demo"))
{
    return Demo.Run();
}

string path = args.FirstOrDefault(a => !a.StartsWith("--", StringComparison.Ordinal)) ?? "notes.scdb";
Console.Write("Password: ");
string password = Console.ReadLine() ?? "";
var store = new NoteStore(path, password);
store.EnsureCreated();
Console.WriteLine("Commands: add <title> | list | find <text> | done <id> | delete <id> | quit");
while (Console.ReadLine() is { } line && line != "quit")
{
    string[] parts = line.Split(' ', 2, StringSplitOptions.TrimEntries);
    switch (parts[0])
    {
        case "add" when parts.Length == 2:
            Console.WriteLine($"added #{store.Add(parts[1], null)}");
            break;
        case "list":
            Demo.Print(store.All());
            break;
        case "find" when parts.Length == 2:
            Demo.Print(store.Search(parts[1]));
            break;
        case "done" when parts.Length == 2 && long.TryParse(parts[1], out long id):
            Console.WriteLine(store.MarkDone(id) == 1 ? "done" : "no such note");
            break;
        case "delete" when parts.Length == 2 && long.TryParse(parts[1], out long id):
            Console.WriteLine(store.Delete(id) == 1 ? "deleted" : "no such note");
            break;
        default:
            Console.WriteLine("?");
            break;
    }
}

return 0;

/// <summary>The scripted, self-checking session behind --demo.</summary>
internal static class Demo
{
    public static int Run()
    {
        string folder = Path.Combine(Path.GetTempPath(), "scdb-notes-demo-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        string path = Path.Combine(folder, "notes.scdb");
        try
        {
            var store = new NoteStore(path, "demo password");
            store.EnsureCreated();
            long first = store.Add("Buy milk", "2 litres");
            store.AddMany([("Call Ana", "about the trip"), ("Write report", null), ("Water plants", "balcony too")]);
            Check(store.MarkDone(first, 3) == 2, "two notes marked done");
            Check(store.Delete(4) == 1, "one note deleted");

            // A new store object: everything comes back from the encrypted file.
            IReadOnlyList<Note> notes = new NoteStore(path, "demo password").All();
            Print(notes);
            Check(notes.Count == 3, "three notes remain");
            Check(notes[0].Title == "Buy milk" && notes[0].Done && notes[0].Body == "2 litres", "first note read back");
            Check(notes[2].Title == "Write report" && notes[2].Done && notes[2].Body is null, "third note read back");
            Check(new NoteStore(path, "demo password").Search("trip").Single().Title == "Call Ana", "search finds the trip note");

            try
            {
                new NoteStore(path, "wrong").All();
                Check(false, "a wrong password is refused");
            }
            catch (SharpCoreDBException e) when (e.ErrorCode == SharpCoreDBErrorCode.WrongKey)
            {
                Console.WriteLine("wrong password refused: ok");
            }

            Console.WriteLine("demo: ok");
            return 0;
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("demo failed: " + e);
            return 1;
        }
        finally
        {
            SharpCoreDBConnection.ClearAllPools();
            Directory.Delete(folder, recursive: true);
        }
    }

    public static void Print(IEnumerable<Note> notes)
    {
        foreach (Note note in notes)
        {
            Console.WriteLine($"#{note.Id} [{(note.Done ? 'x' : ' ')}] {note.Title}{(note.Body is null ? "" : " — " + note.Body)}");
        }
    }

    private static void Check(bool condition, string what)
    {
        if (!condition)
        {
            throw new InvalidOperationException("check failed: " + what);
        }

        Console.WriteLine(what + ": ok");
    }
}
