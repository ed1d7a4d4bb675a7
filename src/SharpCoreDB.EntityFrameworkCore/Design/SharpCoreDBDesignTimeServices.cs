// The services `dotnet ef` needs from a provider at design time: the provider's runtime
// services (migrations add uses the model differ, the SQL generator and the type mappings),
// the database model factory that `dbcontext scaffold` reads a database with, and the code
// generator that writes UseSharpCoreDB(...) into a scaffolded context. The tools find this
// class through the assembly's DesignTimeProviderServices attribute, by the provider
// assembly named in the context's options.
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.EntityFrameworkCore.Scaffolding;

[assembly: DesignTimeProviderServices("SharpCoreDB.EntityFrameworkCore.Design.SharpCoreDBDesignTimeServices")]

namespace SharpCoreDB.EntityFrameworkCore.Design;

/// <summary>Registers SharpCoreDB's design-time services for the EF Core tools (scaffolding, migrations).</summary>
public sealed class SharpCoreDBDesignTimeServices : IDesignTimeServices
{
    /// <inheritdoc />
    public void ConfigureDesignTimeServices(IServiceCollection serviceCollection)
    {
        serviceCollection.AddEntityFrameworkSharpCoreDB();
        new EntityFrameworkRelationalDesignServicesBuilder(serviceCollection)
            .TryAdd<IDatabaseModelFactory, SharpCoreDBDatabaseModelFactory>()
            .TryAdd<IProviderConfigurationCodeGenerator, SharpCoreDBCodeGenerator>()
            .TryAddCoreServices();
    }
}
