// The page's files (wwwroot/ in the source), embedded in this assembly and served
// from memory: nothing is read from disk or fetched from elsewhere, so the tool
// works offline and the page is the one that was built and tested.
using System.Collections.Frozen;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;

namespace SharpCoreDB.Studio.Hosting;

internal static class StaticAssets
{
    private const string ResourcePrefix = "studio/";

    private static readonly FrozenDictionary<string, (byte[] Content, string ContentType)> Files = Load();

    /// <summary>The names served, e.g. "index.html", "studio-app.js".</summary>
    public static IEnumerable<string> Names => Files.Keys;

    public static void Map(WebApplication app)
    {
        app.MapGet("/", () => Serve("index.html"));
        app.MapGet("/{name}", (string name) => Serve(name));
    }

    private static IResult Serve(string name) =>
        Files.TryGetValue(name, out (byte[] Content, string ContentType) file)
            ? Results.Bytes(file.Content, file.ContentType)
            : Results.NotFound();

    private static FrozenDictionary<string, (byte[], string)> Load()
    {
        var assembly = typeof(StaticAssets).Assembly;
        var files = new Dictionary<string, (byte[], string)>(StringComparer.Ordinal);
        foreach (string resource in assembly.GetManifestResourceNames())
        {
            if (!resource.StartsWith(ResourcePrefix, StringComparison.Ordinal))
            {
                continue;
            }

            using Stream stream = assembly.GetManifestResourceStream(resource)!;
            using var memory = new MemoryStream();
            stream.CopyTo(memory);
            string name = resource[ResourcePrefix.Length..];
            files[name] = (memory.ToArray(), ContentTypeOf(name));
        }

        return files.ToFrozenDictionary(StringComparer.Ordinal);
    }

    private static string ContentTypeOf(string name) => Path.GetExtension(name) switch
    {
        ".html" => "text/html; charset=utf-8",
        ".css" => "text/css; charset=utf-8",
        ".js" => "text/javascript; charset=utf-8",
        ".svg" => "image/svg+xml",
        ".png" => "image/png",
        _ => "application/octet-stream",
    };
}
