// What the planner and executor need to know about a scalar function: its body,
// whether it may be folded or cached (RANDOM may not), and the affinity of its
// result where it is fixed (for the comparison rules; None for most functions,
// which like SQLite's have no affinity).

namespace SharpCoreDB.Execution.Functions;

/// <summary>A resolved scalar function.</summary>
/// <param name="Name">The canonical (upper-case) name.</param>
/// <param name="Function">The body.</param>
/// <param name="IsDeterministic">False for functions whose result varies between calls with the same arguments (RANDOM, 'now').</param>
/// <param name="ResultAffinity">The affinity of the result for comparisons; None when it has none.</param>
internal sealed record ScalarFunctionInfo(string Name, ScalarFunction Function, bool IsDeterministic, SqlTypeAffinity ResultAffinity);
