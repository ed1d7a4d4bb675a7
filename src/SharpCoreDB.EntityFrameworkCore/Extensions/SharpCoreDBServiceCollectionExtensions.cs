// The provider's services, registered into EF Core's internal service provider (each
// replaces the relational default or fills a slot the relational layer leaves to the
// provider), and AddSharpCoreDB<TContext> for applications that use dependency injection.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Diagnostics;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Metadata.Conventions.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Storage;
using Microsoft.EntityFrameworkCore.Update;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;
using SharpCoreDB.EntityFrameworkCore.Metadata;
using SharpCoreDB.EntityFrameworkCore.Migrations;
using SharpCoreDB.EntityFrameworkCore.Query;
using SharpCoreDB.EntityFrameworkCore.Storage;
using SharpCoreDB.EntityFrameworkCore.Update;

// Where dependency-injection users look for Add* methods.
namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers the SharpCoreDB provider's services.</summary>
public static class SharpCoreDBServiceCollectionExtensions
{
    /// <summary>Registers <typeparamref name="TContext"/> on the SharpCoreDB database the connection string names.</summary>
    public static IServiceCollection AddSharpCoreDB<TContext>(
        this IServiceCollection services,
        string connectionString,
        Action<SharpCoreDBDbContextOptionsBuilder>? configure = null,
        Action<DbContextOptionsBuilder>? configureOptions = null)
        where TContext : DbContext =>
        services.AddDbContext<TContext>((_, options) =>
        {
            configureOptions?.Invoke(options);
            options.UseSharpCoreDB(connectionString, configure);
        });

    /// <summary>
    /// Adds the provider's services to an internal service provider; needed only with
    /// <c>UseInternalServiceProvider</c>, since <c>UseSharpCoreDB</c> adds them itself.
    /// </summary>
    public static IServiceCollection AddEntityFrameworkSharpCoreDB(this IServiceCollection services)
    {
        new EntityFrameworkRelationalServicesBuilder(services)
            .TryAdd<LoggingDefinitions, SharpCoreDBLoggingDefinitions>()
            .TryAdd<IDatabaseProvider, DatabaseProvider<SharpCoreDBOptionsExtension>>()
            .TryAdd<IRelationalTypeMappingSource, SharpCoreDBTypeMappingSource>()
            .TryAdd<ISqlGenerationHelper, SharpCoreDBSqlGenerationHelper>()
            .TryAdd<IRelationalAnnotationProvider, SharpCoreDBAnnotationProvider>()
            .TryAdd<IProviderConventionSetBuilder, SharpCoreDBConventionSetBuilder>()
            .TryAdd<IModificationCommandBatchFactory, SharpCoreDBModificationCommandBatchFactory>()
            .TryAdd<IRelationalConnection>(provider => provider.GetRequiredService<SharpCoreDBRelationalConnection>())
            .TryAdd<IMigrationsSqlGenerator, SharpCoreDBMigrationsSqlGenerator>()
            .TryAdd<IMigrator, SharpCoreDBMigrator>()
            .TryAdd<IMigrationCommandExecutor, SharpCoreDBMigrationCommandExecutor>()
            .TryAdd<IRelationalDatabaseCreator, SharpCoreDBDatabaseCreator>()
            .TryAdd<IHistoryRepository, SharpCoreDBHistoryRepository>()
            .TryAdd<IMethodCallTranslatorProvider, SharpCoreDBMethodCallTranslatorProvider>()
            .TryAdd<IMemberTranslatorProvider, SharpCoreDBMemberTranslatorProvider>()
            .TryAdd<IAggregateMethodCallTranslatorProvider, SharpCoreDBAggregateMethodCallTranslatorProvider>()
            .TryAdd<IRelationalSqlTranslatingExpressionVisitorFactory, SharpCoreDBSqlTranslatingExpressionVisitorFactory>()
            .TryAdd<IQuerySqlGeneratorFactory, SharpCoreDBQuerySqlGeneratorFactory>()
            .TryAdd<IQueryableMethodTranslatingExpressionVisitorFactory, SharpCoreDBQueryableMethodTranslatingExpressionVisitorFactory>()
            .TryAdd<IQueryTranslationPostprocessorFactory, SharpCoreDBQueryTranslationPostprocessorFactory>()
            .TryAdd<IRelationalParameterBasedSqlProcessorFactory, SharpCoreDBParameterBasedSqlProcessorFactory>()
            .TryAdd<IUpdateSqlGenerator, SharpCoreDBUpdateSqlGenerator>()
            .TryAdd<IModificationCommandFactory, SharpCoreDBModificationCommandFactory>()
            .TryAddProviderSpecificServices(provider => provider.TryAddScoped<SharpCoreDBRelationalConnection, SharpCoreDBRelationalConnection>())
            .TryAddCoreServices();
        return services;
    }
}
