// Tab completion at the prompt: the word before the cursor is completed from SQL
// keywords and the database's table and column names (read through the connection
// at each Tab, so new tables count at once), or from the dot command names at the
// start of a line. One candidate replaces the word; several extend it to their
// common prefix, and when that adds nothing they are listed. Keywords follow the
// case the word was typed in; names are inserted as they are spelled. A Tab
// after a blank indents by four spaces, as before completion existed.
using SharpCoreDB.Cli.Commands;

namespace SharpCoreDB.Cli.Input;

/// <summary>The line after a Tab, and the candidates that were found.</summary>
internal readonly record struct TabCompletion(string Line, int Cursor, IReadOnlyList<string> Candidates);

/// <summary>Completes words at the prompt.</summary>
internal sealed class TabCompleter(Func<IEnumerable<string>> names)
{
    internal static readonly string[] Keywords =
    [
        "ABORT", "ADD", "ALL", "ALTER", "ANALYZE", "AND", "AS", "ASC", "AUTOINCREMENT", "BEGIN", "BETWEEN", "BLOB", "BOOLEAN", "BY",
        "CASE", "CAST", "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT_DATE",
        "CURRENT_TIME", "CURRENT_TIMESTAMP", "DATETIME", "DECIMAL", "DEFAULT", "DELETE", "DESC", "DISTINCT", "DROP", "ELSE", "END",
        "ESCAPE", "EXCEPT", "EXISTS", "EXPLAIN", "FALSE", "FOREIGN", "FROM", "FULL", "GLOB", "GROUP", "HAVING", "IF", "IGNORE", "IN",
        "INDEX", "INNER", "INSERT", "INTEGER", "INTERSECT", "INTO", "IS", "JOIN", "KEY", "LEFT", "LIKE", "LIMIT", "NOT", "NULL",
        "NUMERIC", "OFFSET", "ON", "OR", "ORDER", "OUTER", "PLAN", "PRAGMA", "PRIMARY", "QUERY", "REAL", "RECURSIVE", "REFERENCES",
        "RELEASE", "RENAME", "REPLACE", "RETURNING", "RIGHT", "ROLLBACK", "SAVEPOINT", "SELECT", "SET", "TABLE", "TEMP", "TEXT",
        "THEN", "TO", "TRANSACTION", "TRIGGER", "TRUE", "UNION", "UNIQUE", "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "WHEN",
        "WHERE", "WITH", "WITHOUT",
    ];

    public TabCompletion Complete(string line, int cursor)
    {
        int start = cursor;
        while (start > 0 && (char.IsLetterOrDigit(line[start - 1]) || line[start - 1] == '_'))
        {
            start--;
        }

        bool dotCommand = start == 1 && line[0] == '.' || start == 0 && line.StartsWith('.');
        if (dotCommand && start == 1)
        {
            start = 0;
        }

        string word = line[start..cursor];
        if (word.Length == 0)
        {
            return new TabCompletion(line.Insert(cursor, "    "), cursor + 4, []);
        }

        List<string> candidates = Candidates(word, dotCommand);
        if (candidates.Count == 0)
        {
            return new TabCompletion(line, cursor, []);
        }

        string completed = candidates.Count == 1 ? candidates[0] : CommonPrefix(candidates, word);
        return new TabCompletion(line[..start] + completed + line[cursor..], start + completed.Length, candidates);
    }

    private List<string> Candidates(string word, bool dotCommand)
    {
        var found = new SortedSet<string>(StringComparer.Ordinal);
        if (dotCommand)
        {
            foreach (DotCommand command in DotCommandTable.All)
            {
                foreach (string name in command.Aliases.Prepend(command.Name))
                {
                    if (name.StartsWith(word, StringComparison.OrdinalIgnoreCase))
                    {
                        found.Add(name);
                    }
                }
            }

            return [.. found];
        }

        // Keywords take the case of what was typed: "sel" becomes "select", "SEL" "SELECT".
        bool lower = !word.Any(char.IsUpper);
        foreach (string keyword in Keywords)
        {
            if (keyword.StartsWith(word, StringComparison.OrdinalIgnoreCase))
            {
                found.Add(lower ? keyword.ToLowerInvariant() : keyword);
            }
        }

        foreach (string name in names())
        {
            if (name.StartsWith(word, StringComparison.OrdinalIgnoreCase))
            {
                found.Add(name);
            }
        }

        return [.. found];
    }

    // The candidates' common prefix, compared without case; the typed word is kept when they differ only in case.
    private static string CommonPrefix(List<string> candidates, string word)
    {
        string first = candidates[0];
        int length = first.Length;
        foreach (string candidate in candidates)
        {
            int i = 0;
            while (i < length && i < candidate.Length && char.ToUpperInvariant(candidate[i]) == char.ToUpperInvariant(first[i]))
            {
                i++;
            }

            length = i;
        }

        return length <= word.Length ? word : word + first[word.Length..length];
    }
}
