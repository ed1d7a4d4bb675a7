// One page of a table or view for the grid, read on the server so that a table of a
// million rows sends a hundred. Tables page by key, never by OFFSET: after a page
// ending at sort value v and rowid r, the next one is the rows after (v, r) in
// (sortcol, rowid) order, written as
//     sortcol >= @v AND (sortcol > @v OR rowid > @r) ORDER BY sortcol, rowid LIMIT @n
// rather than as the row value (sortcol, rowid) > (@v, @r), because the planner
// seeks an index (or the rowid) on the first form and scans from the start on the
// second. NULLs come first in ascending order and last in descending order, and a
// comparison with NULL is never true, so a page that crosses the NULLs runs as two
// queries: the rest of the NULLs by rowid, then the non-NULL values (or the other
// way round). Unsorted tables and sorts on the rowid page by rowid alone. A view has
// no rowid, so it pages by LIMIT/OFFSET. Names come from the catalog, quoted; every
// value is a parameter.
using System.Globalization;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Data;

internal enum SortDirection
{
    Ascending,
    Descending,
}

/// <summary>What the grid asks for: a table, its order, its filters and where the page starts (null: the first).</summary>
internal sealed record PageRequest(
    string Table,
    string? SortColumn = null,
    SortDirection Direction = SortDirection.Ascending,
    IReadOnlyList<ColumnFilter>? Filters = null,
    string? Cursor = null,
    int PageSize = 100);

/// <summary>A row on the wire: its rowid (null in a view), each value's text (null for NULL) and kinds, one letter each.</summary>
internal sealed record GridRow(string? Id, string?[] V, string T);

internal sealed record PageResult(string Table, IReadOnlyList<string> Columns, IReadOnlyList<GridRow> Rows, string? Next, bool Editable);

/// <summary>One query of a page: its SQL and parameters; @limit is bound when it runs.</summary>
internal sealed record PageQuery(string Sql, IReadOnlyDictionary<string, object?> Parameters);

/// <summary>Reads pages of tables and views.</summary>
internal static class TablePager
{
    public const int MaxPageSize = 1000;

    /// <summary>The queries that read the page <paramref name="request"/> asks for, in order.</summary>
    public static IReadOnlyList<PageQuery> Plan(SchemaRelation relation, PageRequest request)
    {
        var parameters = new Dictionary<string, object?>();
        var conditions = new List<string>();
        IReadOnlyList<ColumnFilter> filters = request.Filters ?? [];
        for (int i = 0; i < filters.Count; i++)
        {
            SchemaColumn filtered = RequireColumn(relation, filters[i].Column);
            conditions.Add(RowFilter.Condition(DatabaseSchema.Quote(filtered.Name), filters[i], "@f" + i, parameters));
        }

        SchemaColumn? sort = request.SortColumn is null ? null : RequireColumn(relation, request.SortColumn);
        PageCursor? cursor = request.Cursor is null ? null : PageCursor.Decode(request.Cursor);
        string columns = string.Join(", ", relation.Columns.Select(c => DatabaseSchema.Quote(c.Name)));
        string from = " FROM " + DatabaseSchema.Quote(relation.Name);
        bool descending = request.Direction == SortDirection.Descending;
        string direction = descending ? " DESC" : "";

        if (relation.RowId is not { } rowid)
        {
            parameters["@offset"] = cursor?.Offset ?? 0L;
            string order = sort is null ? "" : " ORDER BY " + DatabaseSchema.Quote(sort.Name) + direction;
            return [new PageQuery("SELECT " + columns + from + Where(conditions) + order + " LIMIT @limit OFFSET @offset", parameters)];
        }

        string select = "SELECT " + rowid + (columns.Length > 0 ? ", " + columns : "") + from;
        PageQuery Query(string? keyset, string orderBy)
        {
            List<string> all = keyset is null ? conditions : [.. conditions, keyset];
            return new PageQuery(select + Where(all) + " ORDER BY " + orderBy + " LIMIT @limit", parameters);
        }

        string byRowId = rowid + direction;
        if (sort is null || IsRowIdAlias(relation, sort))
        {
            if (cursor is not null)
            {
                parameters["@after"] = cursor.RowId;
            }

            return [Query(cursor is null ? null : $"{rowid} {(descending ? "<" : ">")} @after", byRowId)];
        }

        string column = DatabaseSchema.Quote(sort.Name);
        string byColumn = column + direction + ", " + byRowId;
        if (cursor is null)
        {
            return [Query(null, byColumn)];
        }

        parameters["@after"] = cursor.RowId;
        string beyond = descending ? "<" : ">";
        string restOfNulls = $"{column} IS NULL AND {rowid} {beyond} @after";
        if (cursor.Kind == CellKind.Null)
        {
            // Ascending, the non-NULL values follow the NULLs; descending, the NULLs were the last rows.
            return descending
                ? [Query(restOfNulls, byRowId)]
                : [Query(restOfNulls, byRowId), Query($"{column} IS NOT NULL", byColumn)];
        }

        parameters["@value"] = cursor.SortValue;
        string afterValue = $"{column} {beyond}= @value AND ({column} {beyond} @value OR {rowid} {beyond} @after)";
        return descending
            ? [Query(afterValue, byColumn), Query($"{column} IS NULL", byRowId)]
            : [Query(afterValue, byColumn)];
    }

    /// <summary>Reads the page: at most <see cref="PageRequest.PageSize"/> rows, and the cursor of the next page if there is one.</summary>
    public static PageResult Read(SharpCoreDBConnection connection, SchemaRelation relation, PageRequest request, bool editable)
    {
        int pageSize = Math.Clamp(request.PageSize, 1, MaxPageSize);
        bool hasRowId = relation.RowId is not null;
        int sortOrdinal = request.SortColumn is null ? -1 : IndexOf(relation, request.SortColumn) + (hasRowId ? 1 : 0);
        var rows = new List<object?[]>();
        foreach (PageQuery query in Plan(relation, request))
        {
            // One row more than the page shows, to learn whether a next page exists.
            int wanted = pageSize + 1 - rows.Count;
            if (wanted <= 0)
            {
                break;
            }

            using SharpCoreDBCommand command = connection.CreateCommand();
            command.CommandText = query.Sql;
            foreach ((string name, object? value) in query.Parameters)
            {
                command.Parameters.AddWithValue(name, value ?? DBNull.Value);
            }

            command.Parameters.AddWithValue("@limit", wanted);
            using SharpCoreDBDataReader reader = command.ExecuteReader();
            while (reader.Read())
            {
                var values = new object?[reader.FieldCount];
                for (int i = 0; i < values.Length; i++)
                {
                    values[i] = CellValues.Read(reader, i);
                }

                rows.Add(values);
            }
        }

        string? next = null;
        if (rows.Count > pageSize)
        {
            rows.RemoveRange(pageSize, rows.Count - pageSize);
            object?[] last = rows[^1];
            long offset = (request.Cursor is null ? 0 : PageCursor.Decode(request.Cursor).Offset) + pageSize;
            (string? text, char kind) = sortOrdinal > 0 ? CellValues.Exact(last[sortOrdinal]) : (null, CellKind.Null);
            next = new PageCursor(kind, text, hasRowId ? (long)last[0]! : 0, hasRowId ? 0 : offset).Encode();
        }

        int first = hasRowId ? 1 : 0;
        var gridRows = rows.Select(values => ToGridRow(hasRowId ? values[0] : null, values.AsSpan(first))).ToList();
        return new PageResult(relation.Name, relation.Columns.Select(c => c.Name).ToList(), gridRows, next, editable && relation.IsTable && hasRowId);
    }

    /// <summary>How many rows the filters let through.</summary>
    public static long Count(SharpCoreDBConnection connection, SchemaRelation relation, IReadOnlyList<ColumnFilter>? filters)
    {
        var parameters = new Dictionary<string, object?>();
        var conditions = new List<string>();
        filters ??= [];
        for (int i = 0; i < filters.Count; i++)
        {
            SchemaColumn column = RequireColumn(relation, filters[i].Column);
            conditions.Add(RowFilter.Condition(DatabaseSchema.Quote(column.Name), filters[i], "@f" + i, parameters));
        }

        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT count(*) FROM " + DatabaseSchema.Quote(relation.Name) + Where(conditions);
        foreach ((string name, object? value) in parameters)
        {
            command.Parameters.AddWithValue(name, value ?? DBNull.Value);
        }

        return Convert.ToInt64(command.ExecuteScalar(), CultureInfo.InvariantCulture);
    }

    /// <summary>A row for the grid from its rowid (null in a view) and values.</summary>
    public static GridRow ToGridRow(object? rowid, ReadOnlySpan<object?> values)
    {
        var texts = new string?[values.Length];
        var kinds = new char[values.Length];
        for (int i = 0; i < values.Length; i++)
        {
            (texts[i], kinds[i]) = CellValues.ForGrid(values[i]);
        }

        return new GridRow(rowid is null ? null : CellValues.Exact(rowid).Text, texts, new string(kinds));
    }

    /// <summary>True for the INTEGER PRIMARY KEY column, which is the rowid under another name.</summary>
    public static bool IsRowIdAlias(SchemaRelation relation, SchemaColumn column) =>
        column.PrimaryKey && relation.Columns.Count(c => c.PrimaryKey) == 1
        && string.Equals(column.Type.Trim(), "INTEGER", StringComparison.OrdinalIgnoreCase);

    public static SchemaColumn RequireColumn(SchemaRelation relation, string name) =>
        relation.FindColumn(name) ?? throw new ArgumentException($"{relation.Name} has no column {name}");

    private static int IndexOf(SchemaRelation relation, string name)
    {
        SchemaColumn column = RequireColumn(relation, name);
        for (int i = 0; ; i++)
        {
            if (ReferenceEquals(relation.Columns[i], column))
            {
                return i;
            }
        }
    }

    private static string Where(List<string> conditions) =>
        conditions.Count == 0 ? "" : " WHERE " + string.Join(" AND ", conditions.Select(c => "(" + c + ")"));
}
