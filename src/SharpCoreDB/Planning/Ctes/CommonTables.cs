// The common table expressions a statement's planning can see, innermost WITH last.
// A WITH clause is entered for the statement it prefixes and left when that is
// planned; a CTE's own query and a view's query are planned with the list swapped
// for what they may see (a view sees no CTE of the statement that reads it).

namespace SharpCoreDB.Planning.Ctes;

/// <summary>The CTEs in scope during planning.</summary>
internal sealed class CommonTables
{
    private IReadOnlyList<CteDefinition> _visible = [];

    /// <summary>The CTE a plain table name means here, or null (a CTE hides a table of the same name).</summary>
    public CteDefinition? Find(string name)
    {
        for (int i = _visible.Count - 1; i >= 0; i--)
        {
            if (string.Equals(_visible[i].Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return _visible[i];
            }
        }

        return null;
    }

    /// <summary>Brings <paramref name="with"/>'s CTEs into scope until the result is disposed.</summary>
    public Restore Enter(WithClause? with, Statement statement, Scope? parent)
    {
        IReadOnlyList<CteDefinition> previous = _visible;
        if (with is null)
        {
            return new Restore(this, previous);
        }

        TableReferences references = TableReferences.Of(statement);
        var visible = new List<CteDefinition>(previous);
        var names = new HashSet<string>(StringComparer.OrdinalIgnoreCase);
        foreach (CommonTableExpression cte in with.Tables)
        {
            if (!names.Add(cte.Name))
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"duplicate WITH table name: {cte.Name}");
            }

            // A recursive CTE's own steps name it too; only the references from elsewhere decide sharing.
            int elsewhere = references.Count(cte.Name) - TableReferences.Of(cte.Query).Count(cte.Name);
            visible.Add(new CteDefinition(cte, parent, elsewhere));
        }

        for (int i = previous.Count; i < visible.Count; i++)
        {
            visible[i].Visible = visible;
        }

        _visible = visible;
        return new Restore(this, previous);
    }

    /// <summary>Makes <paramref name="visible"/> the CTEs in scope until the result is disposed.</summary>
    public Restore Swap(IReadOnlyList<CteDefinition> visible)
    {
        IReadOnlyList<CteDefinition> previous = _visible;
        _visible = visible;
        return new Restore(this, previous);
    }

    /// <summary>Puts the previous scope back.</summary>
    public readonly struct Restore(CommonTables tables, IReadOnlyList<CteDefinition> previous) : IDisposable
    {
        public void Dispose() => tables._visible = previous;
    }
}
