// The SQL editor's endpoints: results with every value's kind; a syntax error with
// its line and column (also through Explain, whose prefix must not shift them);
// several result sets; the plan as a tree; a running query cancelled by its id;
// exports of every row as CSV and JSON.
using System.Net;
using System.Net.Http.Json;
using System.Text.Json.Nodes;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed class QueryTests() : TempDirectoryTests("scdb-studio-")
{
    [Fact]
    public async Task AQueryAnswersColumnsRowsAndEachValuesKind()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        JsonNode answer = await host.PostOkAsync("/api/query", new
        {
            sql = "SELECT 9007199254740993 AS big, 2.0 AS two, 'it''s' AS text, NULL AS nothing, x'00ff' AS bytes; SELECT title FROM books ORDER BY id",
        });
        JsonArray results = answer["results"]!.AsArray();
        Assert.Equal(2, results.Count);
        JsonNode row = results[0]!["rows"]![0]!;
        Assert.Equal(["9007199254740993", "2.0", "it's", null, "X'00FF'"], row["v"]!.AsArray().Select(v => v?.GetValue<string>()));
        Assert.Equal("irtnb", row["t"]!.GetValue<string>());
        Assert.Equal(7, results[1]!["rows"]!.AsArray().Count);

        answer = await host.PostOkAsync("/api/query", new { sql = "SELECT id FROM books", maxRows = 3 });
        Assert.True(answer["results"]![0]!["truncated"]!.GetValue<bool>());
        Assert.Equal(3, answer["results"]![0]!["rows"]!.AsArray().Count);
    }

    [Fact]
    public async Task ASyntaxErrorComesWithItsLineAndColumnAlsoThroughExplain()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        const string sql = "SELECT title,\n       year\n  FRM books";
        foreach (string path in (string[])["/api/query", "/api/plan"])
        {
            (HttpStatusCode status, JsonNode? body) = await host.PostAsync(path, new { sql });
            Assert.Equal(HttpStatusCode.BadRequest, status);
            JsonNode error = body!["error"]!;
            Assert.Equal("SyntaxError", error["code"]!.GetValue<string>());
            Assert.Equal(3, error["line"]!.GetValue<int>());
            Assert.Equal(7, error["column"]!.GetValue<int>());
        }

        (HttpStatusCode semantic, JsonNode? unknown) = await host.PostAsync("/api/query", new { sql = "SELECT yeer FROM books" });
        Assert.Equal(HttpStatusCode.BadRequest, semantic);
        Assert.Equal("SemanticError", unknown!["error"]!["code"]!.GetValue<string>());
        Assert.Contains("yeer", unknown["error"]!["message"]!.GetValue<string>(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ThePlanComesAsATree()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        JsonNode answer = await host.PostOkAsync("/api/plan", new
        {
            sql = "SELECT a.name, count(*) FROM books b JOIN authors a ON a.id = b.author_id WHERE b.year > 1980 GROUP BY a.name ORDER BY 2 DESC",
        });
        JsonNode root = Assert.Single(answer["nodes"]!.AsArray())!;
        Assert.StartsWith("SORT", root["detail"]!.GetValue<string>(), StringComparison.Ordinal);
        var details = new List<string>();
        void Walk(JsonNode node, int depth)
        {
            details.Add(new string(' ', depth) + node["detail"]!.GetValue<string>());
            foreach (JsonNode? child in node["children"]!.AsArray())
            {
                Walk(child!, depth + 1);
            }
        }

        Walk(root, 0);
        Assert.Contains(details, d => d.Contains("SEARCH b USING INDEX books_year", StringComparison.Ordinal) && d.StartsWith("  ", StringComparison.Ordinal));

        // Explain on a text that already says EXPLAIN shows the same plan.
        JsonNode again = await host.PostOkAsync("/api/plan", new { sql = "EXPLAIN QUERY PLAN SELECT * FROM books WHERE id = 3" });
        Assert.Contains("INTEGER PRIMARY KEY", again["nodes"]![0]!["detail"]!.GetValue<string>(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task ARunningQueryIsCancelledByItsId()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        Task<(HttpStatusCode, JsonNode?)> endless = host.PostAsync("/api/query", new
        {
            sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
            id = "endless-1",
        });

        // Whether the cancel finds the query running (the usual case after a moment) or arrives first, the query ends.
        await Task.Delay(300);
        await host.PostOkAsync("/api/cancel", new { id = "endless-1" });
        (HttpStatusCode status, JsonNode? body) = await endless.WaitAsync(TestTimeouts.Hang);
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal("Cancelled", body!["error"]!["code"]!.GetValue<string>());
        Assert.False((await host.PostOkAsync("/api/cancel", new { id = "endless-1" }))["cancelled"]!.GetValue<bool>());

        // A cancel that reaches the server before its query (the page enables Cancel as it sends the query, and the
        // two requests race) is not lost: the query starts cancelled. Before, it ran on with nobody to stop it.
        Assert.False((await host.PostOkAsync("/api/cancel", new { id = "endless-2" }))["cancelled"]!.GetValue<bool>());
        (status, body) = await host.PostAsync("/api/query", new
        {
            sql = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n",
            id = "endless-2",
        }).WaitAsync(TestTimeouts.Hang);
        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal("Cancelled", body!["error"]!["code"]!.GetValue<string>());

        // The server goes on answering.
        Assert.Equal(7, (await host.PostOkAsync("/api/query", new { sql = "SELECT * FROM books" }))["results"]![0]!["rows"]!.AsArray().Count);
    }

    [Fact]
    public async Task AnExportHoldsEveryRowAsCsvOrJson()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"), books: 6000);
        await using StudioHost host = await StudioHost.StartAsync(file);
        using HttpResponseMessage csv = await host.Client.PostAsJsonAsync("/api/export", new { sql = "SELECT id, title, price FROM books ORDER BY id", format = "Csv" });
        Assert.Equal(HttpStatusCode.OK, csv.StatusCode);
        Assert.Equal("text/csv", csv.Content.Headers.ContentType!.MediaType);
        string[] lines = (await csv.Content.ReadAsStringAsync()).Split("\r\n");
        Assert.Equal("id,title,price", lines[0]);
        Assert.Equal("1,Dune,9.99", lines[1]);
        Assert.Equal("3,Snow Crash,", lines[3]);
        Assert.Equal(6000 + 2, lines.Length);

        using HttpResponseMessage json = await host.Client.PostAsJsonAsync("/api/export", new { sql = "SELECT id, title, price, x'01' AS b FROM books ORDER BY id", format = "Json" });
        JsonArray rows = JsonNode.Parse(await json.Content.ReadAsStringAsync())!.AsArray();
        Assert.Equal(6000, rows.Count);
        Assert.Equal(1, rows[0]!["id"]!.GetValue<long>());
        Assert.Equal(9.99, rows[0]!["price"]!.GetValue<double>());
        Assert.Null(rows[2]!["price"]);
        Assert.Equal("AQ==", rows[0]!["b"]!.GetValue<string>());
    }
}
