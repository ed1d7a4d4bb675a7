// .dump, .read and .restore through the real process: a database with every
// column type (SharpCoreDB's BOOLEAN, DATETIME, DECIMAL and GUID too), NULLs,
// blobs, quotes, newlines and carriage returns in text, odd identifiers, an index,
// a view and a trigger is dumped, read into a new file and compared: the same
// schema text and the same dump (every value as a typed literal) from both. sqlite3
// loads a dump of a shared-dialect schema, and .restore fully replaces a database.
using System.Diagnostics;

namespace SharpCoreDB.Cli.Tests.EndToEnd;

public sealed class DumpAndRestoreTests() : TempDirectoryTests("scdb-cli-")
{
    internal const string Setup = """"
        CREATE TABLE kinds (id INTEGER PRIMARY KEY, i INTEGER, r REAL, t TEXT, b BLOB, n NUMERIC, anything);
        INSERT INTO kinds VALUES (1, 42, 0.1, 'plain', X'00FF10', 12, 'x');
        INSERT INTO kinds VALUES (2, -9223372036854775808, 1e300, 'it''s "quoted"' || char(10) || 'line2' || char(13) || char(10) || 'back\n slash', X'', 1.5, 3.25);
        INSERT INTO kinds VALUES (3, NULL, NULL, NULL, NULL, NULL, NULL);
        INSERT INTO kinds VALUES (4, 9223372036854775807, -2.5e-300, '', X'DEADBEEF', -7, X'01');
        INSERT INTO kinds VALUES (5, 0, 0.30000000000000004, '日本語 👍', NULL, 1e20, 1.0);
        CREATE TABLE "odd ""name""" (k TEXT PRIMARY KEY, v INTEGER NOT NULL DEFAULT 0);
        INSERT INTO "odd ""name""" VALUES ('a;b', 1), ('END', 2);
        CREATE INDEX kinds_t ON kinds (t);
        CREATE UNIQUE INDEX kinds_i ON kinds (i);
        CREATE VIEW kinds_view AS SELECT id, t FROM kinds WHERE id > 1;
        CREATE TABLE log (msg TEXT);
        CREATE TRIGGER kinds_ins AFTER INSERT ON kinds BEGIN
          INSERT INTO log VALUES ('inserted ' || new.id);
        END;
        INSERT INTO kinds (id, t) VALUES (6, 'via trigger');

        """";

    private const string SharpCoreDBTypes = """
        CREATE TABLE typed (flag BOOLEAN, at DATETIME, amount DECIMAL(10,2), g GUID);
        INSERT INTO typed VALUES (1, '2024-01-02 03:04:05.25', 1.25, 'b1a5c3d2-0000-4000-8000-000000000001'), (0, '1999-12-31 23:59:59', -0.05, NULL);

        """;

    private const string Schema = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name";

    [Fact]
    [Trait("Category", "Slow")]
    public void ADumpReadIntoANewFileGivesAnIdenticalDatabase()
    {
        ShellRun setup = ShellProcess.Run(Dir.Path, Setup + SharpCoreDBTypes, "original.scdb");
        ShellRun dump = ShellProcess.Run(Dir.Path, "", "original.scdb", ".dump");
        File.WriteAllText(Dir.File("dump.sql"), dump.Output);
        ShellRun read = ShellProcess.Run(Dir.Path, "", "copy.scdb", ".read dump.sql");
        ShellRun again = ShellProcess.Run(Dir.Path, "", "copy.scdb", ".dump");

        Assert.Equal("", setup.Errors + dump.Errors + read.Errors + again.Errors);
        Assert.StartsWith("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\nCREATE TABLE kinds(", dump.Output);
        Assert.EndsWith("COMMIT;\n", dump.Output);
        Assert.Contains("INSERT INTO \"kinds\" VALUES(4,9223372036854775807,-2.5E-300,'',X'deadbeef',-7,X'01');\n", dump.Output);
        Assert.Contains("replace(", dump.Output);
        Assert.Equal(dump.Output, again.Output);
        Assert.Equal(Query("original.scdb", Schema), Query("copy.scdb", Schema));
        foreach (string table in new[] { "kinds", "\"odd \"\"name\"\"\"", "log", "typed", "kinds_view" })
        {
            string rows = $"SELECT * FROM {table} ORDER BY 1";
            Assert.Equal(Query("original.scdb", rows), Query("copy.scdb", rows));
        }

        Assert.Equal(
            "'boolean','datetime','decimal','text'\n'boolean','datetime','decimal','null'\n",
            Query("copy.scdb", "SELECT typeof(flag), typeof(at), typeof(amount), typeof(g) FROM typed"));
        Assert.Equal("'it''s \"quoted\"\nline2\r\nback\\n slash'\n", Query("copy.scdb", "SELECT t FROM kinds WHERE id = 2"));

        // The trigger came back too: it fires in the copy.
        Assert.Equal("'inserted 6'\n'inserted 7'\n", Query("copy.scdb", "INSERT INTO kinds (id) VALUES (7); SELECT msg FROM log ORDER BY msg"));
    }

    [SqliteFact]
    public void Sqlite3LoadsADumpOfASharedDialectSchema()
    {
        ShellProcess.Run(Dir.Path, Setup, "original.scdb");
        ShellRun dump = ShellProcess.Run(Dir.Path, "", "original.scdb", ".dump");
        const string check = """"
            SELECT * FROM kinds ORDER BY id; SELECT * FROM "odd ""name""" ORDER BY 1; SELECT * FROM log;
            SELECT * FROM kinds_view ORDER BY id; SELECT type, name, tbl_name FROM sqlite_schema ORDER BY name;
            INSERT INTO kinds (id) VALUES (7); SELECT * FROM log ORDER BY 1;
            """";

        // The reference is sqlite3 running the same SQL that built the SharpCoreDB file.
        (int exitCode, string fromDump, string errors) = Sqlite3.LoadAndQuery(Dir.Path, "from-dump.db", dump.Output, check);
        (_, string reference, string referenceErrors) = Sqlite3.LoadAndQuery(Dir.Path, "reference.db", Setup, check);

        Assert.Equal("", errors + referenceErrors);
        Assert.Equal(0, exitCode);
        Assert.Contains("'inserted 7'", fromDump);
        Assert.Equal(reference, fromDump);
    }

    // A generated column is recreated by its CREATE TABLE, not loaded (an INSERT may not name it), and a child table
    // filled before its parent loads: the dump turns foreign keys off as sqlite3's does, .restore defers them.
    [Fact]
    [Trait("Category", "Slow")]
    public void GeneratedColumnsAndForeignKeysSurviveDumpAndRestore()
    {
        const string setup = """
            CREATE TABLE child (id INTEGER PRIMARY KEY, pid INTEGER REFERENCES parent (id));
            CREATE TABLE parent (id INTEGER PRIMARY KEY, n TEXT, g TEXT GENERATED ALWAYS AS (upper(n)));
            INSERT INTO parent (id, n) VALUES (1, 'a'), (2, 'b');
            INSERT INTO child VALUES (10, 2);

            """;
        ShellProcess.Run(Dir.Path, setup, "source.scdb");
        ShellRun dump = ShellProcess.Run(Dir.Path, "", "source.scdb", ".dump");
        File.WriteAllText(Dir.File("dump.sql"), dump.Output);
        ShellRun read = ShellProcess.Run(Dir.Path, "", "copy.scdb", ".read dump.sql");
        ShellRun restore = ShellProcess.Run(Dir.Path, ".restore source.scdb\n", "restored.scdb");

        Assert.Equal("", dump.Errors + read.Errors + restore.Errors);
        Assert.Contains("INSERT INTO \"parent\"(\"id\",\"n\") VALUES(1,'a');", dump.Output);
        const string rows = "SELECT p.id, p.n, p.g, c.id FROM parent p LEFT JOIN child c ON c.pid = p.id ORDER BY 1";
        Assert.Equal("1,'a','A',NULL\n2,'b','B',10\n", Query("copy.scdb", rows));
        Assert.Equal(Query("copy.scdb", rows), Query("restored.scdb", rows));
    }

    [Fact]
    public void RestoreReplacesTheWholeDatabase()
    {
        ShellProcess.Run(Dir.Path, "CREATE TABLE kept (v TEXT);\nINSERT INTO kept VALUES ('from source');\nCREATE INDEX kept_v ON kept (v);\n", "source.scdb");
        const string script = """
            CREATE TABLE old (a);
            INSERT INTO old VALUES (1);
            CREATE VIEW old_view AS SELECT a FROM old;
            CREATE TABLE kept (v TEXT, extra INTEGER);
            INSERT INTO kept VALUES ('stale', 1);
            .restore source.scdb
            .tables
            SELECT * FROM kept;
            .restore missing.scdb

            """;

        ShellRun run = ShellProcess.Run(Dir.Path, script, "--continue", "target.scdb");
        ShellRun reopened = ShellProcess.Run(Dir.Path, "", "-quote", "-noheader", "target.scdb", Schema);

        Assert.Equal("kept\nv\n-----------\nfrom source\n(1 row)\n", run.Output);
        Assert.Equal("Error (stdin): cannot restore from missing.scdb: no such file\n", run.Errors);
        Assert.Equal("'index','kept_v','kept','CREATE INDEX kept_v ON kept(v)'\n'table','kept','kept','CREATE TABLE kept(v TEXT)'\n", reopened.Output);
    }

    private string Query(string file, string sql)
    {
        ShellRun run = ShellProcess.Run(Dir.Path, "", "-quote", "-noheader", file, sql);
        Assert.Equal("", run.Errors);
        return run.Output;
    }
}

/// <summary>A test that needs sqlite3 on PATH; skipped, saying why, without it.</summary>
public sealed class SqliteFactAttribute : FactAttribute
{
    public SqliteFactAttribute()
    {
        if (Sqlite3.Path is null)
        {
            Skip = "sqlite3 is not on PATH: install it (e.g. apt-get install sqlite3) to test that sqlite3 loads .dump output";
        }
    }
}

/// <summary>Runs the sqlite3 shell.</summary>
public static class Sqlite3
{
    /// <summary>sqlite3's path, or null when it is not on PATH.</summary>
    public static readonly string? Path = (Environment.GetEnvironmentVariable("PATH") ?? "")
        .Split(System.IO.Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
        .Select(directory => System.IO.Path.Combine(directory, OperatingSystem.IsWindows() ? "sqlite3.exe" : "sqlite3"))
        .FirstOrDefault(File.Exists);

    /// <summary>Loads <paramref name="script"/> into a new database file, then prints <paramref name="query"/>'s rows as SQL literals.</summary>
    public static (int ExitCode, string Output, string Errors) LoadAndQuery(string workingDirectory, string database, string script, string query)
    {
        (int loaded, _, string loadErrors) = Start(workingDirectory, script, database);
        return loaded != 0 || loadErrors.Length > 0 ? (loaded, "", loadErrors) : Start(workingDirectory, query, "-cmd", ".mode quote", database);
    }

    private static (int ExitCode, string Output, string Errors) Start(string workingDirectory, string input, params string[] args)
    {
        var start = new ProcessStartInfo(Path!, args)
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
        };
        using Process process = Process.Start(start)!;
        Task<string> output = process.StandardOutput.ReadToEndAsync();
        Task<string> errors = process.StandardError.ReadToEndAsync();
        process.StandardInput.Write(input);
        process.StandardInput.Close();
        process.WaitForExit();
        return (process.ExitCode, output.Result, errors.Result);
    }
}
