// The SharpCoreDB package as a user meets it (scripts/package-roundtrip.sh copies this
// file into a new `dotnet new console` app outside the repository that has only
// `dotnet add package SharpCoreDB` and Dapper): an encrypted file database written with
// Dapper's parameters, read back after a reopen, refused with the wrong password; and
// the engine loaded from the package's ReadyToRun image for this machine's RID.
using System.Runtime.InteropServices;
using Dapper;
using SharpCoreDB.Data;

string path = Path.Combine(args[0], "roundtrip.scdb");
string connectionString = $"Data Source={path};Password=correct horse";

using (var connection = new SharpCoreDBConnection(connectionString))
{
    connection.Open();
    connection.Execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT, stars REAL, data BLOB)");
    using var transaction = connection.BeginTransaction();
    for (int i = 1; i <= 100; i++)
    {
        connection.Execute(
            "INSERT INTO notes (id, title, body, stars, data) VALUES (@Id, @Title, @Body, @Stars, @Data)",
            new { Id = i, Title = $"note {i}", Body = i % 10 == 0 ? null : $"it's line {i}\nand another", Stars = i / 4.0, Data = new byte[] { (byte)i, 0, 255 } },
            transaction);
    }

    transaction.Commit();
}

using (var reopened = new SharpCoreDBConnection(connectionString))
{
    reopened.Open();
    var notes = reopened.Query<Note>("SELECT id, title, body, stars, data FROM notes WHERE stars >= @Min ORDER BY id", new { Min = 20.0 }).ToList();
    Check(notes.Count == 21, $"21 notes with stars >= 20, read {notes.Count}");
    Check(notes[0] is { Id: 80, Title: "note 80", Body: null, Stars: 20.0 }, $"first note read back: {notes[0]}");
    Check(notes[1].Body == "it's line 81\nand another", $"text with a quote and a newline read back: {notes[1].Body}");
    Check(notes[1].Data.SequenceEqual(new byte[] { 81, 0, 255 }), "blob read back");
    Check(reopened.ExecuteScalar<long>("SELECT count(*) FROM notes") == 100, "100 rows after reopening");
}

try
{
    using var wrong = new SharpCoreDBConnection($"Data Source={path};Password=wrong");
    wrong.Open();
    Check(false, "the wrong password was accepted");
}
catch (SharpCoreDB.SharpCoreDBException e)
{
    Console.WriteLine($"wrong password refused: {e.Message}");
}

// A framework-dependent app lists the package's runtimes/<rid>/ images in its deps.json;
// on a RID the package has an image for, the engine must load from there.
string engine = typeof(SharpCoreDBConnection).Assembly.Location;
string rid = RuntimeInformation.RuntimeIdentifier;
Console.WriteLine($"engine loaded from {engine} (RID {rid})");
if (rid is "linux-x64" or "linux-arm64" or "win-x64" or "osx-x64" or "osx-arm64")
{
    Check(engine.Replace('\\', '/').Contains($"/runtimes/{rid}/lib/", StringComparison.Ordinal), "the engine loads from its ReadyToRun image");
}

Console.WriteLine("package round trip: ok");

static void Check(bool condition, string what)
{
    if (!condition)
    {
        Console.Error.WriteLine($"FAILED: {what}");
        Environment.Exit(1);
    }
}

internal sealed record Note(long Id, string Title, string? Body, double Stars, byte[] Data);
