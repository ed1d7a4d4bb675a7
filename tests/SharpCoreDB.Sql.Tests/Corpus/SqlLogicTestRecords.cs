// Reads the SQL of sqllogictest files (../shared/sqllogictest/FORMAT.md): records
// separated by blank lines, '#' comment lines dropped first, skipif/onlyif
// conditions, `statement ok|error` and `query` records with the SQL up to `----`.
namespace SharpCoreDB.Sql.Tests.Corpus;

/// <summary>One statement or query of a sqllogictest file.</summary>
internal sealed record SqlLogicTestRecord(string File, int Line, string Sql, bool ExpectsError);

internal static class SqlLogicTestRecords
{
    /// <summary>The records SQLite runs: not `onlyif` another engine, not `skipif sqlite`; stops at `halt`.</summary>
    public static IEnumerable<SqlLogicTestRecord> Read(string path)
    {
        string[] lines = File.ReadAllLines(path);
        var record = new List<(string Text, int Line)>();
        for (int i = 0; i <= lines.Length; i++)
        {
            string line = i < lines.Length ? lines[i].TrimEnd('\r') : string.Empty;
            if (line.StartsWith('#'))
            {
                continue;
            }

            if (!string.IsNullOrWhiteSpace(line))
            {
                record.Add((line, i + 1));
                continue;
            }

            if (record.Count == 0)
            {
                continue;
            }

            SqlLogicTestRecord? parsed = Interpret(path, record, out bool halt);
            record.Clear();
            if (halt)
            {
                yield break;
            }

            if (parsed is not null)
            {
                yield return parsed;
            }
        }
    }

    private static SqlLogicTestRecord? Interpret(string path, List<(string Text, int Line)> record, out bool halt)
    {
        halt = false;
        bool runsOnSqlite = true;
        int index = 0;
        while (index < record.Count)
        {
            string[] words = record[index].Text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
            if (words.Length >= 2 && words[0] == "onlyif")
            {
                runsOnSqlite &= words[1].Equals("sqlite", StringComparison.OrdinalIgnoreCase);
            }
            else if (words.Length >= 2 && words[0] == "skipif")
            {
                runsOnSqlite &= !words[1].Equals("sqlite", StringComparison.OrdinalIgnoreCase);
            }
            else
            {
                break;
            }

            index++;
        }

        if (index >= record.Count)
        {
            return null;
        }

        string[] header = record[index].Text.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries);
        if (header[0] == "halt")
        {
            halt = runsOnSqlite;
            return null;
        }

        if (!runsOnSqlite || (header[0] != "statement" && header[0] != "query"))
        {
            return null;
        }

        var sql = new List<string>();
        for (int i = index + 1; i < record.Count && record[i].Text != "----"; i++)
        {
            sql.Add(record[i].Text);
        }

        bool expectsError = header[0] == "statement" && header.Length > 1 && header[1] == "error";
        return new SqlLogicTestRecord(path, record[index].Line, string.Join('\n', sql), expectsError);
    }
}
