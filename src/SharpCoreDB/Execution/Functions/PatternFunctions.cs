// LIKE(pattern, text [, escape]) and GLOB(pattern, text): the function forms of
// the operators, with SQLite's argument order (pattern first).
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of the pattern-matching functions.</summary>
internal static class PatternFunctions
{
    public static DbValue Like(ReadOnlySpan<DbValue> args) =>
        SqlLike.Like(args[1], args[0], args.Length > 2 ? args[2] : DbValue.Null, args.Length > 2);

    public static DbValue Glob(ReadOnlySpan<DbValue> args) => SqlLike.Glob(args[1], args[0]);
}
