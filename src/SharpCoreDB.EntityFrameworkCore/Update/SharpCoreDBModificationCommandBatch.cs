// How many of SaveChanges' statements go to the engine in one command: one by default.
// In-process there is no round trip to save, and the engine keeps the parse of a SQL
// text it has seen (StatementCache): 1,000 inserts as 1,000 commands of one repeated
// text took 36 ms, as 8 batches of 128 different texts (each parsed anew) 57 ms
// (EfCoreBenchmarks, SQLite's provider 31 ms). MaxBatchSize(n) still batches: several
// statements in one command text, their RETURNING rows read as successive result sets.
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBModificationCommandBatch(ModificationCommandBatchFactoryDependencies dependencies, int maxBatchSize)
    : AffectedCountModificationCommandBatch(dependencies, maxBatchSize);

internal sealed class SharpCoreDBModificationCommandBatchFactory(ModificationCommandBatchFactoryDependencies dependencies, IDbContextOptions options)
    : IModificationCommandBatchFactory
{
    /// <summary>Statements per command unless MaxBatchSize says otherwise.</summary>
    public const int DefaultMaxBatchSize = 1;

    private readonly int _maxBatchSize = RelationalOptionsExtension.Extract(options).MaxBatchSize ?? DefaultMaxBatchSize;

    public ModificationCommandBatch Create() => new SharpCoreDBModificationCommandBatch(dependencies, _maxBatchSize);
}
