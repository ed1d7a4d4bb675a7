// The notes app's data access: Dapper queries against an encrypted SharpCoreDB
// file. Each operation opens a connection and closes it, as desktop apps do; the
// file stays locked only while a connection is open.
using Dapper;
using SharpCoreDB.Data;

namespace SharpCoreDB.Samples.Notes;

/// <summary>A note as the app shows it.</summary>
public sealed record Note(long Id, string Title, string? Body, DateTime Created, bool Done);

/// <summary>Stores notes in an encrypted database file.</summary>
public sealed class NoteStore(string path, string password)
{
    private readonly string _connectionString = new SharpCoreDBConnectionStringBuilder
    {
        DataSource = path,
        Password = password,
    }.ConnectionString;

    /// <summary>Creates the table when the file is new.</summary>
    public void EnsureCreated()
    {
        using SharpCoreDBConnection connection = Open();
        connection.Execute(
            "CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, title VARCHAR(200) NOT NULL, body TEXT, created DATETIME NOT NULL, done BOOLEAN NOT NULL DEFAULT FALSE)");
    }

    public long Add(string title, string? body)
    {
        using SharpCoreDBConnection connection = Open();
        connection.Execute("INSERT INTO notes (title, body, created, done) VALUES (@title, @body, @created, FALSE)",
            new { title, body, created = DateTime.UtcNow });
        return connection.LastInsertRowId;
    }

    public int AddMany(IEnumerable<(string Title, string? Body)> notes)
    {
        using SharpCoreDBConnection connection = Open();
        using SharpCoreDBTransaction tx = connection.BeginTransaction();
        int count = connection.Execute("INSERT INTO notes (title, body, created, done) VALUES (@Title, @Body, @Created, FALSE)",
            notes.Select(n => new { n.Title, n.Body, Created = DateTime.UtcNow }), tx);
        tx.Commit();
        return count;
    }

    public IReadOnlyList<Note> All()
    {
        using SharpCoreDBConnection connection = Open();
        return connection.Query<Note>("SELECT id, title, body, created, done FROM notes ORDER BY id").AsList();
    }

    public IReadOnlyList<Note> Search(string text)
    {
        using SharpCoreDBConnection connection = Open();
        return connection.Query<Note>("SELECT id, title, body, created, done FROM notes WHERE title LIKE @pattern OR body LIKE @pattern ORDER BY id",
            new { pattern = "%" + text + "%" }).AsList();
    }

    public int MarkDone(params long[] ids)
    {
        using SharpCoreDBConnection connection = Open();
        return connection.Execute("UPDATE notes SET done = TRUE WHERE id IN @ids", new { ids });
    }

    public int Delete(long id)
    {
        using SharpCoreDBConnection connection = Open();
        return connection.Execute("DELETE FROM notes WHERE id = @id", new { id });
    }

    private SharpCoreDBConnection Open()
    {
        var connection = new SharpCoreDBConnection(_connectionString);
        connection.Open();
        return connection;
    }
}
