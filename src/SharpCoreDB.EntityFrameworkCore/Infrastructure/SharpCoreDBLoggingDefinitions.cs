// EF Core keeps each provider's log-message definitions in one object per service
// provider; SharpCoreDB logs only the relational layer's messages.
using Microsoft.EntityFrameworkCore.Diagnostics;

namespace SharpCoreDB.EntityFrameworkCore.Infrastructure;

internal sealed class SharpCoreDBLoggingDefinitions : RelationalLoggingDefinitions;
