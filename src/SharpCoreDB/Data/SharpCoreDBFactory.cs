// The provider factory: the entry point of code that is written against
// DbProviderFactory (register it with
// DbProviderFactories.RegisterFactory("SharpCoreDB", SharpCoreDBFactory.Instance)).
using System.Data.Common;

namespace SharpCoreDB.Data;

/// <summary>Creates SharpCoreDB provider objects.</summary>
public sealed class SharpCoreDBFactory : DbProviderFactory
{
    /// <summary>The provider's invariant name for DbProviderFactories.</summary>
    public const string InvariantName = "SharpCoreDB";

    /// <summary>The one instance (DbProviderFactories looks for this field).</summary>
    public static readonly SharpCoreDBFactory Instance = new();

    private SharpCoreDBFactory()
    {
    }

    /// <inheritdoc />
    public override bool CanCreateBatch => true;

    /// <inheritdoc />
    public override DbConnection CreateConnection() => new SharpCoreDBConnection();

    /// <inheritdoc />
    public override DbCommand CreateCommand() => new SharpCoreDBCommand();

    /// <inheritdoc />
    public override DbParameter CreateParameter() => new SharpCoreDBParameter();

    /// <inheritdoc />
    public override DbConnectionStringBuilder CreateConnectionStringBuilder() => new SharpCoreDBConnectionStringBuilder();

    /// <inheritdoc />
    public override DbBatch CreateBatch() => new SharpCoreDBBatch();

    /// <inheritdoc />
    public override DbBatchCommand CreateBatchCommand() => new SharpCoreDBBatchCommand();

    /// <inheritdoc />
    public override bool CanCreateDataAdapter => true;

    /// <inheritdoc />
    public override bool CanCreateCommandBuilder => true;

    /// <inheritdoc />
    public override DbDataAdapter CreateDataAdapter() => new SharpCoreDBDataAdapter();

    /// <inheritdoc />
    public override DbCommandBuilder CreateCommandBuilder() => new SharpCoreDBCommandBuilder();
}
