// Reads a table's rows with every value in the storage class it is stored in. The
// reader's GetValue converts a value to its column's field type, and a column
// without a declared type takes the type of its first value, so 3.25 after 'x'
// would come back as the text '3.25'; GetFieldValue<object> returns each value in
// its own storage class's natural type without conversion. What .dump and
// .restore copy is what is stored.
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Dump;

/// <summary>A table's rows as stored.</summary>
internal static class StoredRows
{
    /// <summary>Calls <paramref name="row"/> with each row's values of <paramref name="columns"/> (null for NULL; the array is reused).</summary>
    public static void Read(SharpCoreDBConnection connection, string table, List<string> columns, Action<object?[]> row)
    {
        using SharpCoreDBCommand command = connection.CreateCommand();
        command.CommandText = "SELECT " + string.Join(", ", columns.Select(SqlLiteral.Identifier)) + " FROM " + SqlLiteral.Identifier(table);
        using SharpCoreDBDataReader reader = command.ExecuteReader();
        var values = new object?[reader.FieldCount];
        while (reader.Read())
        {
            for (int i = 0; i < values.Length; i++)
            {
                values[i] = Value(reader, i);
            }

            row(values);
        }
    }

    /// <summary>A value as stored (null for NULL).</summary>
    public static object? Value(SharpCoreDBDataReader reader, int ordinal) =>
        reader.IsDBNull(ordinal) ? null : reader.GetFieldValue<object>(ordinal);
}
