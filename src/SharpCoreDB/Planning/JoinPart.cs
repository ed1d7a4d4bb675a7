// The FROM clause as the join planner runs it. A JoinPart is what one nested-loop pipeline
// reads: its relations, the conditions that decide its rows (inner joins' ON in Where, each
// LEFT JOIN's ON under its relation) and, first, at most one OuterJoinGroup. A join that the
// pipeline cannot run as nested loops with LEFT JOIN levels (a RIGHT or FULL JOIN of more than
// two relations, with a subquery, view or CTE where the fast paths need a table, or any outer
// join whose right side is a parenthesized join) becomes a group: its left side (everything
// the part held so far) and its right side are parts of their own, each run as its own
// pipeline and joined by OuterJoinSource, and the group becomes the first unit of the part,
// which the joins after it extend. Parts nest as the FROM clause associates: left to right.
namespace SharpCoreDB.Planning;

/// <summary>
/// A condition of the FROM clause or of WHERE, with the relations (by index) it may name: an outer
/// join's ON may not name a relation to its right, nor may any ON in a FROM with a RIGHT or FULL
/// JOIN (SQLite's "ON clause references tables to its right"); a parenthesized join's conditions
/// see only its own relations.
/// </summary>
internal sealed record JoinCondition(Expression Expression, int FirstVisible, int EndVisible)
{
    /// <summary>A WHERE condition, or an inner join's ON in a FROM without RIGHT or FULL JOIN: it may name any relation.</summary>
    public static JoinCondition Anywhere(Expression expression) => new(expression, 0, int.MaxValue);
}

/// <summary>Relations read by one nested-loop pipeline, with the conditions that decide its rows.</summary>
internal sealed class JoinPart
{
    /// <summary>The RIGHT, FULL (or parenthesized) join read as this pipeline's first unit, or null.</summary>
    public OuterJoinGroup? Group { get; set; }

    /// <summary>The relations the pipeline reads itself, in FROM order.</summary>
    public List<Relation> Relations { get; } = [];

    /// <summary>Inner joins' ON conditions (and, for the FROM clause's own part, WHERE).</summary>
    public List<JoinCondition> Where { get; } = [];

    /// <summary>Each LEFT JOINed relation's ON conditions (a RIGHT JOIN run as a LEFT JOIN: under its left side).</summary>
    public Dictionary<Relation, List<JoinCondition>> On { get; } = [];

    public List<Conjunct> CompiledWhere { get; set; } = [];

    public Dictionary<Relation, List<Conjunct>> CompiledOn { get; set; } = [];

    /// <summary>Exactly one relation and nothing joined to it yet.</summary>
    public bool IsSingleRelation => Group is null && Relations.Count == 1;

    /// <summary>The bits of every relation the pipeline yields, the group's included.</summary>
    public ulong Mask
    {
        get
        {
            ulong mask = Group?.Mask ?? 0;
            foreach (Relation r in Relations)
            {
                mask |= JoinPlanner.Bit(r);
            }

            return mask;
        }
    }

    /// <summary>Every relation the pipeline yields, the group's first, in FROM order.</summary>
    public List<Relation> AllRelations()
    {
        var all = new List<Relation>();
        if (Group is not null)
        {
            all.AddRange(Group.Left.AllRelations());
            all.AddRange(Group.Right.AllRelations());
        }

        all.AddRange(Relations);
        return all;
    }

    /// <summary>Moves everything this part holds into a new part, leaving this one empty.</summary>
    public JoinPart TakeAll()
    {
        var taken = new JoinPart { Group = Group };
        taken.Relations.AddRange(Relations);
        taken.Where.AddRange(Where);
        foreach ((Relation r, List<JoinCondition> conditions) in On)
        {
            taken.On[r] = conditions;
        }

        Group = null;
        Relations.Clear();
        Where.Clear();
        On.Clear();
        return taken;
    }

    /// <summary>Adds a part's relations and conditions to this one (an inner join with a parenthesized join of inner and LEFT joins).</summary>
    public void Absorb(JoinPart other)
    {
        Relations.AddRange(other.Relations);
        Where.AddRange(other.Where);
        foreach ((Relation r, List<JoinCondition> conditions) in other.On)
        {
            On[r] = conditions;
        }
    }
}

/// <summary>A join of two pipelines run by OuterJoinSource: the left side's rows, matched against the materialized right side's.</summary>
internal sealed class OuterJoinGroup(JoinKind kind, JoinPart left, JoinPart right, List<JoinCondition> on)
{
    /// <summary>Right or Full; Left or Inner when the right side is a parenthesized join that cannot be flattened.</summary>
    public JoinKind Kind => kind;

    public JoinPart Left => left;

    public JoinPart Right => right;

    /// <summary>The join's ON condition and USING equalities.</summary>
    public List<JoinCondition> On => on;

    public List<Conjunct> CompiledOn { get; set; } = [];

    public ulong Mask => left.Mask | right.Mask;
}
