// SaveChanges' statements go to the engine in batches: several INSERT/UPDATE/DELETE
// statements in one command text, parsed and run in one call, their RETURNING rows
// read as successive result sets. In-process there is no round trip to save, but one
// command per batch still saves the per-command work of EF Core and ADO.NET.
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBModificationCommandBatch(ModificationCommandBatchFactoryDependencies dependencies, int maxBatchSize)
    : AffectedCountModificationCommandBatch(dependencies, maxBatchSize);

internal sealed class SharpCoreDBModificationCommandBatchFactory(
    ModificationCommandBatchFactoryDependencies dependencies, Microsoft.EntityFrameworkCore.Infrastructure.IDbContextOptions options)
    : IModificationCommandBatchFactory
{
    /// <summary>Statements per batch unless MaxBatchSize says otherwise.</summary>
    public const int DefaultMaxBatchSize = 128;

    private readonly int _maxBatchSize =
        options.Extensions.OfType<Microsoft.EntityFrameworkCore.Infrastructure.RelationalOptionsExtension>().FirstOrDefault()?.MaxBatchSize
        ?? DefaultMaxBatchSize;

    public ModificationCommandBatch Create() => new SharpCoreDBModificationCommandBatch(dependencies, _maxBatchSize);
}
