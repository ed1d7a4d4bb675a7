// Debian's headless chromium driven through its chromedriver by Selenium: the real
// page in a real browser. Both must be installed (.ci/run installs them with apt);
// without them the browser tests fail with a message saying so rather than pass
// without having looked. The flags keep chromium from reaching for a network that
// is not there. Screenshots go to SCDB_STUDIO_SCREENSHOTS (the word "docs" means
// docs/images of this repository, where the docs' pictures are kept) or, unset, to
// the test's temporary directory.
using System.Reflection;
using OpenQA.Selenium;
using OpenQA.Selenium.Chrome;
using OpenQA.Selenium.Interactions;

namespace SharpCoreDB.Studio.Tests.Browser;

public sealed class BrowserSession : IDisposable
{
    public const string ChromiumPath = "/usr/bin/chromium";
    public const string DriverPath = "/usr/bin/chromedriver";

    private static readonly TimeSpan Wait = TimeSpan.FromSeconds(20);
    private readonly TempDirectory _profile = new("scdb-studio-chromium-");
    private readonly string _screenshots;

    public BrowserSession(string fallbackScreenshots)
    {
        if (!File.Exists(ChromiumPath) || !File.Exists(DriverPath))
        {
            throw new InvalidOperationException(
                $"The browser tests need Debian's chromium ({ChromiumPath}) and chromedriver ({DriverPath}): " +
                "apt-get install -y chromium chromium-driver (.ci/run installs them).");
        }

        string? asked = Environment.GetEnvironmentVariable("SCDB_STUDIO_SCREENSHOTS");
        _screenshots = asked switch
        {
            null or "" => fallbackScreenshots,
            "docs" => Path.GetFullPath(typeof(BrowserSession).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "DocsImages").Value!),
            _ => Path.GetFullPath(asked),
        };
        Directory.CreateDirectory(_screenshots);

        ChromeDriverService service = ChromeDriverService.CreateDefaultService(Path.GetDirectoryName(DriverPath)!, Path.GetFileName(DriverPath));
        service.SuppressInitialDiagnosticInformation = true;
        service.HideCommandPromptWindow = true;
        var options = new ChromeOptions { BinaryLocation = ChromiumPath };
        options.AddArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage",
            "--user-data-dir=" + _profile.Path, "--window-size=1360,860", "--force-device-scale-factor=1", "--lang=en-US");
        options.SetLoggingPreference(LogType.Browser, LogLevel.All);
        Driver = new ChromeDriver(service, options, TimeSpan.FromSeconds(60));
    }

    public ChromeDriver Driver { get; }

    public void Open(string url) => Driver.Navigate().GoToUrl(url);

    public IWebElement Find(string css) => Driver.FindElement(By.CssSelector(css));

    public IReadOnlyList<IWebElement> FindAll(string css) => Driver.FindElements(By.CssSelector(css));

    /// <summary>Waits until <paramref name="condition"/> holds (exceptions of a page still changing count as not yet).</summary>
    public void WaitUntil(Func<bool> condition, string what)
    {
        DateTime deadline = DateTime.UtcNow + Wait;
        while (true)
        {
            try
            {
                if (condition())
                {
                    return;
                }
            }
            catch (Exception e) when (e is NoSuchElementException or StaleElementReferenceException or InvalidOperationException)
            {
                // The page is still drawing.
            }

            if (DateTime.UtcNow > deadline)
            {
                throw new TimeoutException($"the page did not show {what} within {Wait.TotalSeconds} s; it shows: {Find("body").Text}");
            }

            Thread.Sleep(50);
        }
    }

    /// <summary>Waits for an element that is shown, and returns it.</summary>
    public IWebElement WaitFor(string css)
    {
        IWebElement? found = null;
        WaitUntil(() => (found = FindAll(css).FirstOrDefault(e => e.Displayed)) is not null, css);
        return found!;
    }

    public string Text(string css) => Find(css).Text;

    public void Click(string css) => WaitFor(css).Click();

    /// <summary>Picks the option shown as <paramref name="text"/> in a select, as a click would.</summary>
    public void Choose(string select, string text)
    {
        Click(select);
        FindAll(select + " option").Single(o => o.Text == text).Click();
    }

    public void DoubleClick(IWebElement element) => new Actions(Driver).DoubleClick(element).Perform();

    /// <summary>The texts of column <paramref name="column"/> of a grid's rows.</summary>
    public List<string> Column(string grid, int column) =>
        FindAll($"{grid} tbody tr[data-row] td[data-col=\"{column}\"]").Select(td => td.Text).ToList();

    /// <summary>
    /// Fails on any error the page's console reported: a script error, or a Content-Security-Policy violation
    /// (which blocks silently otherwise). Failed API calls the test provoked (a 4xx answer) are not errors of the page.
    /// </summary>
    public void AssertNoPageErrors()
    {
        List<string> errors = PageErrors();
        Assert.True(errors.Count == 0, "the page reported errors:\n" + string.Join("\n", errors));
    }

    /// <summary>The errors the page's console reported since the last call (reading them empties the log).</summary>
    public List<string> PageErrors() =>
        Driver.Manage().Logs.GetLog(LogType.Browser)
            .Where(entry => entry.Level == LogLevel.Severe && !entry.Message.Contains("Failed to load resource", StringComparison.Ordinal))
            .Select(entry => entry.Message)
            .ToList();

    /// <summary>Saves a PNG of the window as NAME.png; returns its path.</summary>
    public string Screenshot(string name)
    {
        string path = Path.Combine(_screenshots, name + ".png");
        Driver.GetScreenshot().SaveAsFile(path);
        return path;
    }

    public void Dispose()
    {
        Driver.Quit();
        Driver.Dispose();
        _profile.Dispose();
    }
}
