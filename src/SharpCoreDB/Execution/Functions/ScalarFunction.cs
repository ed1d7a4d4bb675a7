// The shape of a scalar SQL function: it receives its evaluated arguments and
// returns one value. Arguments come as a span so the executor can pass a slice
// of a reused buffer and a call allocates nothing beyond its result.

namespace SharpCoreDB.Execution.Functions;

/// <summary>A scalar SQL function body.</summary>
internal delegate DbValue ScalarFunction(ReadOnlySpan<DbValue> args);
