// The grid's edit endpoints, mapped only when the server may write: insert, update
// and delete a row by rowid inside the page's edit transaction (begun by the first
// edit), and commit or roll it back. A constraint failure undoes only the failed
// statement: the transaction and its other changes stay, and the error (409) is
// shown on the row.
using System.Globalization;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Data;
using SharpCoreDB.Studio.Hosting;

namespace SharpCoreDB.Studio.Api;

internal sealed record InsertRequest(string Table, Dictionary<string, string?> Values);

internal sealed record UpdateRequest(string Table, string RowId, Dictionary<string, string?> Values);

internal sealed record DeleteRequest(string Table, string RowId);

/// <summary>The answer to an edit: the row as stored now (null when deleted) and the transaction's state.</summary>
internal sealed record EditResult(GridRow? Row, TransactionState Transaction);

internal static class EditEndpoints
{
    public static void Map(WebApplication app)
    {
        app.MapPost("/api/edit/insert", (InsertRequest request, StudioState state) =>
            Edit(state, connection => RowEditor.Insert(connection, Table(connection, request.Table), request.Values)));

        app.MapPost("/api/edit/update", (UpdateRequest request, StudioState state) =>
            Edit(state, connection => RowEditor.Update(connection, Table(connection, request.Table), RowId(request.RowId), request.Values)));

        app.MapPost("/api/edit/delete", (DeleteRequest request, StudioState state) =>
            Edit(state, connection =>
            {
                SchemaRelation table = Table(connection, request.Table);
                return RowEditor.Delete(connection, table, RowId(request.RowId))
                    ? null
                    : throw new KeyNotFoundException($"{table.Name} has no row {request.RowId} any more.");
            }));

        app.MapPost("/api/edit/commit", (StudioState state) => ApiErrors.Guard(() =>
        {
            int changes = state.Workspace.PendingChanges;
            bool committed = state.Workspace.Commit();
            state.Log.LogInformation(committed ? "The edit transaction was committed ({Changes} rows)." : "There was no edit transaction to commit.", changes);
            return Results.Json(new EditResult(null, State(state.Workspace)));
        }));

        app.MapPost("/api/edit/rollback", (StudioState state) => ApiErrors.Guard(() =>
        {
            bool rolledBack = state.Workspace.Rollback();
            state.Log.LogInformation(rolledBack ? "The edit transaction was rolled back." : "There was no edit transaction to roll back.");
            return Results.Json(new EditResult(null, State(state.Workspace)));
        }));
    }

    public static TransactionState State(DatabaseWorkspace workspace) => new(workspace.HasTransaction, workspace.PendingChanges);

    private static IResult Edit(StudioState state, Func<SharpCoreDBConnection, GridRow?> edit) => ApiErrors.Guard(() =>
    {
        GridRow? row = state.Workspace.Run(TransactionUse.BeginIfNone, connection =>
        {
            GridRow? changed = edit(connection);
            state.Workspace.CountChange();
            return changed;
        });
        return Results.Json(new EditResult(row, State(state.Workspace)));
    });

    private static SchemaRelation Table(SharpCoreDBConnection connection, string name) =>
        DatabaseSchema.ReadRelation(connection, name);

    private static long RowId(string text) =>
        long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long rowId)
            ? rowId
            : throw new ArgumentException($"'{text}' is not a rowid.");
}
