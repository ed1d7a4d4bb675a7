// What `sharpcoredb studio` asks of the server: which database (the provider's
// options, without a password: the page asks for one when the file is encrypted),
// which port, whether the page may change the database, and where the server's own
// log goes. Tests give a log sink to read what the server logs.
using Microsoft.Extensions.Logging;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Hosting;

/// <summary>Whether the page may change the database.</summary>
internal enum StudioAccess
{
    /// <summary>Browse, query and edit; edits run in a transaction the user commits or rolls back.</summary>
    ReadWrite,

    /// <summary>Browse and query only: no edit endpoints, and the connection is opened with Mode=ReadOnly.</summary>
    ReadOnly,
}

/// <summary>How a Studio server is started.</summary>
internal sealed record StudioOptions
{
    /// <summary>The database to open: its data source and provider settings; any password here is ignored.</summary>
    public required SharpCoreDBOptions Connection { get; init; }

    /// <summary>The TCP port on 127.0.0.1; 0 lets the system pick a free one.</summary>
    public int Port { get; init; }

    public StudioAccess Access { get; init; } = StudioAccess.ReadWrite;

    /// <summary>Receives the server's log in place of standard error (tests read it).</summary>
    public ILoggerProvider? LogSink { get; init; }
}
