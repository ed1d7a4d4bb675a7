// Prints AST nodes back to SQL, beside the parser that reads it: the engine's catalog
// stores every object's CREATE statement as canonical text printed here (re-parsed
// when the file is opened), and the planner names result columns that have no alias by
// printing their expression. The output re-parses to an equal AST (RoundTripTests),
// except that a subquery inside an expression prints as a "SELECT ..." placeholder:
// that text only names result columns, and SQLite allows no subquery where the catalog
// stores an expression (CHECK, DEFAULT, an index's WHERE).
using System.Globalization;
using System.Text;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql.Printing;

/// <summary>Formats statements and expressions as SQL text.</summary>
internal static partial class SqlText
{
    private static readonly HashSet<string> Keywords = new(StringComparer.OrdinalIgnoreCase)
    {
        "ABORT", "ADD", "ALL", "ALTER", "AND", "AS", "ASC", "AUTOINCREMENT", "BEGIN", "BETWEEN", "BY", "CASE", "CAST",
        "CHECK", "COLLATE", "COLUMN", "COMMIT", "CONFLICT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT_DATE",
        "CURRENT_TIME", "CURRENT_TIMESTAMP", "DEFAULT", "DEFERRED", "DELETE", "DESC", "DISTINCT", "DROP", "ELSE", "END",
        "ESCAPE", "EXCEPT", "EXCLUSIVE", "EXISTS", "EXPLAIN", "FAIL", "FALSE", "FIRST", "FROM", "FULL", "GLOB", "GROUP",
        "HAVING", "IF", "IGNORE", "IMMEDIATE", "IN", "INDEX", "INDEXED", "INNER", "INSERT", "INTERSECT", "INTO", "IS", "ISNULL",
        "JOIN", "KEY", "LAST", "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED", "NATURAL", "NOT", "NOTNULL", "NULL", "NULLS", "OFFSET", "ON", "OR",
        "ORDER", "OUTER", "PLAN", "PRAGMA", "PRIMARY", "QUERY", "RECURSIVE", "REGEXP", "RELEASE", "RENAME", "REPLACE", "RETURNING", "RIGHT",
        "ROLLBACK", "SAVEPOINT", "SELECT", "SET", "TABLE", "TEMP", "TEMPORARY", "THEN", "TO", "TRANSACTION", "TRUE",
        "UNION", "UNIQUE", "UPDATE", "USING", "VALUES", "VIEW", "WHEN", "WHERE", "WITH", "CURRENT", "EXCLUDE", "FILTER",
        "FOLLOWING", "GROUPS", "NO", "OTHERS", "OVER", "PARTITION", "PRECEDING", "RANGE", "ROW", "ROWS", "TIES", "UNBOUNDED", "WINDOW",
    };

    /// <summary>An identifier, quoted with double quotes when it is not a plain word.</summary>
    public static string Name(string name)
    {
        bool plain = name.Length > 0 && (char.IsAsciiLetter(name[0]) || name[0] == '_') && !Keywords.Contains(name);
        for (int i = 1; plain && i < name.Length; i++)
        {
            char c = name[i];
            plain = char.IsAsciiLetterOrDigit(c) || c == '_' || c == '$';
        }

        return plain ? name : "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }

    /// <summary>A string literal.</summary>
    public static string Quote(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";

    /// <summary>An expression as SQL text.</summary>
    public static string Of(Expression expression)
    {
        var builder = new StringBuilder();
        Append(builder, expression);
        return builder.ToString();
    }

    /// <summary>A CREATE TABLE statement in canonical form.</summary>
    public static string Of(CreateTableStatement table)
    {
        var b = new StringBuilder("CREATE TABLE ");
        b.Append(Name(table.Name.Name)).Append('(');
        for (int i = 0; i < table.Columns.Count; i++)
        {
            if (i > 0)
            {
                b.Append(", ");
            }

            AppendColumn(b, table.Columns[i]);
        }

        foreach (TableConstraint constraint in table.Constraints)
        {
            b.Append(", ");
            AppendConstraintName(b, constraint.Name);
            switch (constraint)
            {
                case PrimaryKeyTableConstraint pk:
                    AppendKey(b, "PRIMARY KEY", pk.Columns, pk.OnConflict);
                    break;
                case UniqueTableConstraint unique:
                    AppendKey(b, "UNIQUE", unique.Columns, unique.OnConflict);
                    break;
                case CheckTableConstraint check:
                    AppendClause(b, "CHECK", check.Condition);
                    break;
                case ForeignKeyTableConstraint foreignKey:
                    b.Append("FOREIGN KEY (");
                    AppendNames(b, foreignKey.Columns);
                    b.Append(") ");
                    AppendReferences(b, foreignKey.References);
                    break;
            }
        }

        return b.Append(')').ToString();
    }

    /// <summary>A CREATE INDEX statement in canonical form.</summary>
    public static string Of(CreateIndexStatement index)
    {
        var b = new StringBuilder("CREATE ");
        if (index.Unique)
        {
            b.Append("UNIQUE ");
        }

        b.Append("INDEX ").Append(Name(index.Name.Name)).Append(" ON ").Append(Name(index.Table)).Append('(');
        AppendIndexed(b, index.Columns);
        b.Append(')');
        if (index.Where is not null)
        {
            b.Append(" WHERE ");
            Append(b, index.Where);
        }

        return b.ToString();
    }

    /// <summary>A CREATE TRIGGER statement: its head canonical, its WHEN and body as written.</summary>
    public static string Of(CreateTriggerStatement trigger)
    {
        var b = new StringBuilder("CREATE TRIGGER ").Append(Name(trigger.Name.Name)).Append(trigger.Timing switch
        {
            TriggerTiming.Before => " BEFORE ",
            TriggerTiming.After => " AFTER ",
            _ => " INSTEAD OF ",
        }).Append(trigger.Event.ToString().ToUpperInvariant());
        for (int i = 0; i < trigger.UpdateColumns.Count; i++)
        {
            b.Append(i == 0 ? " OF " : ", ").Append(Name(trigger.UpdateColumns[i]));
        }

        b.Append(" ON ").Append(Name(trigger.Table.Name)).Append(trigger.ForEachRow ? " FOR EACH ROW" : string.Empty);
        if (trigger.WhenSql is not null)
        {
            b.Append(" WHEN ").Append(trigger.WhenSql);
        }

        return b.Append(" BEGIN ").Append(trigger.BodySql).Append(" END").ToString();
    }

    /// <summary>A CREATE VIEW statement: its name and columns canonical, its query as written.</summary>
    public static string Of(CreateViewStatement view)
    {
        var b = new StringBuilder("CREATE VIEW ").Append(Name(view.Name.Name));
        if (view.Columns.Count > 0)
        {
            b.Append('(');
            for (int i = 0; i < view.Columns.Count; i++)
            {
                b.Append(i > 0 ? ", " : string.Empty).Append(Name(view.Columns[i]));
            }

            b.Append(')');
        }

        return b.Append(" AS ").Append(view.QuerySql).ToString();
    }

    private static void AppendColumn(StringBuilder b, ColumnDefinition column)
    {
        b.Append(Name(column.Name));
        if (column.Type is not null)
        {
            b.Append(' ').Append(column.Type.Text);
        }

        foreach (ColumnConstraint constraint in column.Constraints)
        {
            b.Append(' ');
            AppendConstraintName(b, constraint.Name);
            switch (constraint)
            {
                case PrimaryKeyColumnConstraint pk:
                    b.Append("PRIMARY KEY");
                    b.Append(pk.Direction == SortDirection.Descending ? " DESC" : string.Empty);
                    AppendConflict(b, pk.OnConflict);
                    b.Append(pk.Autoincrement ? " AUTOINCREMENT" : string.Empty);
                    break;
                case NotNullColumnConstraint notNull:
                    b.Append("NOT NULL");
                    AppendConflict(b, notNull.OnConflict);
                    break;
                case NullColumnConstraint:
                    b.Append("NULL");
                    break;
                case UniqueColumnConstraint unique:
                    b.Append("UNIQUE");
                    AppendConflict(b, unique.OnConflict);
                    break;
                case CheckColumnConstraint check:
                    AppendClause(b, "CHECK", check.Condition);
                    break;
                case GeneratedColumnConstraint generated:
                    AppendClause(b, "GENERATED ALWAYS AS", generated.Expression);
                    b.Append(generated.Stored ? " STORED" : " VIRTUAL");
                    break;
                case DefaultColumnConstraint def:
                    AppendClause(b, "DEFAULT", def.Value);
                    break;
                case CollateColumnConstraint collate:
                    b.Append("COLLATE ").Append(Name(collate.Collation));
                    break;
                case ForeignKeyColumnConstraint foreignKey:
                    AppendReferences(b, foreignKey.References);
                    break;
            }
        }
    }

    private static void AppendReferences(StringBuilder b, ForeignKeyClause references)
    {
        b.Append("REFERENCES ").Append(Name(references.ParentTable));
        if (references.ParentColumns.Count > 0)
        {
            b.Append('(');
            AppendNames(b, references.ParentColumns);
            b.Append(')');
        }

        AppendAction(b, "DELETE", references.OnDelete);
        AppendAction(b, "UPDATE", references.OnUpdate);
        if (references.Match is { } match)
        {
            b.Append(" MATCH ").Append(Name(match));
        }

        if (references.Deferrable is bool deferrable)
        {
            b.Append(deferrable ? " DEFERRABLE" : " NOT DEFERRABLE");
            if (references.InitiallyDeferred is bool deferred)
            {
                b.Append(deferred ? " INITIALLY DEFERRED" : " INITIALLY IMMEDIATE");
            }
        }
    }

    private static void AppendAction(StringBuilder b, string operation, ForeignKeyAction? action)
    {
        if (action is { } a)
        {
            b.Append(" ON ").Append(operation).Append(' ').Append(ActionText(a));
        }
    }

    /// <summary>An action as SQL writes it (and as PRAGMA foreign_key_list shows it).</summary>
    public static string ActionText(ForeignKeyAction action) => action switch
    {
        ForeignKeyAction.Restrict => "RESTRICT",
        ForeignKeyAction.SetNull => "SET NULL",
        ForeignKeyAction.SetDefault => "SET DEFAULT",
        ForeignKeyAction.Cascade => "CASCADE",
        _ => "NO ACTION",
    };

    private static void AppendNames(StringBuilder b, SqlList<string> names)
    {
        for (int i = 0; i < names.Count; i++)
        {
            b.Append(i > 0 ? ", " : string.Empty).Append(Name(names[i]));
        }
    }

    private static void AppendKey(StringBuilder b, string keyword, SqlList<IndexedColumn> columns, ConflictResolution onConflict)
    {
        b.Append(keyword).Append(" (");
        AppendIndexed(b, columns);
        b.Append(')');
        AppendConflict(b, onConflict);
    }

    /// <summary>`KEYWORD (expression)`, as CHECK and DEFAULT print.</summary>
    private static void AppendClause(StringBuilder b, string keyword, Expression expression)
    {
        b.Append(keyword).Append(" (");
        Append(b, expression);
        b.Append(')');
    }

    private static void AppendConstraintName(StringBuilder b, string? name)
    {
        if (name is not null)
        {
            b.Append("CONSTRAINT ").Append(Name(name)).Append(' ');
        }
    }

    private static void AppendConflict(StringBuilder b, ConflictResolution resolution)
    {
        if (resolution != ConflictResolution.Default)
        {
            b.Append(" ON CONFLICT ").Append(resolution.ToString().ToUpperInvariant());
        }
    }

    private static void AppendIndexed(StringBuilder b, SqlList<IndexedColumn> columns)
    {
        for (int i = 0; i < columns.Count; i++)
        {
            IndexedColumn column = columns[i];
            b.Append(i > 0 ? ", " : string.Empty);
            if (column.Expression is { } expression)
            {
                // Parenthesized before a COLLATE, which must apply to the whole key, not its last operand.
                bool wrap = column.Collation is not null;
                b.Append(wrap ? "(" : string.Empty);
                Append(b, expression);
                b.Append(wrap ? ")" : string.Empty);
            }
            else
            {
                b.Append(Name(column.Name));
            }

            if (column.Collation is not null)
            {
                b.Append(" COLLATE ").Append(Name(column.Collation));
            }

            b.Append(column.Direction == SortDirection.Descending ? " DESC" : string.Empty);
        }
    }

    private static string Number(double value)
    {
        if (double.IsInfinity(value))
        {
            return value > 0 ? "1e999" : "-1e999";
        }

        string text = value.ToString("R", CultureInfo.InvariantCulture);
        return text.Contains('.', StringComparison.Ordinal) || text.Contains('E', StringComparison.Ordinal)
            || text.Contains('N', StringComparison.Ordinal) || text.Contains('I', StringComparison.Ordinal)
            ? text
            : text + ".0";
    }
}
