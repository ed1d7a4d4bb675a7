// The SQL editor's endpoints: run the text (/api/query), cancel a run by the id the
// page gave it (/api/cancel), show a plan (/api/plan) and export a result as CSV
// or JSON (/api/export). The text is the user's own SQL, run as typed; the server
// adds nothing to it but the EXPLAIN QUERY PLAN prefix. Runs join the edit
// transaction when one is open, so its changes are seen and a write joins it.
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Data;
using SharpCoreDB.Studio.Hosting;

namespace SharpCoreDB.Studio.Api;

internal sealed record CancelRequest(string Id);

internal sealed record PlanRequest(string Sql, string? Id = null);

internal sealed record ExportRequest(string Sql, ExportFormat Format);

internal static class QueryEndpoints
{
    public static void Map(WebApplication app)
    {
        app.MapPost("/api/query", (QueryRequest request, StudioState state) => ApiErrors.Guard(() =>
        {
            QueryResult result = state.Workspace.Run(TransactionUse.JoinIfOpen,
                connection => QueryRunner.Run(connection, request, state.Running));
            state.Log.LogInformation("A query ran in {Milliseconds:0.0} ms.", result.ElapsedMilliseconds);
            return Results.Json(result);
        }));

        app.MapPost("/api/cancel", (CancelRequest request, StudioState state) =>
        {
            bool cancelled = state.Running.Cancel(request.Id);
            if (cancelled)
            {
                state.Log.LogInformation("A query was cancelled.");
            }

            return Results.Json(new { cancelled });
        });

        app.MapPost("/api/plan", (PlanRequest request, StudioState state) => ApiErrors.Guard(
            () => Results.Json(new
            {
                nodes = state.Workspace.Run(TransactionUse.JoinIfOpen,
                    connection => QueryRunner.Plan(connection, request.Sql, state.Running, request.Id)),
            }),
            linesBefore: 1));

        app.MapPost("/api/export", (ExportRequest request, HttpContext http, StudioState state) => ApiErrors.Guard(() =>
            state.Workspace.Run(TransactionUse.JoinIfOpen, connection =>
            {
                using SharpCoreDBCommand command = connection.CreateCommand();
                command.CommandText = request.Sql;
                command.CommandTimeout = 0;
                using SharpCoreDBDataReader reader = command.ExecuteReader();
                while (reader.FieldCount == 0 && reader.NextResult())
                {
                    // Statements before the query (a CREATE, an INSERT) have run; the file holds the first result set.
                }

                if (reader.FieldCount == 0)
                {
                    throw new ArgumentException("The text returns no rows to export.");
                }

                http.Response.ContentType = ResultExport.ContentType(request.Format);
                http.Response.Headers.ContentDisposition = "attachment; filename=" + ResultExport.FileName(request.Format);
                try
                {
                    ResultExport.Write(reader, request.Format, http.Response.Body);
                }
                catch (Exception e) when (ApiErrors.IsExpected(e))
                {
                    // Half a file is already sent: cut the connection, so the download fails rather than ends short.
                    state.Log.LogWarning("An export failed after it started: {Code}.", (e as SharpCoreDBException)?.ErrorCode);
                    http.Abort();
                    return Results.Empty;
                }

                state.Log.LogInformation("A result was exported as {Format}.", request.Format);
                return Results.Empty;
            })));
    }
}
