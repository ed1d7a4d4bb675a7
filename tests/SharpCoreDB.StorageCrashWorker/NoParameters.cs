// The parameter source of the workloads' SQL statements, which bind none: a statement
// that asks for a value is a mistake in the workload.
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;

namespace SharpCoreDB.StorageCrashWorker;

internal sealed class NoParameters : IParameterValues
{
    public static readonly NoParameters Instance = new();

    public Values.DbValue GetValue(StatementParameter parameter) =>
        throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, "the workloads bind no parameters");
}
