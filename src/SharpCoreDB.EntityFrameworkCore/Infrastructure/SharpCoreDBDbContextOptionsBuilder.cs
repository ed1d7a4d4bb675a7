// What `UseSharpCoreDB(..., o => ...)` can set beyond the relational options (command
// timeout, batch size, migrations assembly, ...): the SharpCoreDB settings a context
// opens its database with, so that they need not be spelled in the connection string.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using SharpCoreDB.Wal;

namespace SharpCoreDB.EntityFrameworkCore.Infrastructure;

/// <summary>SharpCoreDB-specific configuration of a DbContext.</summary>
public sealed class SharpCoreDBDbContextOptionsBuilder(DbContextOptionsBuilder optionsBuilder)
    : RelationalDbContextOptionsBuilder<SharpCoreDBDbContextOptionsBuilder, SharpCoreDBOptionsExtension>(optionsBuilder)
{
    /// <summary>How a commit reaches the disk before SaveChanges returns (the connection string's <c>Durability</c>).</summary>
    public SharpCoreDBDbContextOptionsBuilder Durability(WalDurability durability) => WithOption(e => e.WithDurability(durability));

    /// <summary>Whether concurrent commits share one log flush (the connection string's <c>UseGroupCommitWal</c>).</summary>
    public SharpCoreDBDbContextOptionsBuilder UseGroupCommitWal(bool enabled = true) => WithOption(e => e.WithGroupCommitWal(enabled));

    /// <summary>The password of an encrypted database (the connection string's <c>Password</c>); never logged.</summary>
    public SharpCoreDBDbContextOptionsBuilder Password(string password)
    {
        ArgumentException.ThrowIfNullOrEmpty(password);
        return WithOption(e => e.WithPassword(password));
    }

    /// <summary>Retries an operation that failed because the database was busy (see <see cref="Storage.SharpCoreDBExecutionStrategy"/>).</summary>
    public SharpCoreDBDbContextOptionsBuilder EnableRetryOnFailure(int maxRetryCount = 6, TimeSpan? maxRetryDelay = null) =>
        ExecutionStrategy(dependencies => new Storage.SharpCoreDBExecutionStrategy(dependencies, maxRetryCount, maxRetryDelay ?? TimeSpan.FromSeconds(5)));
}
