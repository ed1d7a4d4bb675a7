// The hand-written half of the generated parser. Every rule that can recurse
// (expressions, selects, table sources) calls EnterNesting() first: when the
// thread's stack runs low it throws InsufficientExecutionStackException, which
// ParseDriver turns into a retry on a large stack or a syntax error, never a
// crash. The check costs a few nanoseconds per rule.
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Sql.Generated;

internal partial class SqlGrammarParser
{
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void EnterNesting() => RuntimeHelpers.EnsureSufficientExecutionStack();
}
