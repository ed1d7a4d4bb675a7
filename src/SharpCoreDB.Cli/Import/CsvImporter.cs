// .import FILE TABLE: loads a CSV file into a table in one transaction through one
// prepared, parameterized INSERT reused for every row (values are bound, never
// pasted into SQL). A missing table is created from the header row, each column
// typed INTEGER, REAL or TEXT from the values of the first SampleRows rows. For an
// existing table the first row is a header when its fields name the table's
// columns, data otherwise. Each value is converted to its column's type when it
// parses (so numbers compare as numbers); a row with the wrong number of fields
// stops the import and rolls everything back.
using System.Data;
using System.Globalization;
using System.Text;
using SharpCoreDB.Data;

namespace SharpCoreDB.Cli.Import;

/// <summary>Imports CSV files.</summary>
internal static class CsvImporter
{
    /// <summary>Rows read ahead to choose the types of a new table's columns.</summary>
    public const int SampleRows = 1000;

    /// <summary>Files at least this large get a progress bar (when standard error is a terminal).</summary>
    public const long ProgressThresholdBytes = 1 << 20;

    /// <summary>
    /// Imports <paramref name="path"/> into <paramref name="table"/>; returns the rows inserted. A progress bar goes to
    /// <paramref name="progressOutput"/> when given; <paramref name="running"/> is told about the prepared insert while
    /// it is in use, so that Ctrl-C can cancel it.
    /// </summary>
    public static long Import(
        SharpCoreDBConnection connection, string path, string table, TextWriter? progressOutput, Action<SharpCoreDBCommand?> running)
    {
        using var stream = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan);
        using var text = new StreamReader(stream, Encoding.UTF8, detectEncodingFromByteOrderMarks: true);
        var reader = new CsvRecordReader(text);
        var first = new List<string?>();
        if (!reader.Read(first))
        {
            throw new FormatException($"{path} is empty");
        }

        List<(string Name, Type? Type)> existing = TableColumns(connection, table);
        var pending = new Queue<(List<string?> Fields, int Line)>();
        List<(string Name, Type? Type)> columns;
        using SharpCoreDBTransaction transaction = connection.BeginTransaction();
        if (existing.Count == 0)
        {
            columns = CreateTable(connection, transaction, table, first, reader, pending);
        }
        else if (IsHeader(first, existing))
        {
            columns = MatchHeader(first, existing);
        }
        else
        {
            columns = existing;
            pending.Enqueue(([.. first], reader.RecordLine));
        }

        using SharpCoreDBCommand insert = PrepareInsert(connection, transaction, table, columns);
        ProgressBar? progress = progressOutput is not null && stream.Length >= ProgressThresholdBytes
            ? new ProgressBar(progressOutput, stream.Length)
            : null;
        long rows;
        running(insert);
        try
        {
            rows = InsertAll(insert, reader, pending, columns, path, progress, stream);
        }
        finally
        {
            running(null);
            progress?.Finish();
        }

        transaction.Commit();
        return rows;
    }

    private static long InsertAll(
        SharpCoreDBCommand insert, CsvRecordReader reader, Queue<(List<string?> Fields, int Line)> pending,
        List<(string Name, Type? Type)> columns, string path, ProgressBar? progress, FileStream stream)
    {
        long rows = 0;
        var record = new List<string?>();
        while (true)
        {
            bool fromSample = pending.TryDequeue(out (List<string?> Fields, int Line) sampled);
            if (!fromSample && !reader.Read(record))
            {
                break;
            }

            List<string?> fields = fromSample ? sampled.Fields : record;
            if (fields.Count != columns.Count)
            {
                int line = fromSample ? sampled.Line : reader.RecordLine;
                throw new FormatException($"{path}:{line}: expected {columns.Count} fields, found {fields.Count}; nothing was imported");
            }

            for (int i = 0; i < fields.Count; i++)
            {
                insert.Parameters[i].Value = Convert(fields[i], columns[i].Type);
            }

            insert.ExecuteNonQuery();
            if (++rows % 1024 == 0)
            {
                progress?.Update(stream.Position, rows);
            }
        }

        return rows;
    }

    /// <summary>Quotes an identifier for SQL text.</summary>
    internal static string Quote(string identifier) => "\"" + identifier.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";

    /// <summary>The narrowest of INTEGER, REAL and TEXT that holds every sampled value of a column.</summary>
    internal static string InferType(IEnumerable<string?> values)
    {
        bool integer = true;
        bool real = true;
        bool any = false;
        foreach (string? value in values)
        {
            if (value is null)
            {
                continue;
            }

            any = true;
            integer &= long.TryParse(value, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out _);
            real &= double.TryParse(value, NumberStyles.Float, CultureInfo.InvariantCulture, out _);
        }

        return !any ? "TEXT" : integer ? "INTEGER" : real ? "REAL" : "TEXT";
    }

    private static object Convert(string? field, Type? type)
    {
        if (field is null)
        {
            return DBNull.Value;
        }

        if (type == typeof(long) && long.TryParse(field, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer))
        {
            return integer;
        }

        if (type == typeof(double) && double.TryParse(field, NumberStyles.Float, CultureInfo.InvariantCulture, out double real))
        {
            return real;
        }

        return field;
    }

    private static List<(string Name, Type? Type)> TableColumns(SharpCoreDBConnection connection, string table)
    {
        var columns = new List<(string, Type?)>();
        foreach (DataRow row in connection.GetSchema("Columns", [table]).Rows)
        {
            columns.Add(((string)row["COLUMN_NAME"], row["DATA_TYPE_NET"] as Type));
        }

        return columns;
    }

    private static List<(string Name, Type? Type)> CreateTable(
        SharpCoreDBConnection connection, SharpCoreDBTransaction transaction, string table, List<string?> header,
        CsvRecordReader reader, Queue<(List<string?> Fields, int Line)> sample)
    {
        var record = new List<string?>();
        while (sample.Count < SampleRows && reader.Read(record))
        {
            sample.Enqueue(([.. record], reader.RecordLine));
        }

        var sql = new StringBuilder("CREATE TABLE ").Append(Quote(table)).Append(" (");
        var columns = new List<(string, Type?)>();
        for (int i = 0; i < header.Count; i++)
        {
            string name = string.IsNullOrWhiteSpace(header[i]) ? "column" + (i + 1).ToString(CultureInfo.InvariantCulture) : header[i]!;
            var values = new List<string?>();
            foreach ((List<string?> row, int _) in sample)
            {
                values.Add(i < row.Count ? row[i] : null);
            }

            string type = InferType(values);
            sql.Append(i == 0 ? "" : ", ").Append(Quote(name)).Append(' ').Append(type);
            columns.Add((name, type switch { "INTEGER" => typeof(long), "REAL" => typeof(double), _ => typeof(string) }));
        }

        using SharpCoreDBCommand create = connection.CreateCommand();
        create.Transaction = transaction;
        create.CommandText = sql.Append(')').ToString();
        create.ExecuteNonQuery();
        return columns;
    }

    private static bool IsHeader(List<string?> fields, List<(string Name, Type? Type)> columns)
    {
        foreach (string? field in fields)
        {
            if (field is null || columns.FindIndex(c => string.Equals(c.Name, field, StringComparison.OrdinalIgnoreCase)) < 0)
            {
                return false;
            }
        }

        return true;
    }

    private static List<(string Name, Type? Type)> MatchHeader(List<string?> header, List<(string Name, Type? Type)> columns)
    {
        var matched = new List<(string, Type?)>();
        foreach (string? field in header)
        {
            matched.Add(columns.Find(c => string.Equals(c.Name, field, StringComparison.OrdinalIgnoreCase)));
        }

        return matched;
    }

    private static SharpCoreDBCommand PrepareInsert(
        SharpCoreDBConnection connection, SharpCoreDBTransaction transaction, string table, List<(string Name, Type? Type)> columns)
    {
        var sql = new StringBuilder("INSERT INTO ").Append(Quote(table)).Append(" (");
        var values = new StringBuilder();
        SharpCoreDBCommand insert = connection.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandTimeout = 0;
        for (int i = 0; i < columns.Count; i++)
        {
            string parameter = "@p" + i.ToString(CultureInfo.InvariantCulture);
            sql.Append(i == 0 ? "" : ", ").Append(Quote(columns[i].Name));
            values.Append(i == 0 ? "" : ", ").Append(parameter);
            insert.Parameters.Add(new SharpCoreDBParameter { ParameterName = parameter, Value = DBNull.Value });
        }

        insert.CommandText = sql.Append(") VALUES (").Append(values).Append(')').ToString();
        insert.Prepare();
        return insert;
    }
}
