// Grammar-aware random SQL generator for the fuzzers. Seeded (one System.Random),
// so a seed always yields the same statements. It keeps a small model of the
// schema it created (tables and their columns) so most statements name real
// tables and columns, and on purpose makes a share of them slightly wrong
// (unknown names, type mismatches, overflowing literals, constraint violations):
// the engine must reject those with a SharpCoreDBException, never crash. Its functions,
// aggregates and window functions come from the engine's registries, so every one is
// generated (with window clauses, DISTINCT and separators).
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Tests.Fuzzing;

internal sealed partial class SqlFuzzGenerator
{
    private static readonly string[] Types =
        ["INTEGER", "INT", "BIGINT", "TEXT", "VARCHAR(20)", "REAL", "DOUBLE", "BLOB", "BOOLEAN", "DATETIME", "DECIMAL(10,2)", "NUMERIC", ""];

    private static readonly string[] BinaryOperators =
        ["+", "-", "*", "/", "%", "||", "->", "->>", "=", "==", "<>", "!=", "<", "<=", ">", ">=", "AND", "OR", "&", "|", "<<", ">>", "IS", "IS NOT"];

    private readonly Random _random;
    private readonly List<FuzzTable> _tables = [];
    private int _nextName;
    private int _parameterCount;
    private string? _qualifier;

    public SqlFuzzGenerator(Random random) => _random = random;

    /// <summary>Replaces the model of the schema with the tables the engine really has (after DDL that failed or was rolled back).</summary>
    public void SyncSchema(IEnumerable<(string Table, List<string> Columns)> tables)
    {
        _tables.Clear();
        foreach ((string name, List<string> columns) in tables)
        {
            _tables.Add(new FuzzTable(name) { Columns = columns });
        }
    }

    /// <summary>Statements that build the starting schema and a few rows.</summary>
    public List<string> Schema()
    {
        var statements = new List<string>();
        int tables = 2 + _random.Next(3);
        for (int i = 0; i < tables; i++)
        {
            statements.Add(CreateTable());
        }

        for (int i = 0; i < 30; i++)
        {
            statements.Add(Insert());
        }

        return statements;
    }

    /// <summary>One random statement; parameters (if any) are bound by the runner.</summary>
    public string Next()
    {
        _parameterCount = 0;
        int kind = _random.Next(100);
        return kind switch
        {
            < 20 => Insert(),
            < 30 => Update(),
            < 36 => Delete(),
            < 70 => Select(0),
            < 78 => Transaction(),
            < 82 => Alter(),
            < 85 => CreateIndex(),
            < 87 => CreateTable(),
            < 89 => Drop(),
            < 91 => $"PRAGMA {Pick("table_info", "index_list", "integrity_check", "nosuch")}{(Chance(2) ? $"({Table().Name})" : "")}",
            < 93 => $"EXPLAIN {(Chance(2) ? "QUERY PLAN " : "")}{Select(0)}",
            < 95 => $"CREATE VIEW IF NOT EXISTS v{_nextName++} AS {Select(1)}",
            _ => Wrong(),
        };
    }

    private string CreateTable()
    {
        string name = "t" + _nextName++;
        var table = new FuzzTable(name);
        var sb = new StringBuilder($"CREATE TABLE {(Chance(8) ? "IF NOT EXISTS " : "")}{name}(");
        bool rowidKey = Chance(2);
        if (rowidKey)
        {
            sb.Append("id INTEGER PRIMARY KEY").Append(Chance(4) ? " AUTOINCREMENT" : "");
            table.Columns.Add("id");
        }

        int columns = 1 + _random.Next(5);
        for (int i = 0; i < columns; i++)
        {
            string column = "c" + i;
            table.Columns.Add(column);
            if (table.Columns.Count > 1)
            {
                sb.Append(", ");
            }

            sb.Append(column).Append(' ').Append(Pick(Types));
            switch (_random.Next(8))
            {
                case 0: sb.Append(" NOT NULL"); break;
                case 1: sb.Append(" UNIQUE"); break;
                case 2: sb.Append(" DEFAULT ").Append(Literal()); break;
                case 3: sb.Append(" CHECK (").Append(column).Append(" IS NULL OR ").Append(column).Append(" <> ").Append(Literal()).Append(')'); break;
                case 4 when !rowidKey && i == 0: sb.Append(" PRIMARY KEY"); break;
                case 5: sb.Append(" COLLATE ").Append(Pick("NOCASE", "BINARY", "RTRIM")); break;
                default: break;
            }
        }

        if (Chance(5) && columns > 1)
        {
            sb.Append(", UNIQUE (c0, c1)");
        }

        if (Chance(6) && !rowidKey)
        {
            sb.Append(", PRIMARY KEY (c0)");
        }

        sb.Append(')');
        _tables.Add(table);
        return sb.ToString();
    }

    private string Insert()
    {
        FuzzTable table = Table();
        string verb = Pick("INSERT", "INSERT", "INSERT OR REPLACE", "INSERT OR IGNORE", "REPLACE", "INSERT OR FAIL");
        if (Chance(10))
        {
            return $"{verb} INTO {table.Name} DEFAULT VALUES";
        }

        if (Chance(6))
        {
            return $"{verb} INTO {table.Name} {Select(1)}";
        }

        bool named = Chance(2);
        var sb = new StringBuilder($"{verb} INTO {table.Name}");
        List<string> columns = named ? Subset(table.Columns) : table.Columns;
        if (named)
        {
            sb.Append('(').AppendJoin(", ", columns).Append(')');
        }

        sb.Append(" VALUES ");
        int rows = 1 + _random.Next(3);
        for (int r = 0; r < rows; r++)
        {
            sb.Append(r > 0 ? ", (" : "(");
            int count = Chance(20) ? columns.Count + 1 : columns.Count;
            for (int i = 0; i < count; i++)
            {
                sb.Append(i > 0 ? ", " : "").Append(Chance(5) ? Expression(table, 1) : Literal());
            }

            sb.Append(')');
        }

        if (Chance(8))
        {
            sb.Append(" RETURNING *");
        }

        return sb.ToString();
    }

    private string Update()
    {
        FuzzTable table = Table();
        string sets = string.Join(", ", Subset(table.Columns).Select(c => $"{c} = {Expression(table, 0)}"));
        return $"UPDATE {Pick("", "OR IGNORE ", "OR REPLACE ")}{table.Name} SET {sets}{(Chance(4) ? "" : " WHERE " + Expression(table, 0))}{(Chance(10) ? " RETURNING " + Column(table) : "")}";
    }

    private string Delete()
    {
        FuzzTable table = Table();
        return $"DELETE FROM {table.Name}{(Chance(5) ? "" : " WHERE " + Expression(table, 0))}";
    }

    private string Select(int depth)
    {
        FuzzTable table = Table();
        var sb = new StringBuilder("SELECT ");
        if (Chance(6))
        {
            sb.Append("DISTINCT ");
        }

        bool grouped = Chance(4);
        string from = table.Name;
        if (Chance(4))
        {
            FuzzTable other = Table();
            string kind = Pick("JOIN", "LEFT JOIN", "INNER JOIN", "CROSS JOIN", ",");
            from = kind == "," || kind == "CROSS JOIN"
                ? $"{table.Name} AS a {kind} {other.Name} AS b"
                : $"{table.Name} AS a {kind} {other.Name} AS b ON a.{Pick(table.Columns)} = b.{Pick(other.Columns)}";
        }
        else if (depth < 2 && Chance(10))
        {
            from = $"({Select(depth + 1)}) AS sq";
        }
        else if (Chance(12))
        {
            // A table-valued function over each row's column (or a literal document), read after the table.
            from = $"{table.Name} AS a {Pick(",", "LEFT JOIN", "JOIN")} {Pick("json_each", "json_tree")}({Pick("a." + Pick(table.Columns), Literal())}{(Chance(2) ? ", " + Literal() : "")}) AS b";
        }

        bool joined = from.Contains(" AS b", StringComparison.Ordinal);
        string? outerQualifier = _qualifier;
        _qualifier = joined ? "a." : null;
        if (grouped)
        {
            string key = Column(table);
            sb.Append(key).Append(", ").Append(Aggregate(table));
            sb.Append(" FROM ").Append(from);
            AppendWhere(sb, table, depth);
            sb.Append(" GROUP BY ").Append(key);
            if (Chance(2))
            {
                sb.Append(" HAVING ").Append(Pick("count(*)", "sum(" + Column(table) + ")", "min(" + Column(table) + ")")).Append(" > ").Append(Literal());
            }
        }
        else
        {
            sb.Append(Chance(5) ? "*" : string.Join(", ", Enumerable.Range(0, 1 + _random.Next(3)).Select(_ => Chance(8) ? Window(table) : Expression(table, depth))));
            sb.Append(" FROM ").Append(from);
            AppendWhere(sb, table, depth);
        }

        if (depth == 0 && Chance(6))
        {
            sb.Append(' ').Append(Pick("UNION", "UNION ALL", "INTERSECT", "EXCEPT")).Append(" SELECT ");
            sb.Append(grouped ? "1, 2" : "*").Append(" FROM ").Append(Table().Name);
        }

        if (Chance(3))
        {
            sb.Append(" ORDER BY ").Append(Chance(3) ? (1 + _random.Next(3)).ToString(CultureInfo.InvariantCulture) : Column(table))
              .Append(Chance(6) ? " COLLATE " + Pick("NOCASE", "RTRIM", "BINARY") : "")
              .Append(Pick("", " ASC", " DESC", " DESC NULLS FIRST"));
        }

        _qualifier = outerQualifier;

        if (Chance(3))
        {
            sb.Append(" LIMIT ").Append(Pick("0", "1", "5", "-1", "?", "9223372036854775807", "'x'")).Append(Chance(3) ? " OFFSET " + _random.Next(5) : "");
        }

        return sb.ToString();
    }

    /// <summary>A one-column subquery (for IN and scalar use), possibly correlated, possibly aggregated.</summary>
    private string ScalarSelect()
    {
        FuzzTable table = Table();
        string column = Chance(3) ? $"{Pick(Aggregates)}({Pick(table.Columns)})" : Pick(table.Columns);
        return $"SELECT {column} FROM {table.Name}{(Chance(2) ? $" WHERE {Pick(table.Columns)} {Pick("=", "<", ">=")} {Literal()}" : "")}{(Chance(3) ? " LIMIT 1" : "")}";
    }

    private void AppendWhere(StringBuilder sb, FuzzTable table, int depth)
    {
        if (Chance(2))
        {
            sb.Append(" WHERE ").Append(Expression(table, depth));
        }
    }

    private string Expression(FuzzTable table, int depth)
    {
        if (depth > 3)
        {
            return Chance(2) ? Column(table) : Literal();
        }

        int d = depth + 1;
        return _random.Next(22) switch
        {
            0 or 1 or 2 => Column(table),
            3 or 4 => Literal(),
            5 => Parameter(),
            6 or 7 => $"({Expression(table, d)} {Pick(BinaryOperators)} {Expression(table, d)})",
            8 => $"{Pick("-", "+", "~", "NOT ")}{Expression(table, d)}",
            9 => $"CASE {(Chance(2) ? Column(table) + " " : "")}WHEN {Expression(table, d)} THEN {Expression(table, d)}{(Chance(2) ? " ELSE " + Literal() : "")} END",
            10 => $"CAST({Expression(table, d)} AS {Pick(Types.Where(t => t.Length > 0).ToArray())})",
            11 => $"{Pick(ScalarFunctions)}({string.Join(", ", Enumerable.Range(0, _random.Next(4)).Select(_ => Expression(table, d)))})",
            12 => $"{Expression(table, d)} {Pick("", "NOT ")}LIKE {Pick("'%a%'", "'_'", "'%'", "'a\\%' ESCAPE '\\'", Literal())}",
            13 => $"{Expression(table, d)} {Pick("", "NOT ")}IN ({string.Join(", ", Enumerable.Range(0, _random.Next(4)).Select(_ => Literal()))})",
            14 => $"{Expression(table, d)} {Pick("", "NOT ")}BETWEEN {Literal()} AND {Literal()}",
            15 when depth < 2 => $"{Column(table)} IN ({ScalarSelect()})",
            16 when depth < 2 => $"{Pick("", "NOT ")}EXISTS ({Select(2)})",
            17 when depth < 2 => $"({ScalarSelect()})",
            18 => $"{Expression(table, d)} IS {Pick("", "NOT ")}NULL",
            19 => $"{Expression(table, d)} COLLATE {Pick("NOCASE", "BINARY", "RTRIM", "BOGUS")}",
            20 when Chance(3) => Aggregate(table),
            _ => $"{Expression(table, d)} {Pick("", "NOT ")}GLOB '{Pick("*", "?a", "[a-z]*", "[")}'",
        };
    }

    private string Transaction() => _random.Next(9) switch
    {
        0 => "BEGIN",
        1 => Pick("BEGIN IMMEDIATE", "BEGIN DEFERRED TRANSACTION"),
        2 => "COMMIT",
        3 => "ROLLBACK",
        4 or 5 => $"SAVEPOINT s{_random.Next(3)}",
        6 => $"RELEASE SAVEPOINT s{_random.Next(3)}",
        7 => $"ROLLBACK TO SAVEPOINT s{_random.Next(3)}",
        _ => "END",
    };

    private string Alter()
    {
        FuzzTable table = Table();
        switch (_random.Next(4))
        {
            case 0:
                string added = "x" + _nextName++;
                table.Columns.Add(added);
                return $"ALTER TABLE {table.Name} ADD COLUMN {added} {Pick(Types)}{(Chance(3) ? " DEFAULT " + Literal() : "")}{(Chance(6) ? " NOT NULL" : "")}";
            case 1:
                string renamed = "r" + _nextName++;
                string old = Pick(table.Columns);
                table.Columns[table.Columns.IndexOf(old)] = renamed;
                return $"ALTER TABLE {table.Name} RENAME COLUMN {old} TO {renamed}";
            case 2:
                string dropped = Pick(table.Columns);
                table.Columns.Remove(dropped);
                if (table.Columns.Count == 0)
                {
                    table.Columns.Add(dropped);
                }

                return $"ALTER TABLE {table.Name} DROP COLUMN {dropped}";
            default:
                string newName = "t" + _nextName++;
                string oldName = table.Name;
                table.Name = newName;
                return $"ALTER TABLE {oldName} RENAME TO {newName}";
        }
    }

    private string CreateIndex()
    {
        FuzzTable table = Table();
        return $"CREATE {(Chance(3) ? "UNIQUE " : "")}INDEX {(Chance(5) ? "IF NOT EXISTS " : "")}i{_nextName++} ON {table.Name}({string.Join(", ", Subset(table.Columns))}){(Chance(5) ? " WHERE " + Column(table) + " IS NOT NULL" : "")}";
    }

    private string Drop()
    {
        if (Chance(2) && _tables.Count > 2)
        {
            FuzzTable table = Table();
            _tables.Remove(table);
            return $"DROP TABLE {table.Name}";
        }

        return $"DROP {Pick("INDEX", "VIEW", "TABLE")} {(Chance(2) ? "IF EXISTS " : "")}{Pick("i", "v", "t")}{_random.Next(_nextName + 1)}";
    }

    /// <summary>A statement that is wrong on purpose: unknown names, bad types, overflow, violations.</summary>
    private string Wrong()
    {
        FuzzTable table = Table();
        return _random.Next(10) switch
        {
            0 => $"SELECT nosuch FROM {table.Name}",
            1 => $"SELECT * FROM nosuch{_random.Next(9)}",
            2 => $"INSERT INTO {table.Name}(nosuch) VALUES (1)",
            3 => $"SELECT 9223372036854775807 + {Pick("1", "9223372036854775807", Column(table))}",
            4 => $"SELECT -9223372036854775808 * -1, abs(-9223372036854775808), -9223372036854775808 / -1, 5 % 0",
            5 => $"SELECT CAST({Literal()} AS {Pick("INTEGER", "BLOB", "BOOLEAN", "DATETIME", "DECIMAL")}) + X'00'",
            6 => $"UPDATE {table.Name} SET {Column(table)} = NULL",
            7 => $"INSERT INTO {table.Name} SELECT * FROM {table.Name}",
            8 => $"SELECT {Pick(Aggregates)}({Pick(Aggregates)}({Column(table)})) FROM {table.Name}",
            _ => $"CREATE TABLE {table.Name}(a)",
        };
    }

    private string Literal() => _random.Next(16) switch
    {
        0 => "NULL",
        1 => _random.Next(-5, 50).ToString(CultureInfo.InvariantCulture),
        2 => Pick("9223372036854775807", "-9223372036854775808", "0x7FFFFFFFFFFFFFFF", "0xFFFFFFFFFFFFFFFF"),
        3 => (_random.NextDouble() * 200 - 100).ToString("R", CultureInfo.InvariantCulture),
        4 => Pick("1e308", "-1e308", "1e309", "0.0", "-0.0", "1.5"),
        5 => Pick("'a'", "'abc'", "''", "'A%'", "'it''s'", "'2024-01-31 12:00:00'", "'12'", "' 3.5 '", "'$'", "'$.a'", "'$[0]'", "'$[#-1]'", "'$.a["),
        10 => Pick("'{\"a\":[1,2.5,\"x\",null,{\"b\":true}]}'", "'[1,[2,[3]]]'", "'{\"a\":1,\"a\":2}'", "'[1,2'", "'\"s\"'", "'{}'"),
        6 => Pick("X''", "X'00FF'", "X'41'"),
        7 => Pick("TRUE", "FALSE"),
        8 => Pick("CURRENT_TIMESTAMP", "CURRENT_DATE"),
        9 => Parameter(),
        _ => _random.Next(10).ToString(CultureInfo.InvariantCulture),
    };

    private string Parameter() => _random.Next(4) switch
    {
        0 => "?",
        1 => $"?{1 + _random.Next(3)}",
        2 => $":p{_random.Next(3)}",
        _ => $"@p{++_parameterCount}",
    };

    private FuzzTable Table()
    {
        if (_tables.Count == 0)
        {
            _tables.Add(new FuzzTable("t" + _nextName++) { Columns = { "c0" } });
        }

        return _tables[_random.Next(_tables.Count)];
    }

    private string Column(FuzzTable table) => Chance(60) ? "nosuchcol" : _qualifier + Pick(table.Columns);

    private List<string> Subset(List<string> items)
    {
        var subset = items.Where(_ => Chance(2)).ToList();
        return subset.Count > 0 ? subset : [Pick(items)];
    }

    private bool Chance(int oneIn) => _random.Next(oneIn) == 0;

    private T Pick<T>(IReadOnlyList<T> items) => items[_random.Next(items.Count)];

    private string Pick(params string[] items) => items[_random.Next(items.Length)];

    private sealed class FuzzTable(string name)
    {
        public string Name { get; set; } = name;

        public List<string> Columns { get; set; } = [];
    }
}
