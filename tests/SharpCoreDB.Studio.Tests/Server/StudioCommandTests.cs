// `sharpcoredb studio` as a user runs it: the built tool as a child process prints
// the address with its token, the page answers there (and refuses a request without
// the token), and SIGTERM stops it cleanly; a port in use is one line of error.
// (The command line's refusals are unit tests of the shell:
// tests/SharpCoreDB.Cli.Tests/Unit/StudioCommandTests.cs.)
using System.Diagnostics;
using System.Net;
using System.Reflection;
using System.Text.RegularExpressions;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed partial class StudioCommandTests() : TempDirectoryTests("scdb-studio-")
{
    private static readonly string ShellPath = Path.GetFullPath(
        typeof(StudioCommandTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "ShellPath").Value!);

    [Fact]
    public async Task TheToolPrintsTheAddressServesThePageThereAndStopsOnSigterm()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        using Process tool = Start("studio", file, "--port", "0", "--read-only");
        try
        {
            var lines = new List<string>();
            Match url;
            do
            {
                string line = await tool.StandardOutput.ReadLineAsync().WaitAsync(TestTimeouts.Hang)
                    ?? throw new InvalidOperationException("the tool ended early: " + await tool.StandardError.ReadToEndAsync());
                lines.Add(line);
                url = PrintedUrl().Match(line);
            }
            while (!url.Success);

            Assert.Contains(lines, l => l.Contains("library.scdb (read-only)", StringComparison.Ordinal));
            using var client = new HttpClient();
            Assert.Equal(HttpStatusCode.Unauthorized, (await client.GetAsync(url.Groups["base"].Value + "api/info")).StatusCode);
            using HttpResponseMessage page = await client.GetAsync(url.Value);
            Assert.Equal(HttpStatusCode.OK, page.StatusCode);
            Assert.Contains("<title>SharpCoreDB Studio</title>", await page.Content.ReadAsStringAsync(), StringComparison.Ordinal);
            using var request = new HttpRequestMessage(HttpMethod.Get, url.Groups["base"].Value + "api/info");
            request.Headers.Add("X-Studio-Token", url.Groups["token"].Value);
            Assert.Contains("\"readOnly\":true", await (await client.SendAsync(request)).Content.ReadAsStringAsync(), StringComparison.Ordinal);

            using (Process kill = Process.Start("kill", ["-TERM", tool.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
            {
                await kill.WaitForExitAsync();
            }

            await tool.WaitForExitAsync().WaitAsync(TestTimeouts.Hang);
            Assert.Equal(0, tool.ExitCode);
            Assert.Contains("Studio stopped.", await tool.StandardOutput.ReadToEndAsync(), StringComparison.Ordinal);
        }
        finally
        {
            if (!tool.HasExited)
            {
                tool.Kill(entireProcessTree: true);
            }
        }
    }

    [Fact]
    public async Task APortInUseIsOneLineOfErrorWithoutAStackTrace()
    {
        string file = SampleDatabase.CreateLibrary(Dir.File("library.scdb"));
        using var taken = new System.Net.Sockets.TcpListener(IPAddress.Loopback, 0);
        taken.Start();
        string port = ((IPEndPoint)taken.LocalEndpoint).Port.ToString(System.Globalization.CultureInfo.InvariantCulture);
        using Process tool = Start("studio", file, "--port", port);
        Task<string> output = tool.StandardOutput.ReadToEndAsync();
        string errors = await tool.StandardError.ReadToEndAsync().WaitAsync(TestTimeouts.Hang);
        await tool.WaitForExitAsync().WaitAsync(TestTimeouts.Hang);
        Assert.Equal(1, tool.ExitCode);
        string line = Assert.Single(errors.Split('\n', StringSplitOptions.RemoveEmptyEntries));
        Assert.StartsWith("Error: cannot serve", line, StringComparison.Ordinal);
        Assert.Contains("address already in use", line, StringComparison.Ordinal);
        Assert.DoesNotContain("Open http", await output, StringComparison.Ordinal);
    }

    private static Process Start(params string[] args)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(ShellPath);
        args.ToList().ForEach(start.ArgumentList.Add);
        return Process.Start(start)!;
    }

    [GeneratedRegex(@"(?<base>http://127\.0\.0\.1:\d+/)\?token=(?<token>[0-9a-f]{32})")]
    private static partial Regex PrintedUrl();
}
