// A parameter a statement uses, as planning finds it: the provider binds values to these
// (by name or position) and the engine reads them through IParameterValues at execution.
namespace SharpCoreDB.Planning;

/// <summary>A parameter a statement uses; Name is without prefix, null for '?'.</summary>
internal sealed record StatementParameter(int Ordinal, string? Name, char Prefix);
