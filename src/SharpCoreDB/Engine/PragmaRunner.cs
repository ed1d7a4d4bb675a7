// The PRAGMAs SharpCoreDB answers, and a clear error for every other one. SQLite
// ignores a PRAGMA it does not know; an application porting from it would then
// believe, say, `PRAGMA foreign_keys = ON` or `PRAGMA synchronous = OFF` took
// effect. Here a PRAGMA is either implemented or refused by name before it does
// anything, and a setting is accepted only when it describes what the engine
// does (docs/sql-semantics.md, "PRAGMA"):
//
//   integrity_check, quick_check [(N)]   the problems found (at most N), or "ok"
//   table_info(t), index_list(t)          the columns and indexes of a table
//   journal_mode [= WAL]                  always "wal": the engine always logs ahead
//   synchronous [= value]                 FULL (2) or NORMAL (1), from the Durability setting
//   recursive_triggers [= ON|OFF]        whether a trigger may fire itself (Session.Triggers)
//   foreign_keys, defer_foreign_keys,    foreign key settings and checks (ForeignKeyPragmas)
//   foreign_key_list(t), foreign_key_check
//   page_size                             the file's page size, fixed at creation
//   user_version, application_id [= N]   32-bit integers the application keeps in the file
//                                        (a catalog record each; setting one is a write)
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Storage;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;
using SharpCoreDB.Wal;

namespace SharpCoreDB.Engine;

/// <summary>Runs PRAGMA statements.</summary>
internal static class PragmaRunner
{
    /// <summary>True when the PRAGMA answers with rows; false for a setting that answers nothing.</summary>
    public static bool IsQuery(PragmaStatement pragma) => Columns(pragma).Count > 0;

    /// <summary>The result columns; throws, naming it, for a PRAGMA or a form of one that is not implemented.</summary>
    public static IReadOnlyList<ColumnDescription> Columns(PragmaStatement pragma)
    {
        if (pragma.Name.Schema is { } schema && !schema.Equals("main", StringComparison.OrdinalIgnoreCase))
        {
            throw Error($"unknown database {schema}");
        }

        switch (pragma.Name.Name.ToLowerInvariant())
        {
            case "integrity_check":
            case "quick_check":
                if (pragma.Value is not null and not IntegerLiteral)
                {
                    throw Error($"PRAGMA {pragma.Name.Name}(table) is not supported: it checks the whole file");
                }

                return [Text(pragma.Name.Name.ToLowerInvariant())];
            case "table_info":
                RequireArgument(pragma);
                return [Integer("cid"), Text("name"), Text("type"), Integer("notnull"), Text("dflt_value"), Integer("pk")];
            case "index_list":
                RequireArgument(pragma);
                return [Integer("seq"), Text("name"), Integer("unique")];
            case "journal_mode":
                // SQLite answers a journal_mode assignment with the mode in force, so both forms return a row.
                if (pragma.Value is not null && !Word(pragma.Value).Equals("wal", StringComparison.OrdinalIgnoreCase))
                {
                    throw Error($"PRAGMA journal_mode = {Word(pragma.Value)} is not supported: SharpCoreDB always uses its write-ahead log");
                }

                return [Text("journal_mode")];
            case "synchronous":
                return pragma.Value is null ? [Integer("synchronous")] : [];
            case "foreign_keys" or "defer_foreign_keys" or "foreign_key_list" or "foreign_key_check":
                return ForeignKeyPragmas.Columns(pragma);
            case "recursive_triggers":
                if (pragma.Value is not null)
                {
                    Flag(pragma.Value);
                    return [];
                }

                return [Integer("recursive_triggers")];
            case "user_version" or "application_id":
                return pragma.Value is null ? [Integer(pragma.Name.Name.ToLowerInvariant())] : [];
            case "page_size":
                if (pragma.Value is not null)
                {
                    throw Error("PRAGMA page_size = N is not supported: the page size is chosen when the file is created (the PageSize connection setting)");
                }

                return [Integer("page_size")];
            default:
                throw Error($"PRAGMA {pragma.Name.Name} is not supported");
        }
    }

    /// <summary>Runs <paramref name="pragma"/> (already checked by <see cref="Columns"/>) and returns its rows.</summary>
    public static List<DbValue[]> Run(PragmaStatement pragma, StorageEngine storage, IPageAccess pages, DatabaseState state, SchemaCatalog catalog, UserFunctions functions)
    {
        var rows = new List<DbValue[]>();
        switch (pragma.Name.Name.ToLowerInvariant())
        {
            case "integrity_check":
            case "quick_check":
                long limit = pragma.Value is IntegerLiteral max ? max.Value : 100;
                foreach (string problem in IntegrityCheck.Run(pages, state, catalog, functions).Take((int)Math.Clamp(limit, 1, int.MaxValue)))
                {
                    rows.Add([DbValue.FromText(problem)]);
                }

                if (rows.Count == 0)
                {
                    rows.Add([DbValue.FromText("ok")]);
                }

                break;
            case "table_info" when catalog.FindTable(Word(pragma.Value!)) is { } table:
                // Generated columns are hidden from table_info and the cids of the rest count without them, as in SQLite;
                // pk is the column's position in the primary key, from 1 (0 for a column outside it).
                int[] primaryKey = table.Indexes.FirstOrDefault(i => i.IsPrimaryKey)?.Columns ?? [];
                for (int ordinal = 0; ordinal < table.Columns.Count; ordinal++)
                {
                    ColumnSchema c = table.Columns[ordinal];
                    if (c.Generated is not null)
                    {
                        continue;
                    }

                    int position = Array.IndexOf(primaryKey, ordinal) + 1;
                    rows.Add([DbValue.FromInt64(rows.Count), DbValue.FromText(c.Name), DbValue.FromText(c.DeclaredType ?? string.Empty),
                        DbValue.FromInt64(c.NotNull ? 1 : 0), c.Default is null ? DbValue.Null : DbValue.FromText(SqlText.Of(c.Default)),
                        DbValue.FromInt64(c.IsPrimaryKey ? Math.Max(1, position) : 0)]);
                }

                break;
            case "index_list" when catalog.FindTable(Word(pragma.Value!)) is { } table:
                for (int i = 0; i < table.Indexes.Count; i++)
                {
                    rows.Add([DbValue.FromInt64(i), DbValue.FromText(table.Indexes[i].Name), DbValue.FromInt64(table.Indexes[i].IsUnique ? 1 : 0)]);
                }

                break;
            case "journal_mode":
                rows.Add([DbValue.FromText("wal")]);
                break;
            case "synchronous":
                long level = Synchronous(storage);
                if (pragma.Value is not null)
                {
                    CheckSynchronous(pragma.Value, level);
                }
                else
                {
                    rows.Add([DbValue.FromInt64(level)]);
                }

                break;
            case "page_size":
                rows.Add([DbValue.FromInt64(storage.Layout.PageSize)]);
                break;
            case "user_version" or "application_id":
                rows.Add([DbValue.FromInt64(CatalogStore.ReadSetting(pages, state, pragma.Name.Name.ToLowerInvariant(), out _))]);
                break;
        }

        return rows;
    }

    /// <summary>True for a PRAGMA that writes the file (user_version = N, application_id = N): it runs as a write statement.</summary>
    public static bool IsSettingWrite(PragmaStatement pragma) =>
        pragma.Value is not null && pragma.Name.Name.ToLowerInvariant() is "user_version" or "application_id";

    /// <summary>Stores the value of <paramref name="pragma"/> (an <see cref="IsSettingWrite"/> one) in <paramref name="tx"/>.</summary>
    public static void WriteSetting(WriteTransaction tx, PragmaStatement pragma)
    {
        string name = pragma.Name.Name.ToLowerInvariant();
        CatalogStore.ReadSetting(tx, tx.State, name, out long id);
        long value = LeadingInt32(Word(pragma.Value!));
        CatalogStore.Write(tx, id != 0 ? id : Execution.DdlExecutor.NextId(tx), CatalogStore.SettingType, name, string.Empty, 0, DbValue.FromInt64(value));
    }

    // SQLite reads these values as sqlite3Atoi does: an optional sign and the digits that follow; anything else, or a
    // number beyond 32 bits, reads as 0.
    private static long LeadingInt32(string text)
    {
        ReadOnlySpan<char> span = text.AsSpan().Trim();
        bool negative = span.Length > 0 && span[0] == '-';
        if (span.Length > 0 && span[0] is '-' or '+')
        {
            span = span[1..];
        }

        long value = 0;
        foreach (char c in span)
        {
            if (!char.IsAsciiDigit(c))
            {
                break;
            }

            value = (value * 10) + (c - '0');
            if (value > int.MaxValue + 1L)
            {
                return 0;
            }
        }

        value = negative ? -value : value;
        return value is < int.MinValue or > int.MaxValue ? 0 : value;
    }

    // SQLite's levels: 0 OFF, 1 NORMAL (a commit may be lost at power failure, never corrupted), 2 FULL.
    private static long Synchronous(StorageEngine storage) => storage.Log switch
    {
        null => 0,
        { Durability: WalDurability.Async } => 1,
        _ => 2,
    };

    private static void CheckSynchronous(Expression value, long level)
    {
        long? wanted = Word(value).ToUpperInvariant() switch
        {
            "0" or "OFF" => 0,
            "1" or "NORMAL" => 1,
            "2" or "FULL" => 2,
            "3" or "EXTRA" => 3,
            _ => null,
        };
        if (wanted != level)
        {
            string now = level switch { 0 => "OFF (an in-memory database)", 1 => "NORMAL (Durability=Async)", _ => "FULL (Durability=FullSync)" };
            throw Error($"PRAGMA synchronous = {Word(value)} is not supported: the connection's Durability setting decides it, now {now}");
        }
    }

    private static void RequireArgument(PragmaStatement pragma)
    {
        if (pragma.Value is null)
        {
            throw Error($"PRAGMA {pragma.Name.Name} needs a table name: PRAGMA {pragma.Name.Name}(table)");
        }
    }

    public static bool Flag(Expression value) => Word(value).ToUpperInvariant() switch
    {
        "1" or "ON" or "TRUE" or "YES" => true,
        "0" or "OFF" or "FALSE" or "NO" => false,
        _ => throw Error($"PRAGMA value {Word(value)} is not a boolean"),
    };

    public static string Word(Expression value) => value switch
    {
        StringLiteral s => s.Value,
        ColumnReference c => c.Column,
        _ => SqlText.Of(value),
    };

    public static SharpCoreDBException Error(string message) => new(SharpCoreDBErrorCode.SemanticError, message);

    public static ColumnDescription Text(string name) => ColumnDescription.Computed(name, SqlTypeAffinity.None);

    public static ColumnDescription Integer(string name) => ColumnDescription.Computed(name, SqlTypeAffinity.Integer);
}
