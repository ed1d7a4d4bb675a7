// A Studio server for one test: started in-process on 127.0.0.1 (port 0) over a
// database file, its log captured, with an HttpClient that carries the token the
// way a script would (the X-Studio-Token header) and helpers for the JSON API.
using System.Net;
using System.Net.Http.Json;
using System.Text.Json;
using System.Text.Json.Nodes;
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Hosting;
using SharpCoreDB.Studio.Security;

namespace SharpCoreDB.Studio.Tests;

public sealed class StudioHost : IAsyncDisposable
{
    private StudioHost(StudioServer server, LogCapture log)
    {
        Server = server;
        Log = log;
        Client = new HttpClient { BaseAddress = server.Address };
        Client.DefaultRequestHeaders.Add(RequestGuard.TokenHeader, server.Token);
        Anonymous = new HttpClient { BaseAddress = server.Address };
    }

    internal StudioServer Server { get; }

    public LogCapture Log { get; }

    /// <summary>A client that carries the token.</summary>
    public HttpClient Client { get; }

    /// <summary>A client without the token: another local user's program.</summary>
    public HttpClient Anonymous { get; }

    public Uri Address => Server.Address;

    public string Url => Server.Url;

    public string Token => Server.Token;

    public static Task<StudioHost> StartAsync(string file) => StartAsync(file, readOnly: false);

    public static async Task<StudioHost> StartAsync(string file, bool readOnly)
    {
        var log = new LogCapture();
        StudioServer server = await StudioServer.StartAsync(new StudioOptions
        {
            Connection = new SharpCoreDBOptions { DataSource = file },
            Access = readOnly ? StudioAccess.ReadOnly : StudioAccess.ReadWrite,
            LogSink = log,
        });
        return new StudioHost(server, log);
    }

    /// <summary>POSTs <paramref name="body"/> as JSON; the status and the parsed answer.</summary>
    public async Task<(HttpStatusCode Status, JsonNode? Body)> PostAsync(string path, object body)
    {
        using HttpResponseMessage response = await Client.PostAsJsonAsync(path, body);
        return (response.StatusCode, await ReadAsync(response));
    }

    public async Task<JsonNode> PostOkAsync(string path, object body)
    {
        (HttpStatusCode status, JsonNode? answer) = await PostAsync(path, body);
        Assert.True(status == HttpStatusCode.OK, $"{path} answered {status}: {answer?.ToJsonString()}");
        return answer!;
    }

    public async Task<JsonNode> GetOkAsync(string path)
    {
        using HttpResponseMessage response = await Client.GetAsync(path);
        JsonNode? answer = await ReadAsync(response);
        Assert.True(response.StatusCode == HttpStatusCode.OK, $"{path} answered {response.StatusCode}: {answer?.ToJsonString()}");
        return answer!;
    }

    private static async Task<JsonNode?> ReadAsync(HttpResponseMessage response)
    {
        string text = await response.Content.ReadAsStringAsync();
        try
        {
            return text.Length == 0 ? null : JsonNode.Parse(text);
        }
        catch (JsonException)
        {
            return JsonValue.Create(text);
        }
    }

    public async ValueTask DisposeAsync()
    {
        Client.Dispose();
        Anonymous.Dispose();
        await Server.DisposeAsync();
    }
}
