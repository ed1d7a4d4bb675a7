// Prints the ORDER BY, FILTER and OVER clauses of a function call (names of result columns that
// use window functions, and round trips).
using System.Text;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Printing;

internal static partial class SqlText
{
    private static void AppendFilterAndOver(StringBuilder b, FunctionCallExpression call)
    {
        if (call.Filter is not null)
        {
            b.Append(" FILTER (WHERE ");
            Append(b, call.Filter);
            b.Append(')');
        }

        if (call.Over is not { } over)
        {
            return;
        }

        b.Append(" OVER ");
        if (over is { BaseName: { } onlyName, PartitionBy.Count: 0, OrderBy.Count: 0, Frame: null })
        {
            b.Append(Name(onlyName));
            return;
        }

        b.Append('(');
        AppendWindow(b, over);
        b.Append(')');
    }

    private static void AppendWindow(StringBuilder b, WindowDefinition window)
    {
        var parts = new List<string>();
        if (window.BaseName is not null)
        {
            parts.Add(Name(window.BaseName));
        }

        if (window.PartitionBy.Count > 0)
        {
            var partition = new StringBuilder("PARTITION BY ");
            AppendList(partition, window.PartitionBy);
            parts.Add(partition.ToString());
        }

        if (window.OrderBy.Count > 0)
        {
            var order = new StringBuilder();
            AppendOrderBy(order, window.OrderBy, "ORDER BY ");
            parts.Add(order.ToString());
        }

        if (window.Frame is { } frame)
        {
            var text = new StringBuilder(frame.Unit.ToString().ToUpperInvariant()).Append(" BETWEEN ");
            AppendBound(text, frame.Start);
            text.Append(" AND ");
            AppendBound(text, frame.End);
            text.Append(frame.Exclusion switch
            {
                FrameExclusion.CurrentRow => " EXCLUDE CURRENT ROW",
                FrameExclusion.Group => " EXCLUDE GROUP",
                FrameExclusion.Ties => " EXCLUDE TIES",
                _ => string.Empty,
            });
            parts.Add(text.ToString());
        }

        b.Append(string.Join(' ', parts));
    }

    private static void AppendOrderBy(StringBuilder b, SqlList<OrderingTerm> terms, string prefix)
    {
        for (int i = 0; i < terms.Count; i++)
        {
            OrderingTerm term = terms[i];
            b.Append(i > 0 ? ", " : prefix);
            Append(b, term.Expression);
            b.Append(term.Direction == SortDirection.Descending ? " DESC" : string.Empty);
            b.Append(term.Nulls switch { NullsOrder.First => " NULLS FIRST", NullsOrder.Last => " NULLS LAST", _ => string.Empty });
        }
    }

    private static void AppendBound(StringBuilder b, FrameBound bound)
    {
        switch (bound.Kind)
        {
            case FrameBoundKind.UnboundedPreceding:
                b.Append("UNBOUNDED PRECEDING");
                break;
            case FrameBoundKind.UnboundedFollowing:
                b.Append("UNBOUNDED FOLLOWING");
                break;
            case FrameBoundKind.CurrentRow:
                b.Append("CURRENT ROW");
                break;
            default:
                Nested(b, bound.Offset!);
                b.Append(bound.Kind == FrameBoundKind.Preceding ? " PRECEDING" : " FOLLOWING");
                break;
        }
    }
}
