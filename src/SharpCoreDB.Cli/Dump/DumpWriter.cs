// .dump: SQL text that recreates the database, as sqlite3 writes it. Inside one
// transaction: each table's CREATE TABLE (the text sqlite_schema keeps, as it was
// written) and an INSERT per row with every value as an SQL literal, then the
// indexes, views and triggers. Text with line breaks is written the way sqlite3
// writes it, replace('a\nb','\n',char(10)), so that every statement stays on one
// line and a carriage return survives a script reader that splits lines. Values of
// SharpCoreDB's own storage classes are written in the form their column's type
// converts back: booleans as TRUE/FALSE, dates as ISO 8601 text, decimals with their scale.
using System.Text;
using SharpCoreDB.Cli.Execution;
using SharpCoreDB.Cli.Output;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Dump;

/// <summary>Writes a database (or one table) as SQL.</summary>
internal static class DumpWriter
{
    public static void Write(SharpCoreDBConnection connection, TextWriter output, string? table)
    {
        List<SchemaObject> objects = DatabaseSchema.Read(connection);
        if (table is not null)
        {
            objects = objects.FindAll(o => string.Equals(o.Table, table, StringComparison.OrdinalIgnoreCase));
            if (objects.Count == 0)
            {
                throw new ShellException($"no such table: {table}");
            }
        }

        // As sqlite3's .dump: rows load in table order, so a child's may come before its parent's.
        output.WriteLine("PRAGMA foreign_keys=OFF;");
        output.WriteLine("BEGIN TRANSACTION;");
        var line = new StringBuilder();
        foreach (SchemaObject o in objects)
        {
            output.WriteLine(Statement(o.Sql));
            if (o.Type == "table")
            {
                WriteRows(connection, output, o.Name, line);
            }
        }

        output.WriteLine("COMMIT;");
        output.Flush();
    }

    /// <summary>A CREATE text as one statement ending with a semicolon.</summary>
    public static string Statement(string sql)
    {
        string text = sql.TrimEnd();
        return text.EndsWith(';') ? text : text + ";";
    }

    /// <summary>The SQL literal of a value as .dump writes it.</summary>
    public static string Literal(object? value) => value switch
    {
        string s => Text(s),
        Guid g => SqlLiteral.Text(g.ToString()),
        DateTime or DateTimeOffset => SqlLiteral.Text(ValueText.Format(value)),
        bool b => b ? "TRUE" : "FALSE",
        _ => SqlLiteral.Format(value),
    };

    private static void WriteRows(SharpCoreDBConnection connection, TextWriter output, string table, StringBuilder line)
    {
        (List<string> columns, string prefix) = DatabaseSchema.StoredColumns(connection, table);
        StoredRows.Read(connection, table, columns, values =>
        {
            line.Clear().Append(prefix);
            for (int i = 0; i < values.Length; i++)
            {
                line.Append(i == 0 ? "" : ",").Append(Literal(values[i]));
            }

            output.WriteLine(line.Append(");"));
        });
    }

    // sqlite3's form: the line breaks become a marker the text does not contain, which replace() turns back.
    private static string Text(string text)
    {
        bool newline = text.Contains('\n', StringComparison.Ordinal);
        bool carriageReturn = text.Contains('\r', StringComparison.Ordinal);
        if (!newline && !carriageReturn)
        {
            return SqlLiteral.Text(text);
        }

        string newlineMarker = Marker(text, "\\n");
        string returnMarker = Marker(text, "\\r");
        string literal = SqlLiteral.Text(text.Replace("\n", newlineMarker, StringComparison.Ordinal).Replace("\r", returnMarker, StringComparison.Ordinal));
        if (newline)
        {
            literal = $"replace({literal},{SqlLiteral.Text(newlineMarker)},char(10))";
        }

        if (carriageReturn)
        {
            literal = $"replace({literal},{SqlLiteral.Text(returnMarker)},char(13))";
        }

        return literal;
    }

    private static string Marker(string text, string preferred)
    {
        string marker = preferred;
        for (int i = 1; text.Contains(marker, StringComparison.Ordinal); i++)
        {
            marker = preferred + i.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        return marker;
    }
}
