// Mutations of the coverage-guided fuzzer, applied 1 to 6 at a time to a corpus entry
// (AFL's "havoc" stage, adapted to SQL text with one statement per line):
// - bytes: flip a bit, set an interesting byte, insert or delete a run, duplicate a run;
// - tokens: insert a SQL keyword, operator or edge value from the dictionary, or let the
//   test suite's SqlMutator delete, insert, replace or swap tokens of one line;
// - lines: duplicate, delete or swap statements, splice a line of another corpus entry,
//   or insert a fresh statement of the grammar-aware generator.
using System.Text;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Planning;
using SharpCoreDB.Tests.Fuzzing;

namespace SharpCoreDB.CoverageFuzz;

/// <summary>Byte-, token- and line-level mutations of SQL inputs.</summary>
internal sealed class InputMutator(Random random, SqlFuzzGenerator generator)
{
    private const int MaxLength = 8192;

    // SQL pieces; then every built-in function and window function as " name(", so a new function is in the dictionary at once.
    private static readonly string[] Dictionary =
    [
        "SELECT ", " FROM ", " WHERE ", " AND ", " OR ", " NOT ", " NULL", " IS ", " IN (", " BETWEEN ", " LIKE ", " GLOB ",
        " ESCAPE ", " CASE WHEN ", " THEN ", " ELSE ", " END", " CAST(", " AS ", " INTEGER", " TEXT", " REAL", " BLOB",
        " DECIMAL(10,2)", " BOOLEAN", " DATETIME", " GROUP BY ", " HAVING ", " ORDER BY ", " DESC", " LIMIT ", " OFFSET ",
        " UNION ", " UNION ALL ", " INTERSECT ", " EXCEPT ", " JOIN ", " LEFT JOIN ", " CROSS JOIN ", " ON ", " USING (",
        " EXISTS (", "(SELECT ", " DISTINCT ", " COUNT(*)", " SUM(", " AVG(", " MIN(", " MAX(", " GROUP_CONCAT(", " TOTAL(",
        " ABS(", " LENGTH(", " SUBSTR(", " REPLACE(", " ROUND(", " COALESCE(", " NULLIF(", " IIF(", " LOWER(", " TRIM(",
        " PRINTF('%", " FORMAT(", "%-0,*.*f", "%!5.2s", "%Q", " SQRT(", " POW(", " LOG(", " MOD(", " CEIL(", " ATANH(",
        " CHAR(", " UNICODE(", " UNHEX(", " ZEROBLOB(", " CONCAT(", " CONCAT_WS(", " OCTET_LENGTH(", " LIKELIHOOD(",
        " CHANGES()", " TOTAL_CHANGES()", " LAST_INSERT_ROWID()", " JSON(", " JSON_EXTRACT(", " JSON_SET(", " JSON_INSERT(",
        " JSON_REMOVE(", " JSON_PATCH(", " JSON_OBJECT(", " JSON_ARRAY(", " JSON_TYPE(", " JSON_GROUP_ARRAY(", " -> ", " ->> ",
        " json_each(", " json_tree(", "'$.a[#-1]'", "'{\"a\":[1,{\"b\":2}]}'", " VACUUM", " ANALYZE", " sqlite_stat1",
        " CREATE UNIQUE INDEX ", " WHERE ", "(lower(",
        " INSERT INTO ", " VALUES (", " DEFAULT VALUES", " UPDATE ", " SET ", " DELETE FROM ", " RETURNING *", " OR REPLACE ",
        " OR IGNORE ", " ON CONFLICT ", " PRIMARY KEY", " AUTOINCREMENT", " UNIQUE", " CHECK (", " DEFAULT ", " COLLATE NOCASE",
        " REFERENCES ", " CREATE TABLE ", " CREATE INDEX ", " CREATE VIEW ", " DROP TABLE ", " ALTER TABLE ", " ADD COLUMN ",
        " RENAME TO ", " BEGIN", " COMMIT", " ROLLBACK", " SAVEPOINT s", " RELEASE s", " ROLLBACK TO s", " EXPLAIN ",
        " PRAGMA table_info(", " WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 50) ",
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1e308", "-0.0", "0x7fffffffffffffff", "''",
        "'%'", "'_'", "x'00ff'", "?", "?1", ":p", "@p", "$p", "NULL", "*", "||", "<<", ">>", "%", "/", "-", "~", "!=", "<>",
        "==", ">=", "(", ")", ",", ";", "\"", "'", "`", "[", "]", "--", "/*", "*/", "1", "0", "-1", "2147483648", "3.14",
        " OVER (", " PARTITION BY ", " ROWS BETWEEN ", " RANGE BETWEEN ", " GROUPS BETWEEN ", " UNBOUNDED PRECEDING", " CURRENT ROW",
        " 1 FOLLOWING", " EXCLUDE TIES", " FILTER (WHERE ", " COLLATE RTRIM", " COLLATE BINARY", "%!.3f", "%08.3e", "'%_'", "char(0)",
        "x''", "1e999", "-1e999", "4.9e-324", "'1e400'", "'😀'", "'e\u0301'", " ORDER BY 1 COLLATE NOCASE",
        .. FunctionRegistry.ScalarNames.Concat(FunctionRegistry.AggregateNames).Concat(WindowCompiler.WindowOnlyNames)
            .Select(n => " " + n.ToLowerInvariant() + "(").Distinct().Order(StringComparer.Ordinal),
    ];

    public byte[] Mutate(byte[] input, IReadOnlyList<byte[]> corpus)
    {
        var data = new List<byte>(input);
        int rounds = 1 << random.Next(3);
        for (int r = 0; r < rounds; r++)
        {
            switch (random.Next(13))
            {
                case 0 when data.Count > 0:
                    data[random.Next(data.Count)] ^= (byte)(1 << random.Next(8));
                    break;
                case 1 when data.Count > 0:
                    data[random.Next(data.Count)] = "\0\n '\"();,-*/09AZaz"u8[random.Next(18)];
                    break;
                case 2 when data.Count > 1:
                    int at = random.Next(data.Count);
                    data.RemoveRange(at, Math.Min(data.Count - at, 1 + random.Next(16)));
                    break;
                case 3 when data.Count > 1:
                    int from = random.Next(data.Count);
                    int length = Math.Min(data.Count - from, 1 + random.Next(32));
                    data.InsertRange(random.Next(data.Count + 1), data.GetRange(from, length));
                    break;
                case 4:
                case 5:
                case 6:
                    data.InsertRange(random.Next(data.Count + 1), Encoding.UTF8.GetBytes(Dictionary[random.Next(Dictionary.Length)]));
                    break;
                case 7:
                case 8:
                    EditLines(data, lines => MutateLine(lines));
                    break;
                case 9:
                    EditLines(data, lines => lines.Insert(random.Next(lines.Count + 1), generator.Next().Replace('\n', ' ')));
                    break;
                case 10 when corpus.Count > 0:
                    string[] other = Encoding.UTF8.GetString(corpus[random.Next(corpus.Count)]).Split('\n');
                    EditLines(data, lines => lines.Insert(random.Next(lines.Count + 1), other[random.Next(other.Length)]));
                    break;
                case 11:
                    EditLines(data, lines => ReorderLines(lines));
                    break;
                default:
                    data.Insert(random.Next(data.Count + 1), (byte)random.Next(32, 127));
                    break;
            }
        }

        return data.Count > MaxLength ? [.. data.GetRange(0, MaxLength)] : [.. data];
    }

    private void MutateLine(List<string> lines)
    {
        if (lines.Count > 0)
        {
            int i = random.Next(lines.Count);
            lines[i] = SqlMutator.Mutate(lines[i], random).Replace('\n', ' ');
        }
    }

    private void ReorderLines(List<string> lines)
    {
        if (lines.Count < 2)
        {
            return;
        }

        int a = random.Next(lines.Count);
        int b = random.Next(lines.Count);
        switch (random.Next(3))
        {
            case 0:
                (lines[a], lines[b]) = (lines[b], lines[a]);
                break;
            case 1:
                lines.Insert(b, lines[a]);
                break;
            default:
                lines.RemoveAt(a);
                break;
        }
    }

    private static void EditLines(List<byte> data, Action<List<string>> edit)
    {
        var lines = new List<string>(Encoding.UTF8.GetString([.. data]).Split('\n'));
        edit(lines);
        data.Clear();
        data.AddRange(Encoding.UTF8.GetBytes(string.Join('\n', lines)));
    }
}
