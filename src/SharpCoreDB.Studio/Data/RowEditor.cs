// The grid's edits: insert a row, change some of its values, delete it, always by
// rowid and always with parameters; names are the catalog's, quoted. The page sends
// each value as the text typed (or null for NULL); it is converted to the type the
// column's values read as (an INTEGER column gets a long, a BLOB column the bytes of
// X'hex'), and text that does not convert goes as text, for the column's affinity
// and constraints to take or refuse, as SQL would. Each edit answers the row as
// stored afterwards (defaults, affinity and triggers applied), or null when it is
// gone.
using System.Globalization;
using SharpCoreDB.Data;

namespace SharpCoreDB.Studio.Data;

internal static class RowEditor
{
    /// <summary>Inserts a row with <paramref name="values"/> (by column name; the rest take their defaults).</summary>
    public static GridRow? Insert(SharpCoreDBConnection connection, SchemaRelation table, IReadOnlyDictionary<string, string?> values)
    {
        string rowid = RequireTable(table);
        using SharpCoreDBCommand command = connection.CreateCommand();
        List<(SchemaColumn Column, string Parameter)> assigned = Bind(command, table, values);
        command.CommandText = assigned.Count == 0
            ? $"INSERT INTO {DatabaseSchema.Quote(table.Name)} DEFAULT VALUES RETURNING {rowid}"
            : $"INSERT INTO {DatabaseSchema.Quote(table.Name)} ({string.Join(", ", assigned.Select(a => DatabaseSchema.Quote(a.Column.Name)))}) " +
              $"VALUES ({string.Join(", ", assigned.Select(a => a.Parameter))}) RETURNING {rowid}";
        return ReadRow(connection, table, Convert.ToInt64(command.ExecuteScalar(), CultureInfo.InvariantCulture));
    }

    /// <summary>Sets <paramref name="values"/> on the row with <paramref name="rowId"/>; its rowid may change with its INTEGER PRIMARY KEY.</summary>
    public static GridRow? Update(SharpCoreDBConnection connection, SchemaRelation table, long rowId, IReadOnlyDictionary<string, string?> values)
    {
        string rowid = RequireTable(table);
        using SharpCoreDBCommand command = connection.CreateCommand();
        List<(SchemaColumn Column, string Parameter)> assigned = Bind(command, table, values);
        if (assigned.Count == 0)
        {
            return ReadRow(connection, table, rowId);
        }

        command.CommandText = $"UPDATE {DatabaseSchema.Quote(table.Name)} SET " +
            string.Join(", ", assigned.Select(a => DatabaseSchema.Quote(a.Column.Name) + " = " + a.Parameter)) +
            $" WHERE {rowid} = @rowid RETURNING {rowid}";
        command.Parameters.AddWithValue("@rowid", rowId);
        object? newRowId = command.ExecuteScalar();
        if (newRowId is null or DBNull)
        {
            throw new KeyNotFoundException($"{table.Name} has no row {rowId} any more.");
        }

        return ReadRow(connection, table, Convert.ToInt64(newRowId, CultureInfo.InvariantCulture));
    }

    /// <summary>Deletes the row with <paramref name="rowId"/>; false when there was none.</summary>
    public static bool Delete(SharpCoreDBConnection connection, SchemaRelation table, long rowId)
    {
        string rowid = RequireTable(table);
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = $"DELETE FROM {DatabaseSchema.Quote(table.Name)} WHERE {rowid} = @rowid";
        command.Parameters.AddWithValue("@rowid", rowId);
        return command.ExecuteNonQuery() > 0;
    }

    /// <summary>The row as stored, or null when there is none with that rowid.</summary>
    public static GridRow? ReadRow(SharpCoreDBConnection connection, SchemaRelation table, long rowId)
    {
        string rowid = RequireTable(table);
        using SharpCoreDBCommand command = connection.CreateCommand();
        string columns = string.Concat(table.Columns.Select(c => ", " + DatabaseSchema.Quote(c.Name)));
        command.CommandText = $"SELECT {rowid}{columns} FROM {DatabaseSchema.Quote(table.Name)} WHERE {rowid} = @rowid";
        command.Parameters.AddWithValue("@rowid", rowId);
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        if (!reader.Read())
        {
            return null;
        }

        var values = new object?[reader.FieldCount];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = CellValues.Read(reader, i);
        }

        return TablePager.ToGridRow(values[0], values.AsSpan(1));
    }

    /// <summary>The value a typed text stands for in <paramref name="column"/>: its type's when it converts, else the text.</summary>
    public static object? ToValue(SchemaColumn column, string? text)
    {
        if (text is null)
        {
            return null;
        }

        CultureInfo invariant = CultureInfo.InvariantCulture;
        Type type = column.ClrType;
        if (type == typeof(long) && long.TryParse(text, NumberStyles.AllowLeadingSign, invariant, out long l))
        {
            return l;
        }

        if (type == typeof(double) && double.TryParse(text, NumberStyles.Float, invariant, out double d))
        {
            return d;
        }

        if (type == typeof(decimal) && decimal.TryParse(text, NumberStyles.Float, invariant, out decimal m))
        {
            return m;
        }

        if (type == typeof(bool) && text.ToLowerInvariant() is "true" or "false" or "1" or "0")
        {
            return text.ToLowerInvariant() is "true" or "1";
        }

        if (type == typeof(DateTime) && DateTime.TryParse(text, invariant, DateTimeStyles.AdjustToUniversal | DateTimeStyles.AssumeUniversal, out DateTime dt))
        {
            return DateTime.SpecifyKind(dt, DateTimeKind.Utc);
        }

        if (type == typeof(Guid) && Guid.TryParse(text, out Guid g))
        {
            return g;
        }

        return CellValues.ParseBlob(text) is { } bytes && (type == typeof(byte[]) || type == typeof(object)) ? bytes : text;
    }

    private static List<(SchemaColumn Column, string Parameter)> Bind(SharpCoreDBCommand command, SchemaRelation table, IReadOnlyDictionary<string, string?> values)
    {
        var assigned = new List<(SchemaColumn, string)>();
        foreach ((string name, string? text) in values)
        {
            SchemaColumn column = TablePager.RequireColumn(table, name);
            string parameter = "@v" + assigned.Count.ToString(CultureInfo.InvariantCulture);
            command.Parameters.AddWithValue(parameter, ToValue(column, text) ?? DBNull.Value);
            assigned.Add((column, parameter));
        }

        return assigned;
    }

    private static string RequireTable(SchemaRelation relation) =>
        relation is { IsTable: true, RowId: { } rowid }
            ? rowid
            : throw new ArgumentException($"{relation.Name} is a view: its rows cannot be edited from the grid.");
}
