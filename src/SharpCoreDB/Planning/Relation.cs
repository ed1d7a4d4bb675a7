// One item of a FROM clause as the planner sees it: a table (or view/subquery
// turned into a plan), its alias, its columns and where they live in the query
// frame, and which columns the query actually reads.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Operators;

namespace SharpCoreDB.Planning;

/// <summary>A relation in a SELECT's FROM clause.</summary>
internal sealed class Relation
{
    public required string Name { get; init; }

    public required int Index { get; init; }

    public TableSchema? Table { get; init; }

    public PlanNode? Subplan { get; init; }

    public bool SubplanCorrelated { get; init; }

    /// <summary>What EXPLAIN calls a subplan relation: "SUBQUERY s", "VIEW v", "CTE c".</summary>
    public string Label { get; init; } = string.Empty;

    /// <summary>INDEXED BY: the only index the table may be read through (never its rowid or a hash join).</summary>
    public IndexSchema? ForcedIndex { get; init; }

    /// <summary>NOT INDEXED: no index may serve the table (rowid lookups and ranges still may).</summary>
    public bool NotIndexed { get; init; }

    /// <summary>The partial indexes of the table that the query's conditions imply (<see cref="PartialIndexUse"/>), set by the join planner.</summary>
    public HashSet<IndexSchema> ImpliedPartialIndexes { get; set; } = [];

    /// <summary>Whether reading the table through <paramref name="index"/> yields every row the query may want.</summary>
    public bool CanUse(IndexSchema index) => !index.IsPartial || ImpliedPartialIndexes.Contains(index);

    /// <summary>Set for the recursive table inside a recursive CTE's step: the one row being expanded.</summary>
    public WorkingRow? WorkingRow { get; init; }

    /// <summary>Its columns are named only with its name in front (UPSERT's "excluded").</summary>
    public bool QualifiedOnly { get; init; }

    public required string[] ColumnNames { get; init; }

    public required SqlTypeAffinity[] Affinities { get; init; }

    /// <summary>Each column's collation (a table column's COLLATE, a subquery column's source column's); null for none.</summary>
    public required TextCollation?[] Collations { get; init; }

    public int FirstSlot { get; set; }

    /// <summary>The slot holding the rowid (tables only), else -1.</summary>
    public int RowIdSlot { get; set; } = -1;

    public required bool[] Used { get; init; }

    public bool IsLeftJoined { get; set; }

    /// <summary>The right side of a FULL JOIN: left-joined, and its unmatched rows follow the join's.</summary>
    public bool IsFullJoined { get; set; }

    /// <summary>Relations that must be bound before this one (everything left of a LEFT JOIN).</summary>
    public ulong MustFollow { get; set; }

    /// <summary>ON conditions of a LEFT JOIN, which decide the match rather than filter the result.</summary>
    public List<Expression> OnConditions { get; } = [];

    /// <summary>How many of the last columns `*` leaves out (json_each's json and root, as SQLite's hidden columns).</summary>
    public int HiddenColumns { get; init; }

    /// <summary>json_each / json_tree: the source reading it, built once the relation has its slots.</summary>
    public RowSource? TableFunction { get; set; }

    /// <summary>Columns merged by USING: not repeated by `*`.</summary>
    public HashSet<string> HiddenByUsing { get; } = new(StringComparer.OrdinalIgnoreCase);

    /// <summary>
    /// The join that brought this relation in (on its right side); Inner for the first. A name merged by
    /// USING reads the right relation of a RIGHT JOIN and the coalesce of both sides of a FULL JOIN.
    /// </summary>
    public JoinKind JoinedBy { get; set; } = JoinKind.Inner;

    /// <summary>Left of a RIGHT or FULL JOIN: `*` shows a column that a later USING merges under its merged name.</summary>
    public bool LeftOfRightJoin { get; set; }

    public int FindColumn(string name)
    {
        for (int i = 0; i < ColumnNames.Length; i++)
        {
            if (string.Equals(ColumnNames[i], name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return -1;
    }
}
