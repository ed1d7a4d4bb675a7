// The real page in headless chromium, as a user meets it: open a database from the
// printed address, browse a table, sort and page; run a query with an error and see
// where it is; complete a table name; cancel a running query; draw a plan and a
// chart; edit a row, see a constraint error on its row, commit, and find the change
// through a new connection and after the file is reopened; open an encrypted file
// with a wrong, then the right password. Each main view is saved as a screenshot
// (docs/images with SCDB_STUDIO_SCREENSHOTS=docs).
using OpenQA.Selenium;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Tests.Browser;

[Trait("Category", "Slow")]
public sealed class PageTests() : TempDirectoryTests("scdb-studio-")
{
    [Fact]
    public async Task BrowsingATableSortsPagesAndFilters()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb"), books: 180));
        using var browser = new BrowserSession(Dir.Path);
        browser.Open(host.Url);
        browser.WaitUntil(() => browser.Text("#browse-title") == "audit", "the first table");
        Assert.DoesNotContain("token", browser.Driver.Url, StringComparison.Ordinal);
        Assert.Contains("books_audit", browser.Text("#schema-tree"), StringComparison.Ordinal);
        Assert.Contains("recent_books", browser.Text("#schema-tree"), StringComparison.Ordinal);

        // The browser enforces the page's policy: script injected inline does not run.
        browser.Driver.ExecuteScript("const s = document.createElement('script'); s.textContent = 'window.injected = 1'; document.body.append(s);");
        Assert.Null(browser.Driver.ExecuteScript("return window.injected;"));
        Assert.Contains(browser.PageErrors(), e => e.Contains("Content Security Policy", StringComparison.Ordinal));

        browser.Click("#schema-tree button.name[title='browse books']");
        browser.WaitUntil(() => browser.Text("#browse-count") == "180 rows", "the row count");
        browser.Choose("#page-size", "50");
        browser.WaitUntil(() => browser.Text("#page-info") == "rows 1–50", "the first page of 50");

        browser.Click("#browse-grid th[data-col='3']");
        browser.WaitUntil(() => browser.Find("#browse-grid th.sorted").Text.StartsWith("year", StringComparison.Ordinal), "the sort on year");
        List<int> first = browser.Column("#browse-grid", 3).Select(int.Parse).ToList();
        Assert.Equal(50, first.Count);
        Assert.Equal(first.Order(), first);
        string shot = browser.Screenshot("studio-browse");

        browser.Click("#page-next");
        browser.WaitUntil(() => browser.Text("#page-info") == "rows 51–100", "the second page");
        List<int> second = browser.Column("#browse-grid", 3).Select(int.Parse).ToList();
        Assert.Equal(second.Order(), second);
        Assert.True(second[0] >= first[^1]);
        browser.Click("#page-prev");
        browser.WaitUntil(() => browser.Text("#page-info") == "rows 1–50", "the first page again");
        Assert.Equal(first, browser.Column("#browse-grid", 3).Select(int.Parse).ToList());

        browser.Find("#browse-grid input[data-filter='3']").SendKeys(">2000");
        browser.WaitUntil(() => browser.Text("#browse-count").EndsWith("rows match", StringComparison.Ordinal), "the filtered count");
        Assert.All(browser.Column("#browse-grid", 3), year => Assert.True(int.Parse(year) > 2000));
        Assert.True(new FileInfo(shot).Length > 10_000);
        browser.AssertNoPageErrors();
    }

    [Fact]
    public async Task AQueryErrorIsMarkedAtItsLineAndColumn()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        using var browser = new BrowserSession(Dir.Path);
        browser.Open(host.Url);
        browser.WaitUntil(() => browser.Text("#browse-title") == "audit", "the first table");
        browser.Click("#tabs button[data-view='query']");

        IWebElement editor = browser.WaitFor("#editor-host textarea");
        editor.SendKeys("SELECT title, year\nFROM books\nWHERE year > 1980\nORDER year");
        editor.SendKeys(Keys.Control + Keys.Enter);
        browser.WaitUntil(() => browser.Text("#query-status").Contains("line 4, column 7", StringComparison.Ordinal), "the error's position");
        Assert.Equal("year", browser.Text("#editor-host .tk-error"));
        Assert.Equal("4", browser.Text("#editor-host .editor-gutter .error-line"));
        browser.Screenshot("studio-query-error");

        // An unknown name has no position from the engine: the page marks where it appears.
        editor.SendKeys(Keys.Control + "a");
        editor.SendKeys("SELECT title FROM books\nWHERE yeer > 1980");
        editor.SendKeys(Keys.Control + Keys.Enter);
        browser.WaitUntil(() => browser.Text("#query-status").Contains("line 2, column 7", StringComparison.Ordinal), "the unknown column");
        Assert.Equal("yeer", browser.Text("#editor-host .tk-error"));

        // Completion offers the table; Tab takes it. The query runs and fills the grid.
        editor.SendKeys(Keys.Control + "a");
        editor.SendKeys("SELECT title, year FROM bo");
        browser.WaitUntil(() => browser.Text("#editor-host ul.completion li.selected").StartsWith("books", StringComparison.Ordinal), "completion");
        editor.SendKeys(Keys.Tab);
        Assert.Equal("SELECT title, year FROM books", editor.GetAttribute("value"));
        editor.SendKeys(" ORDER BY year" + Keys.Control + Keys.Enter);
        browser.WaitUntil(() => browser.Column("#result-grid", 0).Count == 7, "the result rows");
        Assert.Equal("Dune", browser.Column("#result-grid", 0)[0]);
        Assert.Contains("7 rows", browser.Text("#query-status"), StringComparison.Ordinal);

        // A query that would run for ever stops at Cancel.
        editor.SendKeys(Keys.Control + "a");
        editor.SendKeys("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n" + Keys.Control + Keys.Enter);
        browser.WaitUntil(() => browser.Find("#cancel").Enabled, "the Cancel button");
        browser.Click("#cancel");
        browser.WaitUntil(() => browser.Text("#query-status").Contains("cancelled", StringComparison.Ordinal), "the cancelled query");
        browser.Click("#history-toggle");
        browser.WaitUntil(() => browser.FindAll("#history button.history-entry").Count == 4, "four history entries");
        browser.AssertNoPageErrors();
    }

    [Fact]
    public async Task ExplainDrawsThePlanAsATreeAndAResultDrawsAsAChart()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb"), books: 40));
        using var browser = new BrowserSession(Dir.Path);
        browser.Open(host.Url);
        browser.WaitUntil(() => browser.Text("#browse-title") == "audit", "the first table");
        browser.Click("#tabs button[data-view='query']");
        IWebElement editor = browser.WaitFor("#editor-host textarea");
        editor.SendKeys("SELECT a.name, count(*) AS books, avg(b.price) AS price\nFROM books b JOIN authors a ON a.id = b.author_id\n" +
            "WHERE b.year > 1950\nGROUP BY a.name\nORDER BY books DESC");
        browser.Click("#explain");
        browser.WaitUntil(() => browser.FindAll("#result-plan svg.plan-tree g.plan-node").Count >= 3, "the plan tree");
        List<string> steps = browser.FindAll("#result-plan g.plan-node text").Select(t => t.Text).ToList();
        Assert.StartsWith("SORT", steps[0], StringComparison.Ordinal);
        Assert.Contains(steps, s => s.Contains("SEARCH", StringComparison.Ordinal));
        Assert.NotEmpty(browser.FindAll("#result-plan path.plan-edge"));
        browser.Screenshot("studio-plan");

        editor.SendKeys(Keys.Control + Keys.Enter);
        browser.WaitUntil(() => browser.Column("#result-grid", 0).Count == 4, "the result");
        browser.Click("#result-tabs button[data-result='chart']");
        browser.WaitUntil(() => browser.FindAll("#chart-host svg.chart rect.chart-bar").Count == 4, "four bars");
        Assert.Contains("books by name", browser.Text("#chart-note"), StringComparison.Ordinal);
        browser.Screenshot("studio-chart");
        browser.Choose("#chart-kind", "Line");
        browser.WaitUntil(() => browser.FindAll("#chart-host polyline.chart-line").Count == 1, "the line");
        browser.AssertNoPageErrors();
    }

    [Fact]
    public async Task EditingARowShowsConstraintErrorsOnTheRowAndCommits()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        await using (StudioHost host = await StudioHost.StartAsync(file))
        {
            using var browser = new BrowserSession(Dir.Path);
            browser.Open(host.Url);
            browser.WaitUntil(() => browser.Text("#browse-title") == "audit", "the first table");
            browser.Click("#schema-tree button.name[title='browse books']");
            browser.WaitUntil(() => browser.Column("#browse-grid", 1).Count == 7, "the books");

            browser.DoubleClick(browser.Find("#browse-grid tr[data-row='0'] td[data-col='1']"));
            IWebElement input = browser.WaitFor("#browse-grid input.cell-input");
            input.SendKeys(Keys.Control + "a");
            input.SendKeys("Dune Messiah" + Keys.Enter);
            browser.WaitUntil(() => browser.Find("#browse-grid tr[data-row='0']").GetAttribute("class")!.Contains("changed", StringComparison.Ordinal), "the changed row");
            Assert.Equal("Dune Messiah", browser.Find("#browse-grid tr[data-row='0'] td[data-col='1']").Text);
            browser.WaitUntil(() => browser.Text("#txn-text").Contains("1 change", StringComparison.Ordinal), "the open transaction");

            browser.DoubleClick(browser.Find("#browse-grid tr[data-row='1'] td[data-col='3']"));
            input = browser.WaitFor("#browse-grid input.cell-input");
            input.SendKeys(Keys.Control + "a");
            input.SendKeys("-5" + Keys.Enter);
            browser.WaitUntil(() => browser.Text("#browse-grid tr.row-error").Contains("CHECK", StringComparison.OrdinalIgnoreCase), "the constraint error on the row");
            Assert.Equal("1984", browser.Find("#browse-grid tr[data-row='1'] td[data-col='3']").Text);
            browser.Screenshot("studio-edit");

            // A new row (empty fields take their defaults) and a deleted one join the same transaction.
            browser.Click("#row-add");
            browser.WaitFor("#browse-grid tr.new-row input[data-column='title']").SendKeys("Anathem");
            browser.Find("#browse-grid tr.new-row input[data-column='year']").SendKeys("2008" + Keys.Enter);
            browser.WaitUntil(() => browser.Column("#browse-grid", 1)[0] == "Anathem", "the new row");
            Assert.Equal("8", browser.Column("#browse-grid", 0)[0]);
            browser.Find("#browse-grid tr[data-row='4'] button.row-delete").Click();
            browser.WaitUntil(() => browser.Find("#browse-grid tr[data-row='4']").GetAttribute("class")!.Contains("deleted", StringComparison.Ordinal), "the deleted row");
            browser.WaitUntil(() => browser.Text("#txn-text").Contains("3 changes", StringComparison.Ordinal), "three changes");
            Assert.Equal(7L, SampleDatabase.Scalar(file, "SELECT count(*) FROM books"));

            browser.Click("#txn-commit");
            browser.WaitUntil(() => !browser.Find("#txn").Displayed, "the committed transaction");
            Assert.Equal("Dune Messiah", SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 1"));
            Assert.Equal(1984L, SampleDatabase.Scalar(file, "SELECT year FROM books WHERE id = 2"));
            Assert.Equal(2008L, SampleDatabase.Scalar(file, "SELECT year FROM books WHERE title = 'Anathem'"));
            Assert.Null(SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 4"));
            browser.AssertNoPageErrors();
        }

        // The server is gone and the file closed: a new open reads the committed row from disk.
        Assert.False(SharpCoreDBConnection.IsDatabaseOpen(file));
        Assert.Equal("Dune Messiah", SampleDatabase.Scalar(file, "SELECT title FROM books WHERE id = 1"));
        Assert.Equal(7L, SampleDatabase.Scalar(file, "SELECT count(*) FROM books"));
    }

    [Fact]
    public async Task AnEncryptedFileOpensAfterAWrongThenTheRightPassword()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("secret.scdb"), password: SampleDatabase.Password);
        await using StudioHost host = await StudioHost.StartAsync(file);
        using var browser = new BrowserSession(Dir.Path);
        browser.Open(host.Url);
        IWebElement password = browser.WaitFor("#unlock-password");
        Assert.Contains("secret.scdb", browser.Text("#unlock-file"), StringComparison.Ordinal);
        password.SendKeys("not the password" + Keys.Enter);
        browser.WaitUntil(() => browser.Text("#unlock-error").Contains("does not open", StringComparison.Ordinal), "the refusal");
        browser.Screenshot("studio-password");
        Assert.DoesNotContain("password", browser.Driver.Url, StringComparison.OrdinalIgnoreCase);

        password.SendKeys(Keys.Control + "a");
        password.SendKeys(SampleDatabase.Password + Keys.Enter);
        browser.WaitUntil(() => !browser.Find("#unlock").Displayed, "the unlocked page");
        browser.WaitUntil(() => browser.Text("#browse-title") == "audit", "the first table");
        Assert.Equal(string.Empty, password.GetAttribute("value"));
        Assert.True(browser.Find("#badge-encrypted").Displayed);
        Assert.DoesNotContain(SampleDatabase.Password, host.Log.Text, StringComparison.Ordinal);
        browser.AssertNoPageErrors();
    }
}
