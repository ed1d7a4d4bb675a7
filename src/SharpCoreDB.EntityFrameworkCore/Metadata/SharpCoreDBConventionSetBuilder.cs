// The model conventions: the relational ones as they are. A provider must name its
// convention set builder; SharpCoreDB's keys, indexes and value generation follow the
// relational defaults (an integer key is ValueGenerated.OnAdd, numbered by the engine).
using Microsoft.EntityFrameworkCore.Metadata.Conventions.Infrastructure;

namespace SharpCoreDB.EntityFrameworkCore.Metadata;

internal sealed class SharpCoreDBConventionSetBuilder(
    ProviderConventionSetBuilderDependencies dependencies, RelationalConventionSetBuilderDependencies relationalDependencies)
    : RelationalConventionSetBuilder(dependencies, relationalDependencies);
