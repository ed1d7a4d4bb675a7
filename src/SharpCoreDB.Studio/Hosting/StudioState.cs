// What the endpoints of one server share: the database, the queries running for
// the page (for cancel) and the server's log. One per server, registered as a
// singleton.
using Microsoft.Extensions.Logging;
using SharpCoreDB.Studio.Data;

namespace SharpCoreDB.Studio.Hosting;

internal sealed class StudioState(DatabaseWorkspace workspace, ILogger log)
{
    public DatabaseWorkspace Workspace { get; } = workspace;

    public RunningQueries Running { get; } = new();

    /// <summary>The server's own log: what happened, never SQL text, values or passwords.</summary>
    public ILogger Log { get; } = log;

    /// <summary>The schema as the connection of the work sees it (inside the edit transaction if one is open).</summary>
    public DatabaseSchema Schema() => Workspace.Run(TransactionUse.JoinIfOpen, DatabaseSchema.Read);

}
