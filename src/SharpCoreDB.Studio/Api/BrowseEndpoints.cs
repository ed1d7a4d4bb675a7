// The endpoints that open and show the database: what it is (/api/info), its
// password (/api/unlock, a POST body: never in a URL, never logged), its schema,
// and pages and counts of a table's rows for the grid.
using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using SharpCoreDB.Studio.Data;
using SharpCoreDB.Studio.Hosting;

namespace SharpCoreDB.Studio.Api;

internal sealed record UnlockRequest(string Password);

internal sealed record CountRequest(string Table, IReadOnlyList<ColumnFilter>? Filters = null);

internal sealed record TransactionState(bool Open, int Changes);

internal sealed record StudioInfo(string File, string Version, bool ReadOnly, bool Open, bool Encrypted, TransactionState Transaction);

internal static class BrowseEndpoints
{
    private static readonly string Version =
        typeof(BrowseEndpoints).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion.Split('+')[0] ?? "0";

    public static void Map(WebApplication app)
    {
        app.MapGet("/api/info", (StudioState state) => Results.Json(Info(state.Workspace)));

        app.MapPost("/api/unlock", (UnlockRequest request, StudioState state) => ApiErrors.Guard(() =>
        {
            if (state.Workspace.IsOpen)
            {
                return Results.Json(Info(state.Workspace));
            }

            OpenOutcome outcome = state.Workspace.Open(string.IsNullOrEmpty(request.Password) ? null : request.Password);
            if (outcome != OpenOutcome.Opened)
            {
                state.Log.LogWarning("A password was refused for {File}.", state.Workspace.DisplayName);
                return Results.Json(new ErrorBody(new ApiError("That password does not open this database.", "WrongKey")),
                    statusCode: StatusCodes.Status422UnprocessableEntity);
            }

            state.Log.LogInformation("{File} is open.", state.Workspace.DisplayName);
            return Results.Json(Info(state.Workspace));
        }));

        app.MapGet("/api/schema", (StudioState state) => ApiErrors.Guard(() => Results.Json(state.Schema())));

        app.MapPost("/api/rows", (PageRequest request, StudioState state) => ApiErrors.Guard(() =>
            Results.Json(state.Workspace.Run(TransactionUse.JoinIfOpen, connection =>
            {
                SchemaRelation relation = DatabaseSchema.ReadRelation(connection, request.Table);
                return TablePager.Read(connection, relation, request, editable: state.Workspace.Access == StudioAccess.ReadWrite);
            }))));

        app.MapPost("/api/count", (CountRequest request, StudioState state) => ApiErrors.Guard(() =>
            Results.Json(new
            {
                count = state.Workspace.Run(TransactionUse.JoinIfOpen, connection =>
                    TablePager.Count(connection, DatabaseSchema.ReadRelation(connection, request.Table), request.Filters)),
            })));
    }

    public static StudioInfo Info(DatabaseWorkspace workspace) => new(
        workspace.DisplayName,
        Version,
        workspace.Access == StudioAccess.ReadOnly,
        workspace.IsOpen,
        workspace.IsEncrypted,
        new TransactionState(workspace.HasTransaction, workspace.PendingChanges));
}
