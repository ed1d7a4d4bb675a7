// Starts and stops one Studio server: Kestrel listening on 127.0.0.1 only (never
// any or all interfaces), on the port asked for or, with port 0, one the system
// picks; the request guard (host, token, origin) in front of every endpoint; the
// page's files and the API behind it. Configuration from the environment and
// appsettings files is not read at all, so no ASPNETCORE_URLS or Kestrel section
// can add an address; after start the bound addresses are checked to be loopback
// and the server refuses to run otherwise. The log shows warnings from ASP.NET
// Core and the server's own events, which never include SQL text, values, the
// token or a password.
using System.Net;
using System.Text.Json.Serialization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Logging;
using SharpCoreDB.Studio.Api;
using SharpCoreDB.Studio.Data;
using SharpCoreDB.Studio.Security;

namespace SharpCoreDB.Studio.Hosting;

/// <summary>A running Studio server.</summary>
internal sealed class StudioServer : IAsyncDisposable
{
    private readonly WebApplication _app;
    private readonly AccessToken _token;

    private StudioServer(WebApplication app, AccessToken token, DatabaseWorkspace workspace, Uri address)
    {
        _app = app;
        _token = token;
        Workspace = workspace;
        Address = address;
    }

    /// <summary>http://127.0.0.1:PORT/</summary>
    public Uri Address { get; }

    /// <summary>The address to open: <see cref="Address"/> with the token.</summary>
    public string Url => Address + "?token=" + _token.Value;

    public string Token => _token.Value;

    public DatabaseWorkspace Workspace { get; }

    /// <summary>Opens the database (it stays locked when encrypted: the page asks for the password) and starts serving.</summary>
    public static async Task<StudioServer> StartAsync(StudioOptions options, CancellationToken cancellationToken = default)
    {
        var workspace = new DatabaseWorkspace(options.Connection, options.Access);
        try
        {
            workspace.Open(password: null);
            return await StartAsync(options, workspace, cancellationToken);
        }
        catch
        {
            workspace.Dispose();
            throw;
        }
    }

    private static async Task<StudioServer> StartAsync(StudioOptions options, DatabaseWorkspace workspace, CancellationToken cancellationToken)
    {
        WebApplicationBuilder builder = WebApplication.CreateSlimBuilder(new WebApplicationOptions
        {
            ApplicationName = "SharpCoreDB.Studio",
            EnvironmentName = Environments.Production,
            ContentRootPath = AppContext.BaseDirectory,
        });
        builder.Configuration.Sources.Clear();
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Listen(IPAddress.Loopback, options.Port);
            kestrel.AddServerHeader = false;
            // The export streams rows as the reader yields them, with synchronous writes.
            kestrel.AllowSynchronousIO = true;
            kestrel.Limits.MaxRequestBodySize = 16 << 20;
        });
        builder.Logging.ClearProviders();
        if (options.LogSink is { } sink)
        {
            builder.Logging.AddProvider(sink);
        }
        else
        {
            builder.Logging.AddSimpleConsole(console => console.SingleLine = true);
            builder.Services.Configure<Microsoft.Extensions.Logging.Console.ConsoleLoggerOptions>(
                console => console.LogToStandardErrorThreshold = LogLevel.Trace);
        }

        // Request lines carry the address with its token on the first request: ASP.NET Core's own
        // information-level events (request starting, endpoint matched) never reach any log.
        builder.Logging.SetMinimumLevel(LogLevel.Information);
        builder.Logging.AddFilter("Microsoft", LogLevel.Warning);
        builder.Logging.AddFilter("System", LogLevel.Warning);
        // A start that fails (a port in use) is thrown to the caller, which says so in one line; the host's
        // own report of it would add a stack trace.
        builder.Logging.AddFilter("Microsoft.Extensions.Hosting", LogLevel.None);
        builder.Services.ConfigureHttpJsonOptions(json => json.SerializerOptions.Converters.Add(new JsonStringEnumConverter()));

        var token = new AccessToken();
        builder.Services.AddSingleton(token);
        builder.Services.AddSingleton<RequestGuard>();
        builder.Services.AddSingleton(services =>
            new StudioState(workspace, services.GetRequiredService<ILoggerFactory>().CreateLogger("SharpCoreDB.Studio")));

        WebApplication app = builder.Build();
        RequestGuard guard = app.Services.GetRequiredService<RequestGuard>();
        app.Use((context, next) => guard.InvokeAsync(context, next));
        app.Use(async (context, next) =>
        {
            // Until the password is given, only the page, its files and the unlock call are served.
            if (!workspace.IsOpen && context.Request.Path.StartsWithSegments("/api")
                && context.Request.Path != "/api/info" && context.Request.Path != "/api/unlock")
            {
                await ApiErrors.From(new DatabaseLockedException()).ExecuteAsync(context);
                return;
            }

            await next(context);
        });

        BrowseEndpoints.Map(app);
        QueryEndpoints.Map(app);
        if (options.Access == StudioAccess.ReadWrite)
        {
            EditEndpoints.Map(app);
        }

        StaticAssets.Map(app);
        try
        {
            await app.StartAsync(cancellationToken);
            return new StudioServer(app, token, workspace, LoopbackAddress(app));
        }
        catch
        {
            await app.DisposeAsync();
            throw;
        }
    }

    /// <summary>Waits until <paramref name="stop"/> is cancelled (Ctrl-C in the tool).</summary>
    public async Task RunUntilAsync(CancellationToken stop)
    {
        try
        {
            await Task.Delay(Timeout.Infinite, stop);
        }
        catch (OperationCanceledException)
        {
            // The user stopped the server.
        }
    }

    // The one address Kestrel bound, checked to be IPv4 loopback: anything else stops the start.
    private static Uri LoopbackAddress(WebApplication app)
    {
        ICollection<string> addresses = app.Services.GetRequiredService<Microsoft.AspNetCore.Hosting.Server.IServer>()
            .Features.Get<IServerAddressesFeature>()?.Addresses ?? [];
        if (addresses.Count != 1 || !Uri.TryCreate(addresses.First(), UriKind.Absolute, out Uri? address)
            || !IPAddress.TryParse(address.Host, out IPAddress? ip) || !IPAddress.IsLoopback(ip) || ip.AddressFamily != System.Net.Sockets.AddressFamily.InterNetwork)
        {
            throw new InvalidOperationException("Studio must listen on 127.0.0.1 only; it was bound to " + string.Join(", ", addresses));
        }

        return new Uri($"http://127.0.0.1:{address.Port}/");
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
        Workspace.Dispose();
    }
}
