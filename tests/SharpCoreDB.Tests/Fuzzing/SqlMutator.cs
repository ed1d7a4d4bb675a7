// Byte- and token-level mutator for the fuzzers: takes a generated statement and
// flips, inserts, deletes or duplicates bytes (of its UTF-8 form) or whole tokens,
// or splices in a token that is known to stress the lexer, parser or planner.
// Seeded by the caller's Random, so a failure is reproducible from its seed.
using System.Text;

namespace SharpCoreDB.Tests.Fuzzing;

internal static class SqlMutator
{
    private static readonly string[] Tokens =
        ["(", ")", ",", ";", "'", "\"", "`", "[", "]", "*", "NULL", "SELECT", "FROM", "WHERE", "(SELECT 1)", "?", "?32767", "?0",
         "@x", "9223372036854775808", "-9223372036854775808", "1e999", "X'0'", "0x", "NOT", "IN", "()", "CASE", "END", "AND",
         "/*", "--", "\u00e9", "\uD800", "\0", "ORDER BY", "GROUP BY", "LIMIT", "UNION", "COLLATE", "ESCAPE", "BETWEEN", "CAST(",
         "AS", "RETURNING", "DEFAULT", "PRIMARY KEY", "t0", "c0", "rowid", "_rowid_", "*", ".", "..", "count(*)", "max(", "EXISTS",
         "DISTINCT", "OVER", "WITH", "JOIN", "USING (c0)", "ON", "IS", "ISNULL", "NOTNULL", "GLOB", "REGEXP", "MATCH"];

    /// <summary>Applies one to four random mutations to <paramref name="sql"/>.</summary>
    public static string Mutate(string sql, Random random)
    {
        int rounds = 1 + random.Next(4);
        for (int i = 0; i < rounds; i++)
        {
            sql = random.Next(2) == 0 ? MutateBytes(sql, random) : MutateTokens(sql, random);
        }

        return sql;
    }

    private static string MutateBytes(string sql, Random random)
    {
        var bytes = new List<byte>(Encoding.UTF8.GetBytes(sql));
        int at = bytes.Count == 0 ? 0 : random.Next(bytes.Count);
        switch (random.Next(5))
        {
            case 0 when bytes.Count > 0:
                bytes[at] ^= (byte)(1 << random.Next(8));
                break;
            case 1 when bytes.Count > 0:
                bytes.RemoveRange(at, Math.Min(bytes.Count - at, 1 + random.Next(4)));
                break;
            case 2:
                bytes.Insert(at, (byte)random.Next(256));
                break;
            case 3 when bytes.Count > 0:
                int length = Math.Min(bytes.Count - at, 1 + random.Next(8));
                bytes.InsertRange(at, bytes.GetRange(at, length));
                break;
            default:
                bytes.Insert(at, (byte)"()',;*-+/\"[]`?:@$.%"[random.Next(19)]);
                break;
        }

        // Invalid UTF-8 decodes to U+FFFD, which is what a client sending such bytes would pass in.
        return Encoding.UTF8.GetString(bytes.ToArray());
    }

    private static string MutateTokens(string sql, Random random)
    {
        var tokens = new List<string>(sql.Split(' ', StringSplitOptions.RemoveEmptyEntries));
        if (tokens.Count == 0)
        {
            return Tokens[random.Next(Tokens.Length)];
        }

        int at = random.Next(tokens.Count);
        switch (random.Next(5))
        {
            case 0:
                tokens.RemoveAt(at);
                break;
            case 1:
                tokens.Insert(at, Tokens[random.Next(Tokens.Length)]);
                break;
            case 2:
                tokens[at] = Tokens[random.Next(Tokens.Length)];
                break;
            case 3:
                tokens.Insert(at, tokens[random.Next(tokens.Count)]);
                break;
            default:
                int other = random.Next(tokens.Count);
                (tokens[at], tokens[other]) = (tokens[other], tokens[at]);
                break;
        }

        return string.Join(' ', tokens);
    }
}
