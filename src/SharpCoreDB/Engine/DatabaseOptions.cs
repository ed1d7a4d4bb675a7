// The settings one open Database is opened with: the storage engine's (which hold
// the log's) and the engine's own. The provider builds one from its public
// SharpCoreDBOptions; tests and tools that open a Database directly build one
// themselves. Each record holds the settings of its own layer, so a default is
// defined by the layer that uses it and the layers above only carry it.
using SharpCoreDB.Execution;
using SharpCoreDB.Storage;

namespace SharpCoreDB.Engine;

/// <summary>How a <see cref="Database"/> is opened.</summary>
internal sealed record DatabaseOptions
{
    /// <summary>The file, page and cache settings, and the log's.</summary>
    public StorageOptions Storage { get; init; } = new();

    /// <summary>Rows a sort or aggregation may hold in memory before spilling to a temporary file.</summary>
    public int SpillThresholdRows { get; init; } = QueryContext.DefaultSpillThresholdRows;
}
