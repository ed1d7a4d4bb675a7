// Reads what the catalog's other answers leave out of a table's or an index's SQL as
// sqlite_master stores it (the engine's canonical CREATE text, docs/sql-semantics.md):
// a generated column's expression and STORED/VIRTUAL, a column's COLLATE, the names and
// column order of the PRIMARY KEY, UNIQUE and FOREIGN KEY constraints, and an index's
// keys (column or expression, DESC) and WHERE. Only the structure is read (tokens,
// parentheses, top-level commas, constraint keywords); expressions are kept as the text
// they are, which is SQL the engine wrote and reads back. Comments and SQLite's other
// identifier quotes ([x], `x`) are read too, so hand-written text would not confuse it.
using System.Text;

namespace SharpCoreDB.EntityFrameworkCore.Scaffolding;

/// <summary>A column of a CREATE TABLE: its collation, and its expression if it is generated.</summary>
internal sealed record ColumnSql(string Name, string? Collation, string? Generated, bool Stored);

/// <summary>A PRIMARY KEY, UNIQUE or FOREIGN KEY constraint: its name (null when unnamed) and columns, in order.</summary>
internal sealed record ConstraintSql(string? Name, IReadOnlyList<string> Columns);

/// <summary>What a CREATE TABLE says beyond the catalog.</summary>
internal sealed record TableSql(IReadOnlyList<ColumnSql> Columns, ConstraintSql? PrimaryKey, IReadOnlyList<ConstraintSql> Uniques, IReadOnlyList<ConstraintSql> ForeignKeys);

/// <summary>A key of an index: a column (null for an expression) and its order.</summary>
internal sealed record IndexKeySql(string? Column, bool Descending);

/// <summary>What a CREATE INDEX says: its keys and its WHERE (null for a full index).</summary>
internal sealed record IndexSql(IReadOnlyList<IndexKeySql> Keys, string? Filter);

internal static class SchemaSql
{
    public static TableSql ReadTable(string sql)
    {
        List<Token> tokens = Tokenize(sql);
        int open = tokens.FindIndex(t => t.Is("("));
        var columns = new List<ColumnSql>();
        ConstraintSql? primaryKey = null;
        var uniques = new List<ConstraintSql>();
        var foreignKeys = new List<ConstraintSql>();
        foreach (List<Token> item in Split(tokens, open))
        {
            if (item.Count == 0)
            {
                continue;
            }

            if (item[0].IsKeyword("CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"))
            {
                string? name = item[0].IsKeyword("CONSTRAINT") ? item[1].Name : null;
                Token kind = item[name is null ? 0 : 2];
                if (kind.IsKeyword("PRIMARY"))
                {
                    primaryKey = new ConstraintSql(name, KeyColumns(item));
                }
                else if (kind.IsKeyword("UNIQUE"))
                {
                    uniques.Add(new ConstraintSql(name, KeyColumns(item)));
                }
                else if (kind.IsKeyword("FOREIGN"))
                {
                    foreignKeys.Add(new ConstraintSql(name, KeyColumns(item)));
                }

                continue;
            }

            columns.Add(ReadColumn(sql, item, ref primaryKey, uniques, foreignKeys));
        }

        return new TableSql(columns, primaryKey, uniques, foreignKeys);
    }

    public static IndexSql ReadIndex(string sql)
    {
        List<Token> tokens = Tokenize(sql);
        int on = tokens.FindIndex(t => t.IsKeyword("ON"));
        int open = tokens.FindIndex(on, t => t.Is("("));
        var keys = new List<IndexKeySql>();
        foreach (List<Token> key in Split(tokens, open))
        {
            int end = key.Count;
            bool descending = end > 1 && key[end - 1].IsKeyword("DESC");
            if (end > 1 && key[end - 1].IsKeyword("ASC", "DESC"))
            {
                end--;
            }

            if (end > 2 && key[end - 2].IsKeyword("COLLATE"))
            {
                end -= 2;
            }

            keys.Add(new IndexKeySql(end == 1 && key[0].IsName ? key[0].Name : null, descending));
        }

        int where = tokens.FindIndex(Close(tokens, open), t => t.IsKeyword("WHERE"));
        return new IndexSql(keys, where < 0 ? null : Text(sql, tokens[where + 1], tokens[^1]));
    }

    private static ColumnSql ReadColumn(string sql, List<Token> item, ref ConstraintSql? primaryKey, List<ConstraintSql> uniques, List<ConstraintSql> foreignKeys)
    {
        string column = item[0].Name;
        string? constraintName = null;
        string? collation = null;
        string? generated = null;
        bool stored = false;
        for (int i = 1; i < item.Count; i++)
        {
            Token token = item[i];
            if (token.Is("("))
            {
                int close = Close(item, i);
                if (item[i - 1].IsKeyword("AS"))
                {
                    generated = Text(sql, item[i + 1], item[close - 1]);
                    stored = close + 1 < item.Count && item[close + 1].IsKeyword("STORED");
                }

                i = close;
                continue;
            }

            if (token.IsKeyword("CONSTRAINT"))
            {
                constraintName = item[++i].Name;
                continue;
            }

            if (token.IsKeyword("COLLATE"))
            {
                collation = item[++i].Name;
            }
            else if (token.IsKeyword("PRIMARY"))
            {
                primaryKey = new ConstraintSql(constraintName, [column]);
            }
            else if (token.IsKeyword("UNIQUE"))
            {
                uniques.Add(new ConstraintSql(constraintName, [column]));
            }
            else if (token.IsKeyword("REFERENCES"))
            {
                foreignKeys.Add(new ConstraintSql(constraintName, [column]));
            }
            else if (!token.IsKeyword("NOT", "NULL", "DEFAULT", "CHECK", "GENERATED", "ALWAYS", "AS", "KEY"))
            {
                continue; // Type names, conflict clauses, ASC/DESC, AUTOINCREMENT, the words after REFERENCES.
            }

            constraintName = null;
        }

        return new ColumnSql(column, collation, generated, stored);
    }

    // The columns of a table constraint: the first word of each item of its first parentheses (`k DESC` is k).
    private static List<string> KeyColumns(List<Token> constraint) =>
        [.. Split(constraint, constraint.FindIndex(t => t.Is("("))).Where(key => key.Count > 0).Select(key => key[0].Name)];

    // The items between the parenthesis at `open` and its match, split at their top-level commas.
    private static List<List<Token>> Split(List<Token> tokens, int open)
    {
        var items = new List<List<Token>> { new() };
        if (open < 0)
        {
            return [];
        }

        int depth = 0;
        for (int i = open + 1; i < tokens.Count; i++)
        {
            Token token = tokens[i];
            if (token.Is(")") && depth == 0)
            {
                break;
            }

            if (token.Is(",") && depth == 0)
            {
                items.Add([]);
                continue;
            }

            depth += token.Is("(") ? 1 : token.Is(")") ? -1 : 0;
            items[^1].Add(token);
        }

        return items;
    }

    private static int Close(List<Token> tokens, int open)
    {
        int depth = 0;
        for (int i = open; i < tokens.Count; i++)
        {
            depth += tokens[i].Is("(") ? 1 : tokens[i].Is(")") ? -1 : 0;
            if (depth == 0)
            {
                return i;
            }
        }

        throw new FormatException("unbalanced parentheses in a schema's SQL");
    }

    private static string Text(string sql, Token first, Token last) => sql[first.Start..last.End].Trim();

    private static List<Token> Tokenize(string sql)
    {
        var tokens = new List<Token>();
        int i = 0;
        while (i < sql.Length)
        {
            char c = sql[i];
            int start = i;
            if (char.IsWhiteSpace(c))
            {
                i++;
            }
            else if (c == '-' && i + 1 < sql.Length && sql[i + 1] == '-')
            {
                i = sql.IndexOf('\n', i) is var end and >= 0 ? end : sql.Length;
            }
            else if (c == '/' && i + 1 < sql.Length && sql[i + 1] == '*')
            {
                i = sql.IndexOf("*/", i + 2, StringComparison.Ordinal) is var end and >= 0 ? end + 2 : sql.Length;
            }
            else if (c is '"' or '\'' or '`' or '[')
            {
                char close = c == '[' ? ']' : c;
                var text = new StringBuilder();
                i++;
                while (i < sql.Length && !(sql[i] == close && (close == ']' || i + 1 >= sql.Length || sql[i + 1] != close)))
                {
                    i += sql[i] == close ? 1 : 0;
                    text.Append(sql[i++]);
                }

                i++;
                tokens.Add(new Token(c == '\'' ? TokenKind.String : TokenKind.Quoted, text.ToString(), start, Math.Min(i, sql.Length)));
            }
            else if (char.IsLetterOrDigit(c) || c is '_' or '$' || c > 127)
            {
                while (i < sql.Length && (char.IsLetterOrDigit(sql[i]) || sql[i] is '_' or '$' || sql[i] > 127))
                {
                    i++;
                }

                tokens.Add(new Token(TokenKind.Word, sql[start..i], start, i));
            }
            else
            {
                i++;
                tokens.Add(new Token(TokenKind.Symbol, sql[start..i], start, i));
            }
        }

        return tokens;
    }

    private enum TokenKind
    {
        Word,
        Quoted,
        String,
        Symbol,
    }

    private readonly record struct Token(TokenKind Kind, string Value, int Start, int End)
    {
        /// <summary>An identifier, quoted or not.</summary>
        public bool IsName => Kind == TokenKind.Quoted || (Kind == TokenKind.Word && !char.IsAsciiDigit(Value[0]));

        public string Name => Value;

        public bool Is(string symbol) => Kind == TokenKind.Symbol && Value == symbol;

        public bool IsKeyword(params string[] words)
        {
            if (Kind != TokenKind.Word)
            {
                return false;
            }

            foreach (string word in words)
            {
                if (word.Equals(Value, StringComparison.OrdinalIgnoreCase))
                {
                    return true;
                }
            }

            return false;
        }
    }
}
