// The context's connection: a SharpCoreDBConnection opened on the connection string
// with the options builder's settings (durability, group commit, password) applied.
// A connection the application passed in is used as it is: settings cannot be applied
// to it, so setting both is refused rather than silently ignored.
using System.Data.Common;
using Microsoft.EntityFrameworkCore.Storage;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBRelationalConnection : RelationalConnection
{
    private readonly SharpCoreDBOptionsExtension? _extension;

    public SharpCoreDBRelationalConnection(RelationalConnectionDependencies dependencies)
        : base(dependencies)
    {
        _extension = dependencies.ContextOptions.FindExtension<SharpCoreDBOptionsExtension>();
        if (_extension is { HasSettings: true, Connection: not null })
        {
            throw new InvalidOperationException(
                "UseSharpCoreDB was given a connection and also Durability, UseGroupCommitWal or Password: "
                + "set those in the connection's own connection string instead.");
        }
    }

    protected override DbConnection CreateDbConnection()
    {
        string connectionString = GetValidatedConnectionString();
        return new SharpCoreDBConnection(_extension is null ? connectionString : _extension.ApplySettings(connectionString));
    }
}
