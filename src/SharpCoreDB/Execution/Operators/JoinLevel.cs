// One loop of a join pipeline: a relation's row source, the ON conditions that
// decide whether a LEFT JOIN found a match, and the filters that can be checked
// once this relation (and those before it) are bound.
using SharpCoreDB.Execution.Evaluators;

namespace SharpCoreDB.Execution.Operators;

/// <summary>A relation's place in the nested-loop pipeline.</summary>
internal sealed class JoinLevel(RowSource source, bool isLeftJoin, Evaluator[] onFilters, Evaluator[] filters)
{
    public RowSource Source => source;

    public bool IsLeftJoin => isLeftJoin;

    public Evaluator[] OnFilters => onFilters;

    public Evaluator[] Filters => filters;

    public bool Matched { get; set; }

    public bool NullEmitted { get; set; }

    /// <summary>A FULL JOIN's right side: each match is reported to the pipeline's FullJoinTail.</summary>
    public bool ReportsMatches { get; init; }
}
