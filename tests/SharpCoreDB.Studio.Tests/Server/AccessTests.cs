// Read-only mode has no edit endpoints and opens the file read-only, so a write
// typed into the editor fails too and the file is unchanged. An encrypted file
// stays locked (423) until the page posts its password: a wrong one is refused
// (422), the right one opens it; neither the password nor the token ever reaches
// the log, whose lines are captured at every level the server lets through.
using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed class AccessTests() : TempDirectoryTests("scdb-studio-")
{
    [Fact]
    public async Task ReadOnlyModeHasNoEditEndpointsAndRefusesWrites()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        byte[] before = await File.ReadAllBytesAsync(file);
        await using (StudioHost host = await StudioHost.StartAsync(file, readOnly: true))
        {
            Assert.True((await host.GetOkAsync("/api/info"))["readOnly"]!.GetValue<bool>());
            foreach (string path in (string[])["/api/edit/insert", "/api/edit/update", "/api/edit/delete", "/api/edit/commit", "/api/edit/rollback"])
            {
                (HttpStatusCode status, _) = await host.PostAsync(path, new { table = "books", rowId = "1", values = new Dictionary<string, string?> { ["title"] = "x" } });
                Assert.Equal(HttpStatusCode.NotFound, status);
            }

            (HttpStatusCode refused, JsonNode? body) = await host.PostAsync("/api/query", new { sql = "DELETE FROM books" });
            Assert.Equal(HttpStatusCode.Forbidden, refused);
            Assert.Equal("ReadOnly", body!["error"]!["code"]!.GetValue<string>());
            JsonNode page = await host.PostOkAsync("/api/rows", new { table = "books", pageSize = 100 });
            Assert.False(page["editable"]!.GetValue<bool>());
            Assert.Equal(7, page["rows"]!.AsArray().Count);
        }

        Assert.Equal(before, await File.ReadAllBytesAsync(file));
    }

    [Fact]
    public async Task AnEncryptedFileOpensWithTheRightPasswordAndNeitherItNorTheTokenIsLogged()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("secret.scdb"), password: SampleDatabase.Password);
        await using StudioHost host = await StudioHost.StartAsync(file);
        JsonNode info = await host.GetOkAsync("/api/info");
        Assert.False(info["open"]!.GetValue<bool>());
        Assert.True(info["encrypted"]!.GetValue<bool>());

        using (HttpResponseMessage locked = await host.Client.GetAsync("/api/schema"))
        {
            Assert.Equal(HttpStatusCode.Locked, locked.StatusCode);
        }

        (HttpStatusCode status, JsonNode? body) = await host.PostAsync("/api/unlock", new { password = "wrong " + SampleDatabase.Password });
        Assert.Equal(HttpStatusCode.UnprocessableEntity, status);
        Assert.Equal("WrongKey", body!["error"]!["code"]!.GetValue<string>());
        Assert.DoesNotContain(SampleDatabase.Password, body.ToJsonString(), StringComparison.Ordinal);

        JsonNode opened = await host.PostOkAsync("/api/unlock", new { password = SampleDatabase.Password });
        Assert.True(opened["open"]!.GetValue<bool>());
        Assert.Equal(7, (await host.PostOkAsync("/api/rows", new { table = "books", pageSize = 100 }))["rows"]!.AsArray().Count);

        // Exercise the rest of the server so its log has something to say, failures included.
        await host.PostAsync("/api/query", new { sql = "SELECT nonsense FRM books" });
        await host.PostOkAsync("/api/edit/update", new { table = "books", rowId = "1", values = new Dictionary<string, string?> { ["price"] = "1" } });
        await host.PostOkAsync("/api/edit/commit", new { });
        using (var browser = new HttpClient(new HttpClientHandler { AllowAutoRedirect = false }) { BaseAddress = host.Address })
        {
            await browser.GetAsync(host.Url);
        }

        string log = host.Log.Text;
        Assert.Contains("refused", log, StringComparison.Ordinal);
        Assert.Contains("is open", log, StringComparison.Ordinal);
        Assert.Contains("committed", log, StringComparison.Ordinal);
        Assert.DoesNotContain(SampleDatabase.Password, log, StringComparison.Ordinal);
        Assert.DoesNotContain(host.Token, log, StringComparison.Ordinal);
        Assert.DoesNotContain("SELECT", log, StringComparison.Ordinal);
    }

    [Fact]
    public async Task UntilUnlockedOnlyThePageAndTheUnlockCallAreServed()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("secret.scdb"), password: SampleDatabase.Password);
        await using StudioHost host = await StudioHost.StartAsync(file);
        Assert.Equal(HttpStatusCode.OK, (await host.Client.GetAsync("/")).StatusCode);
        Assert.Equal(HttpStatusCode.OK, (await host.Client.GetAsync("/studio-app.js")).StatusCode);
        foreach (string path in (string[])["/api/query", "/api/rows", "/api/plan", "/api/export", "/api/edit/insert"])
        {
            using HttpResponseMessage response = await host.Client.PostAsJsonAsync(path, new { sql = "SELECT 1", table = "books" });
            Assert.Equal(HttpStatusCode.Locked, response.StatusCode);
        }
    }
}
