// Compiles what an index on expressions or a partial index computes from one row of
// its table (its key expressions and its WHERE) over a scope that holds just that row,
// the table named by its own name (a partial index's WHERE may say `t.col`). DML
// compiles them beside the table's CHECKs, over the same frame; CREATE INDEX, REINDEX
// and integrity_check compile one index on its own.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Execution.Functions;

namespace SharpCoreDB.Planning;

/// <summary>Compiles index key expressions and WHEREs.</summary>
internal static class IndexRowCompiler
{
    /// <summary>The evaluators of <paramref name="index"/> over <paramref name="scope"/>'s row; null for a plain index.</summary>
    public static IndexRowEvaluators? Compile(PlanningContext planning, IndexSchema index, Scope scope)
    {
        if (index.IsPlain)
        {
            return null;
        }

        foreach (Expression? key in index.KeyExpressions)
        {
            if (key is not null)
            {
                ApplicationFunctionRules.RequireDeterministic(key, planning.Functions, "index expressions");
            }
        }

        if (index.Where is { } filter)
        {
            ApplicationFunctionRules.RequireDeterministic(filter, planning.Functions, "partial index WHERE clauses");
        }

        Evaluator?[] keys = [.. index.KeyExpressions.Select(e => e is null ? null : planning.Expressions.Compile(e, scope))];
        Evaluator? where = index.Where is { } condition ? planning.Expressions.Compile(condition, scope) : null;
        return new IndexRowEvaluators(scope.Frame, keys, where);
    }

    /// <summary>
    /// The evaluators of <paramref name="index"/> on <paramref name="table"/> over a frame of their own, calling the
    /// session's application <paramref name="functions"/> (deterministic ones may key an index, as in SQLite).
    /// </summary>
    public static IndexRowEvaluators? Compile(SchemaCatalog catalog, TableSchema table, IndexSchema index, UserFunctions functions) =>
        index.IsPlain
            ? null
            : Compile(new PlanningContext(catalog, new QueryContext(null)) { Functions = functions }, index, DmlPlanner.RowScope(table, table.Name));

    /// <summary>What schema statements compile through the planner, with the session's application functions and collations.</summary>
    public static DdlCompilers For(SchemaCatalog catalog, UserFunctions functions) =>
        new(constant => PlanningContext.EvaluateConstant(catalog, constant), (table, index) => Compile(catalog, table, index, functions), functions.Collations);
}
