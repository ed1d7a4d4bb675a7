// The INSERT, UPDATE and DELETE statements SaveChanges runs: the relational layer's,
// which the engine runs as they are. Generated values (the rowid key, computed columns)
// come back through RETURNING in the same statement, and an optimistic concurrency check
// is RETURNING 1: a row that the WHERE no longer matches returns nothing, which EF Core
// reports as DbUpdateConcurrencyException. Only sequences are missing.
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBUpdateSqlGenerator(UpdateSqlGeneratorDependencies dependencies) : UpdateSqlGenerator(dependencies)
{
    public override string GenerateNextSequenceValueOperation(string name, string? schema) =>
        throw new NotSupportedException($"SharpCoreDB has no sequences (asked for '{name}'): use an INTEGER PRIMARY KEY, which the database numbers itself.");
}
