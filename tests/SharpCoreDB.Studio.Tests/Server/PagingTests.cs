// Pages of a table come from the server by key, with parameters: paging forward
// through every order (the rowid, an indexed column, a column with NULLs, each both
// ways) gives exactly the rows of one ORDER BY over the whole table; a page of a
// million-row table is a SEARCH that starts at the previous page's key, not a scan
// and sort of the table; filters are parameters (a quote in one is data); names the
// catalog does not have are refused; views page by OFFSET.
using System.Text.Json.Nodes;
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Data;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed class PagingTests() : TempDirectoryTests("scdb-studio-")
{
    public static TheoryData<string?, string> Orders => new()
    {
        { null, "Ascending" },
        { null, "Descending" },
        { "name", "Ascending" },
        { "name", "Descending" },
        { "score", "Ascending" },
        { "score", "Descending" },
        { "id", "Descending" },
    };

    [Theory]
    [MemberData(nameof(Orders))]
    public async Task PagingForwardGivesEveryRowOnceInTheOrderAsked(string? column, string direction)
    {
        string file = SampleDatabase.CreateBig(Dir.File("big.scdb"), 2_345);
        // Ties in the sort column are broken by rowid, as the pager does.
        string order = (column is null ? "" : $"\"{column}\" {(direction == "Descending" ? "DESC" : "")}, ") + "rowid" + (direction == "Descending" ? " DESC" : "");
        List<string> expected = Ids(file, $"SELECT rowid FROM big ORDER BY {order}");
        await using StudioHost host = await StudioHost.StartAsync(file);

        var seen = new List<string>();
        string? cursor = null;
        int pages = 0;
        do
        {
            JsonNode page = await host.PostOkAsync("/api/rows", new { table = "big", sortColumn = column, direction, cursor, pageSize = 100 });
            JsonArray rows = page["rows"]!.AsArray();
            Assert.True(rows.Count <= 100);
            seen.AddRange(rows.Select(r => r!["id"]!.GetValue<string>()));
            cursor = page["next"]?.GetValue<string>();
            pages++;
        }
        while (cursor is not null);

        Assert.Equal(expected, seen);
        Assert.Equal(24, pages);
    }

    [Fact]
    [Trait("Category", "Slow")]
    public async Task APageOfAMillionRowsIsASearchFromTheLastKeyNotAScanOfTheTable()
    {
        string file = SampleDatabase.CreateBig(Dir.File("big.scdb"), 1_000_000);
        await using StudioHost host = await StudioHost.StartAsync(file);
        foreach ((string? column, string direction) in new (string?, string)[] { (null, "Ascending"), ("name", "Ascending"), ("name", "Descending"), ("id", "Descending") })
        {
            // Three pages deep, as a user clicking Next would be.
            string? cursor = null;
            JsonNode page = null!;
            for (int i = 0; i < 3; i++)
            {
                page = await host.PostOkAsync("/api/rows", new { table = "big", sortColumn = column, direction, cursor, pageSize = 100 });
                Assert.Equal(100, page["rows"]!.AsArray().Count);
                cursor = page["next"]!.GetValue<string>();
            }

            var request = new PageRequest("big", column, Enum.Parse<SortDirection>(direction), Cursor: cursor, PageSize: 100);
            using var connection = new SharpCoreDBConnection($"Data Source={file}");
            connection.Open();
            SchemaRelation big = DatabaseSchema.Read(connection).Find("big")!;
            PageQuery query = TablePager.Plan(big, request)[0];
            string plan = string.Join("\n", Explain(connection, query));
            Assert.Contains("SEARCH big USING", plan, StringComparison.Ordinal);
            Assert.DoesNotContain("SORT", plan, StringComparison.Ordinal);
            Assert.DoesNotContain("SCAN big", plan, StringComparison.Ordinal);
            Assert.Contains("@limit", query.Sql, StringComparison.Ordinal);
            Assert.DoesNotContain("OFFSET", query.Sql, StringComparison.Ordinal);
        }
    }

    [Fact]
    public async Task FiltersAreParametersAndMatchAsTheyShould()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        await using StudioHost host = await StudioHost.StartAsync(file);

        async Task<List<string>> Titles(string column, string text)
        {
            JsonNode page = await host.PostOkAsync("/api/rows", new { table = "books", filters = new[] { new { column, text } }, pageSize = 100 });
            return page["rows"]!.AsArray().Select(r => r!["v"]![1]!.GetValue<string>()).ToList();
        }

        Assert.Equal(["Neuromancer", "Count Zero"], await Titles("title", "ro"));
        Assert.Equal(["Snow Crash", "Cryptonomicon"], await Titles("year", ">1990"));
        Assert.Equal(["Snow Crash"], await Titles("price", "NULL"));
        Assert.Equal(6, (await Titles("price", "!NULL")).Count);
        Assert.Empty(await Titles("title", "%"));
        Assert.Empty(await Titles("title", "x'); DROP TABLE books; --"));
        Assert.Equal(7L, SampleDatabase.Scalar(file, "SELECT count(*) FROM books"));

        JsonNode count = await host.PostOkAsync("/api/count", new { table = "books", filters = new[] { new { column = "year", text = "<1970" } } });
        Assert.Equal(2, count["count"]!.GetValue<long>());
    }

    [Fact]
    public async Task NamesThatAreNotInTheCatalogAreRefused()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        (var status, JsonNode? body) = await host.PostAsync("/api/rows", new { table = "books; DROP TABLE books", pageSize = 10 });
        Assert.Equal(System.Net.HttpStatusCode.BadRequest, status);
        Assert.Contains("no such table", body!["error"]!["message"]!.GetValue<string>(), StringComparison.Ordinal);

        (status, body) = await host.PostAsync("/api/rows", new { table = "books", sortColumn = "year\" DESC --", pageSize = 10 });
        Assert.Equal(System.Net.HttpStatusCode.BadRequest, status);
        (status, _) = await host.PostAsync("/api/rows", new { table = "books", cursor = "not-a-cursor", pageSize = 10 });
        Assert.Equal(System.Net.HttpStatusCode.BadRequest, status);
    }

    [Fact]
    public async Task AViewPagesByOffsetAndIsNotEditable()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"), books: 300);
        await using StudioHost host = await StudioHost.StartAsync(file);
        var titles = new List<string>();
        string? cursor = null;
        do
        {
            JsonNode page = await host.PostOkAsync("/api/rows", new { table = "recent_books", sortColumn = "title", cursor, pageSize = 40 });
            Assert.False(page["editable"]!.GetValue<bool>());
            titles.AddRange(page["rows"]!.AsArray().Select(r => r!["v"]![0]!.GetValue<string>()));
            cursor = page["next"]?.GetValue<string>();
        }
        while (cursor is not null);

        Assert.Equal(Ids(file, "SELECT title FROM recent_books ORDER BY title"), titles);
    }

    private static List<string> Ids(string file, string sql)
    {
        using var connection = new SharpCoreDBConnection($"Data Source={file}");
        connection.Open();
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = sql;
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var ids = new List<string>();
        while (reader.Read())
        {
            ids.Add(Convert.ToString(reader.GetValue(0), System.Globalization.CultureInfo.InvariantCulture)!);
        }

        return ids;
    }

    private static List<string> Explain(SharpCoreDBConnection connection, PageQuery query)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "EXPLAIN QUERY PLAN " + query.Sql;
        foreach ((string name, object? value) in query.Parameters)
        {
            command.Parameters.AddWithValue(name, value ?? DBNull.Value);
        }

        command.Parameters.AddWithValue("@limit", 101);
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var lines = new List<string>();
        while (reader.Read())
        {
            lines.Add(reader.GetString(0));
        }

        return lines;
    }
}
