// Every failure an API call meets becomes one JSON shape the page knows how to
// show: the engine's message, its error code's name, and for a syntax error the
// line and column (shifted back when the server put a line of its own in front
// of the user's text). Constraint failures are 409, so the grid shows them on the
// row; refusals of a read-only database 403; a database still waiting for its
// password 423; the page's own mistakes (unknown table or column, a bad cursor)
// 400, like every other SQL error. Messages never carry a password: none of these
// exceptions is built from one.
using System.Data.Common;
using Microsoft.AspNetCore.Http;
using SharpCoreDB.Studio.Data;

namespace SharpCoreDB.Studio.Api;

/// <summary>An error as the page receives it.</summary>
internal sealed record ApiError(string Message, string Code, int? Line = null, int? Column = null);

internal sealed record ErrorBody(ApiError Error);

/// <summary>Turns exceptions into API answers.</summary>
internal static class ApiErrors
{
    /// <summary>Runs <paramref name="work"/> and turns a known failure into its error answer.</summary>
    public static IResult Guard(Func<IResult> work, int linesBefore = 0)
    {
        try
        {
            return work();
        }
        catch (Exception e) when (IsExpected(e))
        {
            return From(e, linesBefore);
        }
    }

    public static bool IsExpected(Exception e) =>
        e is DbException or ArgumentException or FormatException or InvalidOperationException or KeyNotFoundException
            or OperationCanceledException;

    /// <summary>The answer for <paramref name="error"/>; <paramref name="linesBefore"/> lines were put before the user's text.</summary>
    public static IResult From(Exception error, int linesBefore = 0)
    {
        (int status, ApiError body) = error switch
        {
            SqlSyntaxException syntax => (StatusCodes.Status400BadRequest,
                new ApiError(syntax.Message, syntax.ErrorCode.ToString(), Math.Max(1, syntax.Line - linesBefore), syntax.Column)),
            SharpCoreDBException { ErrorCode: SharpCoreDBErrorCode.Cancelled } e =>
                (StatusCodes.Status400BadRequest, new ApiError("The query was cancelled.", e.ErrorCode.ToString())),
            OperationCanceledException => (StatusCodes.Status400BadRequest, new ApiError("The query was cancelled.", nameof(SharpCoreDBErrorCode.Cancelled))),
            SharpCoreDBException e => (StatusFor(e.ErrorCode), new ApiError(e.Message, e.ErrorCode.ToString())),
            DatabaseLockedException e => (StatusCodes.Status423Locked, new ApiError(e.Message, "Locked")),
            DbException e => (StatusCodes.Status400BadRequest, new ApiError(e.Message, "Unknown")),
            _ => (StatusCodes.Status400BadRequest, new ApiError(error.Message, "BadRequest")),
        };
        return Results.Json(new ErrorBody(body), statusCode: status);
    }

    private static int StatusFor(SharpCoreDBErrorCode code) => code switch
    {
        SharpCoreDBErrorCode.NotNullConstraint or SharpCoreDBErrorCode.UniqueConstraint or SharpCoreDBErrorCode.PrimaryKeyConstraint
            or SharpCoreDBErrorCode.CheckConstraint or SharpCoreDBErrorCode.ForeignKeyConstraint or SharpCoreDBErrorCode.TriggerConstraint
            or SharpCoreDBErrorCode.TypeMismatch or SharpCoreDBErrorCode.Busy => StatusCodes.Status409Conflict,
        SharpCoreDBErrorCode.ReadOnly => StatusCodes.Status403Forbidden,
        _ => StatusCodes.Status400BadRequest,
    };
}
