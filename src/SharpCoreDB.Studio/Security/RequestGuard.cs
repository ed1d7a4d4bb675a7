// The checks every request passes before it reaches a page or the API:
// - Host must be 127.0.0.1:PORT or localhost:PORT, so a web site whose name an
//   attacker points at 127.0.0.1 (DNS rebinding) is refused even in a browser that
//   would send it there;
// - the token: GET /?token=T (the printed address) sets it as an HttpOnly,
//   SameSite=Strict cookie and redirects to / so that it leaves the address bar and
//   the history; every other request must carry the cookie or an X-Studio-Token
//   header (curl, tests), compared in constant time; refusals are 401;
// - an Origin header, when sent, must be this server's own (403 otherwise), and API
//   posts must be JSON, which a cross-site form cannot send;
// - every answer gets headers that keep the page from being framed, from loading
//   anything from elsewhere (Content-Security-Policy: 'self' only), and from being
//   cached or leaking its address in a Referer.
using System.Globalization;
using Microsoft.AspNetCore.Http;

namespace SharpCoreDB.Studio.Security;

/// <summary>The middleware that admits only requests from the page the tool printed the address of.</summary>
internal sealed class RequestGuard(AccessToken token)
{
    /// <summary>The header that carries the token for clients without cookies.</summary>
    public const string TokenHeader = "X-Studio-Token";

    private const string ContentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
        "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

    /// <summary>The cookie's name; it names the port because cookies are shared by every port of a host.</summary>
    public static string CookieName(int port) => "scdb-studio-" + port.ToString(CultureInfo.InvariantCulture);

    public async Task InvokeAsync(HttpContext context, RequestDelegate next)
    {
        HttpResponse response = context.Response;
        response.Headers.ContentSecurityPolicy = ContentSecurityPolicy;
        response.Headers.XContentTypeOptions = "nosniff";
        response.Headers.XFrameOptions = "DENY";
        response.Headers["Referrer-Policy"] = "no-referrer";
        response.Headers.CacheControl = "no-store";

        int port = context.Connection.LocalPort;
        if (!IsOwnHost(context.Request.Host, port))
        {
            await Refuse(context, StatusCodes.Status400BadRequest, "This server answers only to 127.0.0.1 and localhost.");
            return;
        }

        string? origin = context.Request.Headers.Origin;
        if (origin is not null && !IsOwnOrigin(origin, port))
        {
            await Refuse(context, StatusCodes.Status403Forbidden, "Requests from other sites are refused.");
            return;
        }

        string? fromAddress = context.Request.Query["token"];
        if (fromAddress is not null && HttpMethods.IsGet(context.Request.Method) && context.Request.Path == "/")
        {
            if (!token.Matches(fromAddress))
            {
                await Refuse(context, StatusCodes.Status401Unauthorized, "The token in this address is not this server's.");
                return;
            }

            response.Cookies.Append(CookieName(port), token.Value, new CookieOptions
            {
                HttpOnly = true,
                SameSite = SameSiteMode.Strict,
                Path = "/",
                IsEssential = true,
            });
            response.Redirect("/");
            return;
        }

        string? carried = context.Request.Headers[TokenHeader];
        carried ??= context.Request.Cookies[CookieName(port)];
        if (!token.Matches(carried))
        {
            await Refuse(context, StatusCodes.Status401Unauthorized,
                "Open the address that sharpcoredb studio printed: it carries the token this server asks for.");
            return;
        }

        if (HttpMethods.IsPost(context.Request.Method) && !IsJson(context.Request.ContentType))
        {
            await Refuse(context, StatusCodes.Status415UnsupportedMediaType, "The API takes JSON only.");
            return;
        }

        await next(context);
    }

    private static bool IsOwnHost(HostString host, int port) =>
        host.Port == port && host.Host.ToLowerInvariant() is "127.0.0.1" or "localhost";

    private static bool IsOwnOrigin(string origin, int port) =>
        Uri.TryCreate(origin, UriKind.Absolute, out Uri? uri) && uri.Scheme == Uri.UriSchemeHttp && uri.Port == port
        && uri.Host.ToLowerInvariant() is "127.0.0.1" or "localhost";

    private static bool IsJson(string? contentType) =>
        contentType is not null && contentType.StartsWith("application/json", StringComparison.OrdinalIgnoreCase);

    private static Task Refuse(HttpContext context, int status, string message)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "text/plain; charset=utf-8";
        return context.Response.WriteAsync(message + "\n");
    }
}
