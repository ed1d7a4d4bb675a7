// The grid's edits run in one transaction of the server's: other connections do
// not see them until the page commits; a rollback undoes them all; a constraint
// failure is a 409 for that row while the transaction and its other changes stay;
// reads and queries of the page see its own uncommitted changes.
using System.Net;
using System.Text.Json.Nodes;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed class EditTests() : TempDirectoryTests("scdb-studio-")
{
    [Fact]
    public async Task EditsAreSeenByThePageOnlyUntilCommittedThenByEveryone()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        await using (StudioHost host = await StudioHost.StartAsync(file))
        {
            JsonNode inserted = await host.PostOkAsync("/api/edit/insert", new
            {
                table = "books",
                values = new Dictionary<string, string?> { ["title"] = "Anathem", ["year"] = "2008", ["price"] = null },
            });
            // Stored values come back: the INTEGER column's text became an integer, the trigger ran.
            Assert.Equal(["8", "Anathem", null, "2008", null], inserted["row"]!["v"]!.AsArray().Select(v => v?.GetValue<string>()));
            Assert.Equal("itnin", inserted["row"]!["t"]!.GetValue<string>());
            Assert.True(inserted["transaction"]!["open"]!.GetValue<bool>());

            JsonNode updated = await host.PostOkAsync("/api/edit/update", new { table = "books", rowId = "1", values = new Dictionary<string, string?> { ["price"] = "10.5" } });
            Assert.Equal("10.5", updated["row"]!["v"]![4]!.GetValue<string>());
            JsonNode deleted = await host.PostOkAsync("/api/edit/delete", new { table = "books", rowId = "3" });
            Assert.Null(deleted["row"]);
            Assert.Equal(3, deleted["transaction"]!["changes"]!.GetValue<int>());

            // The page sees its changes; another connection does not.
            JsonNode page = await host.PostOkAsync("/api/rows", new { table = "books", pageSize = 100 });
            Assert.Equal(7, page["rows"]!.AsArray().Count);
            Assert.Equal(7L, SampleDatabase.Scalar(file, "SELECT count(*) FROM books"));
            Assert.Null(SampleDatabase.Scalar(file, "SELECT title FROM books WHERE title = 'Anathem'"));

            JsonNode committed = await host.PostOkAsync("/api/edit/commit", new { });
            Assert.False(committed["transaction"]!["open"]!.GetValue<bool>());
            Assert.Equal("Anathem", SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 8"));
            Assert.Equal(10.5, SampleDatabase.Scalar(file, "SELECT price FROM books WHERE id = 1"));
        }

        // And after the server has closed the file.
        Assert.Equal(7L, SampleDatabase.Scalar(file, "SELECT count(*) FROM books"));
        Assert.Equal("Anathem", SampleDatabase.Scalar(file, "SELECT what FROM audit WHERE what = 'Anathem'"));
        Assert.Null(SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 3"));
    }

    [Fact]
    public async Task ARollbackUndoesEveryEditAndAConstraintFailureKeepsTheOthers()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        await using StudioHost host = await StudioHost.StartAsync(file);
        await host.PostOkAsync("/api/edit/update", new { table = "books", rowId = "2", values = new Dictionary<string, string?> { ["title"] = "Neuromancer (1984)" } });

        (HttpStatusCode status, JsonNode? body) = await host.PostAsync("/api/edit/update",
            new { table = "books", rowId = "2", values = new Dictionary<string, string?> { ["year"] = "-1" } });
        Assert.Equal(HttpStatusCode.Conflict, status);
        Assert.Equal("CheckConstraint", body!["error"]!["code"]!.GetValue<string>());
        (status, body) = await host.PostAsync("/api/edit/update", new { table = "books", rowId = "2", values = new Dictionary<string, string?> { ["title"] = null } });
        Assert.Equal(HttpStatusCode.Conflict, status);
        Assert.Equal("NotNullConstraint", body!["error"]!["code"]!.GetValue<string>());
        (status, body) = await host.PostAsync("/api/edit/insert", new { table = "authors", values = new Dictionary<string, string?> { ["name"] = "Frank Herbert" } });
        Assert.Equal(HttpStatusCode.Conflict, status);
        Assert.Equal("UniqueConstraint", body!["error"]!["code"]!.GetValue<string>());

        // The first edit is still there, inside the open transaction.
        JsonNode info = await host.GetOkAsync("/api/info");
        Assert.True(info["transaction"]!["open"]!.GetValue<bool>());
        JsonNode seen = await host.PostOkAsync("/api/query", new { sql = "SELECT title, year FROM books WHERE id = 2" });
        Assert.Equal(["Neuromancer (1984)", "1984"], seen["results"]![0]!["rows"]![0]!["v"]!.AsArray().Select(v => v!.GetValue<string>()));

        await host.PostOkAsync("/api/edit/rollback", new { });
        Assert.False((await host.GetOkAsync("/api/info"))["transaction"]!["open"]!.GetValue<bool>());
        Assert.Equal("Neuromancer", SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 2"));
        JsonNode after = await host.PostOkAsync("/api/query", new { sql = "SELECT title FROM books WHERE id = 2" });
        Assert.Equal("Neuromancer", after["results"]![0]!["rows"]![0]!["v"]![0]!.GetValue<string>());
    }

    [Fact]
    public async Task EditingTheIntegerPrimaryKeyMovesTheRowAndViewsCannotBeEdited()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        await using StudioHost host = await StudioHost.StartAsync(file);
        JsonNode moved = await host.PostOkAsync("/api/edit/update", new { table = "books", rowId = "5", values = new Dictionary<string, string?> { ["id"] = "50" } });
        Assert.Equal("50", moved["row"]!["id"]!.GetValue<string>());
        Assert.Equal("Count Zero", moved["row"]!["v"]![1]!.GetValue<string>());

        (HttpStatusCode status, JsonNode? body) = await host.PostAsync("/api/edit/delete", new { table = "recent_books", rowId = "1" });
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Contains("view", body!["error"]!["message"]!.GetValue<string>(), StringComparison.Ordinal);
        (status, _) = await host.PostAsync("/api/edit/update", new { table = "books", rowId = "999", values = new Dictionary<string, string?> { ["year"] = "2000" } });
        Assert.Equal(HttpStatusCode.BadRequest, status);
        await host.PostOkAsync("/api/edit/rollback", new { });
    }
}
