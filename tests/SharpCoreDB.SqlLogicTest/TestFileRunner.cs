// Runs one sqllogictest file (FORMAT.md in the corpus) against a fresh database
// (in memory, or an encrypted file: DatabaseModes): statement and query records,
// skipif/onlyif for the engine names "sharpcoredb" and "sqlite", rowsort/valuesort,
// hash-threshold, labels, halt.
using System.Security.Cryptography;
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Values;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>Runs the records of one file.</summary>
internal sealed class TestFileRunner(string path, DatabaseMode mode, TextWriter? log)
{
    private static readonly HashSet<string> OurNames = new(StringComparer.OrdinalIgnoreCase) { "sharpcoredb", "sqlite" };
    private readonly Dictionary<string, string> _labels = new(StringComparer.Ordinal);
    private int _hashThreshold = 8;

    public TestTally Run()
    {
        var tally = new TestTally();
        string[] lines = File.ReadAllLines(path);
        using var scratch = new DatabaseModes.Scratch(mode);
        using Database database = scratch.Open();
        using Session session = database.CreateSession();
        int i = 0;
        while (i < lines.Length)
        {
            var record = new List<string>();
            int start = i;
            while (i < lines.Length && !IsBlank(lines[i]))
            {
                string line = lines[i].TrimEnd('\r');
                if (!line.StartsWith('#'))
                {
                    record.Add(line);
                }

                i++;
            }

            while (i < lines.Length && IsBlank(lines[i]))
            {
                i++;
            }

            if (record.Count == 0)
            {
                continue;
            }

            bool skip = false;
            int r = 0;
            while (r < record.Count && (record[r].StartsWith("skipif ", StringComparison.Ordinal) || record[r].StartsWith("onlyif ", StringComparison.Ordinal)))
            {
                string[] parts = record[r].Split(' ', StringSplitOptions.RemoveEmptyEntries);
                bool ours = parts.Length > 1 && OurNames.Contains(parts[1]);
                skip |= parts[0] == "skipif" ? ours : !ours;
                r++;
            }

            if (r >= record.Count)
            {
                continue;
            }

            string[] head = record[r].Split(' ', StringSplitOptions.RemoveEmptyEntries);
            switch (head[0])
            {
                case "halt":
                    if (!skip)
                    {
                        return tally;
                    }

                    break;
                case "hash-threshold":
                    _hashThreshold = int.Parse(head[1], System.Globalization.CultureInfo.InvariantCulture);
                    break;
                case "statement":
                    if (skip)
                    {
                        tally.Skipped++;
                        break;
                    }

                    Count(tally, RunStatement(session, head, record, r + 1), start + 1);
                    break;
                case "query":
                    if (skip)
                    {
                        tally.Skipped++;
                        RecordSkippedLabel(head, record, r + 1);
                        break;
                    }

                    Count(tally, RunQuery(session, head, record, r + 1), start + 1);
                    break;
            }
        }

        return tally;
    }

    private void Count(TestTally tally, string? failure, int line)
    {
        if (failure is null)
        {
            tally.Passed++;
            return;
        }

        tally.Failed++;
        log?.WriteLine($"{path}:{line}: {failure}");
    }

    private static string? RunStatement(Session session, string[] head, List<string> record, int from)
    {
        string sql = string.Join("\n", record.Skip(from));
        bool expectError = head.Length > 1 && head[1] == "error";
        try
        {
            Execute(session, sql, null);
            return expectError ? "statement succeeded but an error was expected: " + sql : null;
        }
        catch (SharpCoreDBException e)
        {
            return expectError ? null : $"statement failed: {e.Message}: {sql}";
        }
    }

    private string? RunQuery(Session session, string[] head, List<string> record, int from)
    {
        string types = head.Length > 1 ? head[1] : string.Empty;
        string sort = head.Length > 2 ? head[2] : "nosort";
        string? label = head.Length > 3 ? head[3] : null;
        int separator = record.IndexOf("----", from);
        string sql = string.Join("\n", separator < 0 ? record.Skip(from) : record.Skip(from).Take(separator - from));
        List<string> expected = separator < 0 ? [] : record.Skip(separator + 1).ToList();
        var values = new List<string>();
        try
        {
            var rows = new List<string[]>();
            int width = Execute(session, sql, rows, types);
            if (width != types.Length)
            {
                return $"expected {types.Length} columns, got {width}: {sql}";
            }

            if (sort == "rowsort")
            {
                rows.Sort(CompareRows);
            }

            foreach (string[] row in rows)
            {
                values.AddRange(row);
            }

            if (sort == "valuesort")
            {
                values.Sort(string.CompareOrdinal);
            }
        }
        catch (SharpCoreDBException e)
        {
            return $"query failed: {e.Message}: {sql}";
        }

        string hash = Hash(values);
        if (label is not null)
        {
            if (_labels.TryGetValue(label, out string? other) && other != hash)
            {
                return $"label {label} mismatch: {sql}";
            }

            _labels[label] = hash;
        }

        bool hashed = expected.Count == 1 && expected[0].Contains(" values hashing to ", StringComparison.Ordinal);
        if (hashed)
        {
            string want = $"{values.Count} values hashing to {hash}";
            return expected[0] == want ? null : $"expected {expected[0]}, got {want}: {sql}";
        }

        if (_hashThreshold > 0 && values.Count > _hashThreshold && expected.Count > 0)
        {
            // The file lists values although they exceed the threshold; compare them directly.
        }

        if (expected.Count != values.Count)
        {
            return $"expected {expected.Count} values, got {values.Count} ({string.Join(",", values.Take(10))}): {sql}";
        }

        for (int v = 0; v < values.Count; v++)
        {
            if (expected[v] != values[v])
            {
                return $"value {v}: expected {expected[v]}, got {values[v]}: {sql}";
            }
        }

        return null;
    }

    private void RecordSkippedLabel(string[] head, List<string> record, int from)
    {
        if (head.Length > 3)
        {
            int separator = record.IndexOf("----", from);
            if (separator >= 0 && separator + 1 < record.Count && record[separator + 1].Contains(" values hashing to ", StringComparison.Ordinal))
            {
                string hash = record[separator + 1][(record[separator + 1].LastIndexOf(' ') + 1)..];
                _labels.TryAdd(head[3], hash);
            }
        }
    }

    private static int Execute(Session session, string sql, List<string[]>? rows, string types = "")
    {
        var script = SqlParser.Parse(sql);
        int width = 0;
        foreach (var statement in script)
        {
            PreparedStatement prepared = session.Prepare(statement);
            using StatementResult result = session.Execute(prepared, NoParameters.Instance);
            width = result.Columns.Count;
            while (rows is not null && result.Read())
            {
                var row = new string[width];
                for (int c = 0; c < width; c++)
                {
                    row[c] = ValueRenderer.Render(result[c], c < types.Length ? types[c] : 'T');
                }

                rows.Add(row);
            }
        }

        return width;
    }

    private static int CompareRows(string[] a, string[] b)
    {
        for (int i = 0; i < a.Length; i++)
        {
            int c = string.CompareOrdinal(a[i], b[i]);
            if (c != 0)
            {
                return c;
            }
        }

        return 0;
    }

    private static string Hash(List<string> values)
    {
        var builder = new StringBuilder();
        foreach (string value in values)
        {
            builder.Append(value).Append('\n');
        }

        return Convert.ToHexStringLower(MD5.HashData(Encoding.UTF8.GetBytes(builder.ToString())));
    }

    private static bool IsBlank(string line) => string.IsNullOrWhiteSpace(line);

    private sealed class NoParameters : IParameterValues
    {
        public static readonly NoParameters Instance = new();

        public DbValue GetValue(StatementParameter parameter) =>
            throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"no value for parameter {parameter.Name ?? parameter.Ordinal.ToString(System.Globalization.CultureInfo.InvariantCulture)}");
    }
}
