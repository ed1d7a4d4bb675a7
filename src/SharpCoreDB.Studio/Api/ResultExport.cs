// The editor's query written out whole as a file, streamed row by row as it is
// read (the grid shows at most a few thousand rows; an export has no limit):
// CSV as RFC 4180 with a header row (CRLF line ends, fields quoted when they hold
// a comma, quote or line break, NULL an empty field), or JSON as an array of
// objects with numbers as numbers, booleans as booleans, NULL as null, blobs as
// base64 text and everything else as text.
using System.Text;
using System.Text.Json;
using SharpCoreDB.Data;
using SharpCoreDB.Studio.Data;

namespace SharpCoreDB.Studio.Api;

internal enum ExportFormat
{
    Csv,
    Json,
}

internal static class ResultExport
{
    public static string ContentType(ExportFormat format) =>
        format == ExportFormat.Csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8";

    public static string FileName(ExportFormat format) => format == ExportFormat.Csv ? "result.csv" : "result.json";

    /// <summary>Writes the first result set of <paramref name="reader"/> to <paramref name="output"/>.</summary>
    public static void Write(SharpCoreDBDataReader reader, ExportFormat format, Stream output)
    {
        if (format == ExportFormat.Csv)
        {
            WriteCsv(reader, output);
        }
        else
        {
            WriteJson(reader, output);
        }
    }

    private static void WriteCsv(SharpCoreDBDataReader reader, Stream output)
    {
        using var writer = new StreamWriter(output, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false), 1 << 16, leaveOpen: true);
        var fields = new string?[reader.FieldCount];
        for (int i = 0; i < fields.Length; i++)
        {
            fields[i] = reader.GetName(i);
        }

        WriteCsvLine(writer, fields);
        while (reader.Read())
        {
            for (int i = 0; i < fields.Length; i++)
            {
                fields[i] = CellValues.Exact(CellValues.Read(reader, i)).Text;
            }

            WriteCsvLine(writer, fields);
        }
    }

    private static void WriteCsvLine(StreamWriter writer, string?[] fields)
    {
        for (int i = 0; i < fields.Length; i++)
        {
            if (i > 0)
            {
                writer.Write(',');
            }

            string? field = fields[i];
            if (field is null)
            {
                continue;
            }

            bool quote = field.Length == 0 || field.AsSpan().IndexOfAny(",\"\r\n") >= 0 || field[0] == ' ' || field[^1] == ' ';
            writer.Write(quote ? "\"" + field.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"" : field);
        }

        writer.Write("\r\n");
    }

    private static void WriteJson(SharpCoreDBDataReader reader, Stream output)
    {
        using var json = new Utf8JsonWriter(output, new JsonWriterOptions { Indented = true });
        var names = new string[reader.FieldCount];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = reader.GetName(i);
        }

        json.WriteStartArray();
        while (reader.Read())
        {
            json.WriteStartObject();
            for (int i = 0; i < names.Length; i++)
            {
                json.WritePropertyName(names[i]);
                WriteJsonValue(json, CellValues.Read(reader, i));
            }

            json.WriteEndObject();
            if (json.BytesPending > 1 << 16)
            {
                json.Flush();
            }
        }

        json.WriteEndArray();
    }

    private static void WriteJsonValue(Utf8JsonWriter json, object? value)
    {
        switch (value)
        {
            case null:
                json.WriteNullValue();
                break;
            case long l:
                json.WriteNumberValue(l);
                break;
            case double d when double.IsFinite(d):
                json.WriteNumberValue(d);
                break;
            case decimal m:
                json.WriteNumberValue(m);
                break;
            case bool b:
                json.WriteBooleanValue(b);
                break;
            case byte[] bytes:
                json.WriteBase64StringValue(bytes);
                break;
            default:
                json.WriteStringValue(CellValues.Exact(value).Text ?? value.ToString() ?? "");
                break;
        }
    }
}
