// UseSharpCoreDB: how an application chooses this provider, by connection string or by
// an open or closed SharpCoreDBConnection, in OnConfiguring or AddDbContext.
using System.Data.Common;
using Microsoft.EntityFrameworkCore.Infrastructure;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;

// Where EF Core users look for Use* methods.
namespace Microsoft.EntityFrameworkCore;

/// <summary>Chooses SharpCoreDB as a context's database.</summary>
public static class SharpCoreDBDbContextOptionsBuilderExtensions
{
    /// <summary>Uses SharpCoreDB; the connection string is set later (e.g. <c>Database.SetConnectionString</c>).</summary>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null) =>
        Configure(optionsBuilder, GetOrCreateExtension(optionsBuilder), configure);

    /// <summary>Uses the SharpCoreDB database the connection string names (e.g. <c>Data Source=app.scdb</c>).</summary>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder, string connectionString, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null)
    {
        ArgumentException.ThrowIfNullOrEmpty(connectionString);
        return Configure(optionsBuilder, (SharpCoreDBOptionsExtension)GetOrCreateExtension(optionsBuilder).WithConnectionString(connectionString), configure);
    }

    /// <summary>Uses an existing connection, which the application keeps owning (EF Core opens and closes it only if it was closed).</summary>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder, DbConnection connection, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null) =>
        UseSharpCoreDB(optionsBuilder, connection, contextOwnsConnection: false, configure);

    /// <summary>Uses an existing connection; with <paramref name="contextOwnsConnection"/> the context disposes it.</summary>
    public static DbContextOptionsBuilder UseSharpCoreDB(
        this DbContextOptionsBuilder optionsBuilder,
        DbConnection connection,
        bool contextOwnsConnection,
        Action<SharpCoreDBDbContextOptionsBuilder>? configure = null)
    {
        ArgumentNullException.ThrowIfNull(connection);
        return Configure(
            optionsBuilder, (SharpCoreDBOptionsExtension)GetOrCreateExtension(optionsBuilder).WithConnection(connection, contextOwnsConnection), configure);
    }

    /// <summary>Uses SharpCoreDB; the connection string is set later.</summary>
    public static DbContextOptionsBuilder<TContext> UseSharpCoreDB<TContext>(
        this DbContextOptionsBuilder<TContext> optionsBuilder, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null)
        where TContext : DbContext =>
        (DbContextOptionsBuilder<TContext>)UseSharpCoreDB((DbContextOptionsBuilder)optionsBuilder, configure);

    /// <summary>Uses the SharpCoreDB database the connection string names.</summary>
    public static DbContextOptionsBuilder<TContext> UseSharpCoreDB<TContext>(
        this DbContextOptionsBuilder<TContext> optionsBuilder, string connectionString, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null)
        where TContext : DbContext =>
        (DbContextOptionsBuilder<TContext>)UseSharpCoreDB((DbContextOptionsBuilder)optionsBuilder, connectionString, configure);

    /// <summary>Uses an existing connection, which the application keeps owning.</summary>
    public static DbContextOptionsBuilder<TContext> UseSharpCoreDB<TContext>(
        this DbContextOptionsBuilder<TContext> optionsBuilder, DbConnection connection, Action<SharpCoreDBDbContextOptionsBuilder>? configure = null)
        where TContext : DbContext =>
        (DbContextOptionsBuilder<TContext>)UseSharpCoreDB((DbContextOptionsBuilder)optionsBuilder, connection, configure);

    private static SharpCoreDBOptionsExtension GetOrCreateExtension(DbContextOptionsBuilder optionsBuilder) =>
        optionsBuilder.Options.FindExtension<SharpCoreDBOptionsExtension>() ?? new SharpCoreDBOptionsExtension();

    private static DbContextOptionsBuilder Configure(
        DbContextOptionsBuilder optionsBuilder, SharpCoreDBOptionsExtension extension, Action<SharpCoreDBDbContextOptionsBuilder>? configure)
    {
        ArgumentNullException.ThrowIfNull(optionsBuilder);
        ((IDbContextOptionsBuilderInfrastructure)optionsBuilder).AddOrUpdateExtension(extension);
        configure?.Invoke(new SharpCoreDBDbContextOptionsBuilder(optionsBuilder));
        return optionsBuilder;
    }
}
