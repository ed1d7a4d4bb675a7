// What a scaffolded DbContext's OnConfiguring calls: UseSharpCoreDB(connectionString), with
// the provider options a plugin adds as a nested closure, as EF Core's providers write it.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Scaffolding;
using SharpCoreDB.EntityFrameworkCore.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

internal sealed class SharpCoreDBCodeGenerator(ProviderCodeGeneratorDependencies dependencies) : ProviderCodeGenerator(dependencies)
{
    private static readonly MethodInfo UseSharpCoreDB = typeof(SharpCoreDBDbContextOptionsBuilderExtensions).GetRuntimeMethod(
        nameof(SharpCoreDBDbContextOptionsBuilderExtensions.UseSharpCoreDB),
        [typeof(DbContextOptionsBuilder), typeof(string), typeof(Action<SharpCoreDBDbContextOptionsBuilder>)])!;

    public override MethodCallCodeFragment GenerateUseProvider(string connectionString, MethodCallCodeFragment? providerOptions) =>
        new(UseSharpCoreDB, providerOptions is null ? [connectionString] : [connectionString, new NestedClosureCodeFragment("x", providerOptions)]);
}
