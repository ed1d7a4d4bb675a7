// Finds the table names a statement reads, with how deeply each sits in subqueries:
// depth 0 is a name in the FROM clause of the query itself, each subquery (in FROM,
// in an expression, or the query of a nested WITH) adds one. Common table
// expressions need this before anything is planned: how many times the statement
// names a CTE decides whether it is computed once and shared, and a recursive CTE's
// query is checked for where it names itself.

namespace SharpCoreDB.Planning.Ctes;

/// <summary>Collects the table references of statements and queries.</summary>
internal sealed class TableReferences
{
    private readonly List<(TableReference Reference, int Depth)> _found = [];

    /// <summary>Every table reference found, in the order the statement names them.</summary>
    public IReadOnlyList<(TableReference Reference, int Depth)> Found => _found;

    /// <summary>How many references name <paramref name="name"/> (a schema-qualified name never names a CTE).</summary>
    public int Count(string name, int maxDepth = int.MaxValue)
    {
        int count = 0;
        foreach ((TableReference reference, int depth) in _found)
        {
            if (depth <= maxDepth && Names(reference, name))
            {
                count++;
            }
        }

        return count;
    }

    public static bool Names(TableReference reference, string name) =>
        reference.Name.Schema is null && string.Equals(reference.Name.Name, name, StringComparison.OrdinalIgnoreCase);

    public static TableReferences Of(Statement statement)
    {
        var references = new TableReferences();
        switch (statement)
        {
            case SelectStatement select:
                references.Query(select, 0);
                break;
            case InsertStatement insert:
                references.With(insert.With, 0);
                if (insert.Source is SelectSource source)
                {
                    references.Query(source.Query, 1);
                }
                else if (insert.Source is ValuesSource values)
                {
                    foreach (SqlList<Expression> row in values.Rows)
                    {
                        references.Expressions(row, 1);
                    }
                }

                references.Columns(insert.Returning, 1);
                break;
            case UpdateStatement update:
                references.With(update.With, 0);
                foreach (Assignment assignment in update.Assignments)
                {
                    references.Expression(assignment.Value, 1);
                }

                references.Expression(update.Where, 1);
                references.Columns(update.Returning, 1);
                break;
            case DeleteStatement delete:
                references.With(delete.With, 0);
                references.Expression(delete.Where, 1);
                references.Columns(delete.Returning, 1);
                break;
        }

        return references;
    }

    /// <summary>The references of one body of a compound query, at depth 0 for its own FROM clause.</summary>
    public static TableReferences Of(SelectBody body)
    {
        var references = new TableReferences();
        references.Body(body, 0);
        return references;
    }

    private void Query(SelectStatement query, int depth)
    {
        With(query.With, depth);
        Body(query.First, depth);
        foreach (CompoundPart part in query.Compounds)
        {
            Body(part.Body, depth);
        }

        foreach (OrderingTerm term in query.OrderBy)
        {
            Expression(term.Expression, depth + 1);
        }

        if (query.Limit is not null)
        {
            Expression(query.Limit.Limit, depth + 1);
            Expression(query.Limit.Offset, depth + 1);
        }
    }

    private void With(WithClause? with, int depth)
    {
        if (with is null)
        {
            return;
        }

        foreach (CommonTableExpression cte in with.Tables)
        {
            Query(cte.Query, depth + 1);
        }
    }

    private void Body(SelectBody body, int depth)
    {
        switch (body)
        {
            case ValuesBody values:
                foreach (SqlList<Expression> row in values.Rows)
                {
                    Expressions(row, depth + 1);
                }

                break;
            case SelectCore core:
                Columns(core.Columns, depth + 1);
                Source(core.From, depth);
                Expression(core.Where, depth + 1);
                Expressions(core.GroupBy, depth + 1);
                Expression(core.Having, depth + 1);
                break;
        }
    }

    private void Source(TableSource? source, int depth)
    {
        switch (source)
        {
            case TableReference reference:
                _found.Add((reference, depth));
                break;
            case SubquerySource subquery:
                Query(subquery.Query, depth + 1);
                break;
            case TableFunctionSource function:
                Expressions(function.Arguments, depth + 1);
                break;
            case JoinSource join:
                Source(join.Left, depth);
                Source(join.Right, depth);
                Expression(join.On, depth + 1);
                break;
        }
    }

    private void Columns(SqlList<ResultColumn> columns, int depth)
    {
        foreach (ResultColumn column in columns)
        {
            if (column is ExpressionColumn expression)
            {
                Expression(expression.Expression, depth);
            }
        }
    }

    private void Expressions(SqlList<Expression> expressions, int depth)
    {
        foreach (Expression expression in expressions)
        {
            Expression(expression, depth);
        }
    }

    // Expressions are walked at the depth of a subquery they might hold: an expression
    // itself names no table, only the queries inside it do.
    private void Expression(Expression? expression, int depth)
    {
        switch (expression)
        {
            case null:
                return;
            case SubqueryExpression subquery:
                Query(subquery.Subquery, depth);
                return;
            case ExistsExpression exists:
                Query(exists.Subquery, depth);
                return;
            case InExpression { Subquery: { } inQuery } inExpression:
                Expression(inExpression.Operand, depth);
                Query(inQuery, depth);
                return;
        }

        foreach (Expression child in ExpressionWalker.Children(expression))
        {
            Expression(child, depth);
        }
    }
}
