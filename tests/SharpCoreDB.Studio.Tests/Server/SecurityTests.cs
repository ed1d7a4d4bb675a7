// What keeps the page to the user who started it: the server listens on 127.0.0.1
// only; every request needs the token (the printed address sets it as an HttpOnly,
// SameSite=Strict cookie and moves it out of the address bar); a foreign Host
// (DNS rebinding) or Origin is refused; the API takes JSON only; and the answers
// carry a policy that loads nothing from anywhere else.
using System.Net;
using System.Net.NetworkInformation;
using System.Net.Sockets;
using System.Text;
using SharpCoreDB.Studio.Security;

namespace SharpCoreDB.Studio.Tests.Server;

public sealed class SecurityTests() : TempDirectoryTests("scdb-studio-")
{
    [Fact]
    public async Task EveryRequestWithoutTheTokenIsRefused()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        foreach (string path in (string[])["/", "/studio-app.js", "/api/info", "/api/schema"])
        {
            using HttpResponseMessage response = await host.Anonymous.GetAsync(path);
            Assert.Equal(HttpStatusCode.Unauthorized, response.StatusCode);
        }

        using var post = new StringContent("""{"sql":"SELECT 1"}""", Encoding.UTF8, "application/json");
        Assert.Equal(HttpStatusCode.Unauthorized, (await host.Anonymous.PostAsync("/api/query", post)).StatusCode);

        // A wrong token, a token one character short, and an empty one are refused alike.
        foreach (string wrong in (string[])[new string('0', 32), host.Token[..31], ""])
        {
            using var request = new HttpRequestMessage(HttpMethod.Get, "/api/info");
            request.Headers.Add(RequestGuard.TokenHeader, wrong);
            Assert.Equal(HttpStatusCode.Unauthorized, (await host.Anonymous.SendAsync(request)).StatusCode);
            Assert.Equal(HttpStatusCode.Unauthorized, (await host.Anonymous.GetAsync("/?token=" + wrong)).StatusCode);
        }

        Assert.Equal("library.scdb", (await host.GetOkAsync("/api/info"))["file"]!.GetValue<string>());
    }

    [Fact]
    public async Task ThePrintedAddressSetsAStrictHttpOnlyCookieAndDropsTheTokenFromTheAddress()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        using var handler = new HttpClientHandler { AllowAutoRedirect = false, UseCookies = true, CookieContainer = new CookieContainer() };
        using var browser = new HttpClient(handler) { BaseAddress = host.Address };

        using HttpResponseMessage first = await browser.GetAsync(host.Url);
        Assert.Equal(HttpStatusCode.Redirect, first.StatusCode);
        Assert.Equal("/", first.Headers.Location!.OriginalString);
        string cookie = Assert.Single(first.Headers.GetValues("Set-Cookie"));
        Assert.Contains("httponly", cookie, StringComparison.OrdinalIgnoreCase);
        Assert.Contains("samesite=strict", cookie, StringComparison.OrdinalIgnoreCase);
        Assert.StartsWith(RequestGuard.CookieName(host.Address.Port) + "=" + host.Token, cookie, StringComparison.Ordinal);

        // From now on the cookie alone opens the page and the API.
        using HttpResponseMessage page = await browser.GetAsync("/");
        Assert.Equal(HttpStatusCode.OK, page.StatusCode);
        Assert.Contains("SharpCoreDB Studio", await page.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(HttpStatusCode.OK, (await browser.GetAsync("/api/schema")).StatusCode);
    }

    [Theory]
    [InlineData("attacker.example")]
    [InlineData("attacker.example:{port}")]
    [InlineData("127.0.0.1:1")]
    [InlineData("192.168.1.10:{port}")]
    public async Task AForeignHostHeaderIsRefusedEvenWithTheToken(string hostHeader)
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        using var request = new HttpRequestMessage(HttpMethod.Get, "/api/info");
        request.Headers.Host = hostHeader.Replace("{port}", host.Address.Port.ToString(System.Globalization.CultureInfo.InvariantCulture), StringComparison.Ordinal);
        using HttpResponseMessage response = await host.Client.SendAsync(request);
        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);

        using var local = new HttpRequestMessage(HttpMethod.Get, "/api/info");
        local.Headers.Host = "localhost:" + host.Address.Port;
        Assert.Equal(HttpStatusCode.OK, (await host.Client.SendAsync(local)).StatusCode);
    }

    [Fact]
    public async Task RequestsFromAnotherOriginAndPostsThatAreNotJsonAreRefused()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        using var foreign = new HttpRequestMessage(HttpMethod.Post, "/api/query")
        {
            Content = new StringContent("""{"sql":"DELETE FROM books"}""", Encoding.UTF8, "application/json"),
        };
        foreign.Headers.Add("Origin", "http://attacker.example");
        Assert.Equal(HttpStatusCode.Forbidden, (await host.Client.SendAsync(foreign)).StatusCode);

        // What an HTML form can send cross-site: refused before it reaches the API.
        using var form = new FormUrlEncodedContent([new("sql", "DELETE FROM books")]);
        Assert.Equal(HttpStatusCode.UnsupportedMediaType, (await host.Client.PostAsync("/api/query", form)).StatusCode);
        Assert.Equal(7L, SampleDatabase.Scalar(Dir.File("library.scdb"), "SELECT count(*) FROM books"));
    }

    [Fact]
    public async Task AnswersForbidFramingSniffingCachingAndAnythingFromElsewhere()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        using HttpResponseMessage response = await host.Client.GetAsync("/");
        string policy = string.Join(";", response.Headers.GetValues("Content-Security-Policy"));
        Assert.Contains("default-src 'none'", policy, StringComparison.Ordinal);
        Assert.Contains("script-src 'self'", policy, StringComparison.Ordinal);
        Assert.Contains("frame-ancestors 'none'", policy, StringComparison.Ordinal);
        Assert.Equal("nosniff", Assert.Single(response.Headers.GetValues("X-Content-Type-Options")));
        Assert.Equal("no-store", response.Headers.CacheControl!.ToString());

        // The page names no other host: every script, style and image is the server's own.
        string html = await response.Content.ReadAsStringAsync();
        Assert.DoesNotContain("http://", html, StringComparison.Ordinal);
        Assert.DoesNotContain("https://", html, StringComparison.Ordinal);
    }

    [Fact]
    public async Task TheServerListensOnLoopbackOnly()
    {
        await using StudioHost host = await StudioHost.StartAsync(SampleDatabase.CreateLibrary(Dir.File("library.scdb")));
        Assert.Equal("127.0.0.1", host.Address.Host);
        Assert.NotEqual(0, host.Address.Port);

        // Every other address of this machine's interfaces has nothing listening on the port.
        IPAddress[] others = NetworkInterface.GetAllNetworkInterfaces()
            .SelectMany(i => i.GetIPProperties().UnicastAddresses)
            .Select(a => a.Address)
            .Where(a => !IPAddress.IsLoopback(a) && a.AddressFamily == AddressFamily.InterNetwork)
            .ToArray();
        foreach (IPAddress address in others)
        {
            using var socket = new Socket(AddressFamily.InterNetwork, SocketType.Stream, ProtocolType.Tcp);
            var error = await Assert.ThrowsAsync<SocketException>(async () => await socket.ConnectAsync(address, host.Address.Port));
            Assert.Equal(SocketError.ConnectionRefused, error.SocketErrorCode);
        }

        using var ipv6 = new Socket(AddressFamily.InterNetworkV6, SocketType.Stream, ProtocolType.Tcp);
        if (Socket.OSSupportsIPv6)
        {
            await Assert.ThrowsAsync<SocketException>(async () => await ipv6.ConnectAsync(IPAddress.IPv6Loopback, host.Address.Port));
        }
    }

    [Fact]
    public void TheTokenIs128RandomBitsAndOnlyItMatches()
    {
        var one = new AccessToken();
        var two = new AccessToken();
        Assert.Matches("^[0-9a-f]{32}$", one.Value);
        Assert.NotEqual(one.Value, two.Value);
        Assert.True(one.Matches(one.Value));
        Assert.False(one.Matches(two.Value));
        Assert.False(one.Matches(one.Value.ToUpperInvariant()));
        Assert.False(one.Matches(one.Value + "0"));
        Assert.False(one.Matches(null));
    }
}
