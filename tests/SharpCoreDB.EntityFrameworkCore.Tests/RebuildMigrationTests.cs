// Migrations that rebuild tables (ShelfMigrations): applied to a database holding rows and
// reverted, with the rows, the keys the engine numbers, the new constraints and the
// indexes checked after each step and after reopening the file; a migration that fails
// (a CHECK the old rows break, a foreign key they break) changes nothing and leaves
// foreign keys enforced; a script does what Migrate() does, each rebuilding migration and
// its history row in one transaction with foreign keys off around it; an idempotent script
// takes a database at any step to the last and back, and running it again changes nothing.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public sealed class RebuildMigrationTests : IDisposable
{
    private const string Initial = "20261201000000_Initial";
    private const string Constraints = "20261202000000_Constraints";
    // The schema, without the table of the migrations lock (Migrate() makes it, a script does not).
    private const string Schema = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name <> '__EFMigrationsLock' ORDER BY type, name";

    private readonly TempDirectory _directory = new("scdb-efrebuild-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void RebuildsKeepTheRowsAndApplyTheNewConstraints()
    {
        string path = _directory.File("shelf.scdb");
        using (ShelfContext context = Open(path))
        {
            IMigrator migrator = context.GetService<IMigrator>();
            migrator.Migrate(Initial);
            Seed(context);

            migrator.Migrate(Constraints);
            Assert.Equal("1|1|Notes|0|Notes (0 pages);2|1|Engine|120|Engine (120 pages);4|2|Ficciones|200|Ficciones (200 pages)",
                TestSql.Rows(context, "SELECT Id, AuthorId, Title, Pages, Summary FROM Books ORDER BY Id"));
            Assert.Equal("Id;Name", ColumnsOf(context, "Authors"));
            Assert.Equal("1|Ada;2|Borges", TestSql.Rows(context, "SELECT Id, Name FROM Authors ORDER BY Id"));
            Assert.Equal("IX_Books_AuthorId", TestSql.Rows(context, "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'Books' AND sql IS NOT NULL"));
            Assert.Equal("", TestSql.Rows(context, "SELECT name FROM sqlite_master WHERE name LIKE 'ef\\_%' ESCAPE '\\'"));
            Assert.Equal(1, TestSql.Scalar(context, "PRAGMA foreign_keys"));

            // The constraints the rebuild added hold, and the key is still numbered by the engine.
            Assert.Equal(SharpCoreDBErrorCode.CheckConstraint, Refused(context, "INSERT INTO Books (AuthorId, Title, Pages) VALUES (1, 'Negative', -1)"));
            Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, Refused(context, "INSERT INTO Authors (Name) VALUES ('ADA')"));
            Assert.Equal(SharpCoreDBErrorCode.ForeignKeyConstraint, Refused(context, "DELETE FROM Authors WHERE Id = 1"));
            TestSql.Run(context, "INSERT INTO Books (AuthorId, Title, Pages) VALUES (2, 'Aleph', 7)");
            Assert.Equal("5|7|Aleph (7 pages)", TestSql.Rows(context, "SELECT Id, Pages, Summary FROM Books WHERE Title = 'Aleph'"));

            migrator.Migrate();
            Assert.Equal("blue|;red|#f00", TestSql.Rows(context, "SELECT Label, Color FROM Labels ORDER BY Label"));
            Assert.Contains("CONSTRAINT PK_Labels PRIMARY KEY", TestSql.Rows(context, "SELECT sql FROM sqlite_master WHERE name = 'Labels'"), StringComparison.Ordinal);
            Assert.Equal(0, TestSql.Scalar(context, "SELECT count(*) FROM sqlite_master WHERE name = 'Tags'"));
        }

        SharpCoreDBConnection.ClearAllPools();
        using (ShelfContext context = Open(path))
        {
            Assert.Equal("ok", TestSql.Rows(context, "PRAGMA integrity_check"));
            Assert.Equal(3, context.Database.GetAppliedMigrations().Count());
            Assert.Equal("1|Notes|0;2|Engine|120;4|Ficciones|200;5|Aleph|7", TestSql.Rows(context, "SELECT Id, Title, Pages FROM Books ORDER BY Id"));

            // Reverted: Pages nullable again, Country back (empty), the cascade back, Tags back.
            context.GetService<IMigrator>().Migrate(Initial);
            TestSql.Run(context, "INSERT INTO Books (AuthorId, Title, Pages) VALUES (1, 'Draft', NULL)");
            Assert.Equal("1|Ada|;2|Borges|", TestSql.Rows(context, "SELECT Id, Name, Country FROM Authors ORDER BY Id"));
            TestSql.Run(context, "DELETE FROM Authors WHERE Id = 2");
            Assert.Equal("1|Notes|0;2|Engine|120;6|Draft|", TestSql.Rows(context, "SELECT Id, Title, Pages FROM Books ORDER BY Id"));
            Assert.Equal("blue|;red|#f00", TestSql.Rows(context, "SELECT Label, Color FROM Tags ORDER BY Label"));
            Assert.Contains("CONSTRAINT PK_Tags PRIMARY KEY", TestSql.Rows(context, "SELECT sql FROM sqlite_master WHERE name = 'Tags'"), StringComparison.Ordinal);
            Assert.Equal([Initial], context.Database.GetAppliedMigrations());
            Assert.Equal("ok", TestSql.Rows(context, "PRAGMA integrity_check"));
        }
    }

    [Fact]
    public void AMigrationWhoseRebuildFailsChangesNothing()
    {
        using ShelfContext context = Open(_directory.File("negative.scdb"));
        IMigrator migrator = context.GetService<IMigrator>();
        migrator.Migrate(Initial);
        Seed(context);
        TestSql.Run(context, "UPDATE Books SET Pages = -3 WHERE Title = 'Engine'");
        string schema = TestSql.Rows(context, Schema);
        string books = TestSql.Rows(context, "SELECT * FROM Books ORDER BY Id");

        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => migrator.Migrate());
        Assert.Equal(SharpCoreDBErrorCode.CheckConstraint, error.ErrorCode);
        Assert.Contains("CK_Books_Pages", error.Message, StringComparison.Ordinal);
        AssertUnchanged(context, schema, books);
    }

    [Fact]
    public void ARebuildThatLeavesARowWithoutItsParentFailsNamingTheKey()
    {
        using ShelfContext context = Open(_directory.File("orphan.scdb"));
        IMigrator migrator = context.GetService<IMigrator>();
        migrator.Migrate(Initial);
        Seed(context);
        TestSql.Run(context, "PRAGMA foreign_keys = OFF; INSERT INTO Books (AuthorId, Title) VALUES (99, 'Orphan'); PRAGMA foreign_keys = ON;");
        string schema = TestSql.Rows(context, Schema);
        string books = TestSql.Rows(context, "SELECT * FROM Books ORDER BY Id");

        SharpCoreDBException error = Assert.Throws<SharpCoreDBException>(() => migrator.Migrate());
        Assert.Equal(SharpCoreDBErrorCode.CheckConstraint, error.ErrorCode);
        Assert.Contains("foreign key FK_Books_Authors_AuthorId: rows of Books whose AuthorId match no row of Authors", error.Message, StringComparison.Ordinal);
        AssertUnchanged(context, schema, books);
    }

    [Fact]
    public void AScriptRebuildsInOneTransactionWithForeignKeysOffAroundIt()
    {
        string migrated = _directory.File("migrated.scdb");
        string scripted = _directory.File("scripted.scdb");
        string migratedSchema;
        using (ShelfContext context = Open(migrated))
        {
            context.GetService<IMigrator>().Migrate();
            migratedSchema = TestSql.Rows(context, Schema);
        }

        using (ShelfContext context = Open(scripted))
        {
            IMigrator migrator = context.GetService<IMigrator>();
            string script = migrator.GenerateScript(Initial, Constraints);
            int off = script.IndexOf("PRAGMA foreign_keys = OFF;", StringComparison.Ordinal);
            int begin = script.IndexOf("BEGIN TRANSACTION;", StringComparison.Ordinal);
            int rebuild = script.IndexOf("CREATE TABLE \"ef_temp_Books\"", StringComparison.Ordinal);
            int history = script.IndexOf("INSERT INTO \"__EFMigrationsHistory\"", StringComparison.Ordinal);
            int commit = script.IndexOf("COMMIT;", StringComparison.Ordinal);
            int on = script.IndexOf("PRAGMA foreign_keys = ON;", StringComparison.Ordinal);
            Assert.True(off >= 0 && off < begin && begin < rebuild && rebuild < history && history < commit && commit < on, script);

            context.Database.ExecuteSqlRaw(migrator.GenerateScript());
            Assert.Equal(migratedSchema.Replace(";", "\n", StringComparison.Ordinal), TestSql.Rows(context, Schema).Replace(";", "\n", StringComparison.Ordinal));
            Assert.Equal(3, context.Database.GetAppliedMigrations().Count());
            Assert.Equal(1, TestSql.Scalar(context, "PRAGMA foreign_keys"));

            // And back down to the first migration by script.
            context.Database.ExecuteSqlRaw(migrator.GenerateScript("20261203000000_Labels", Initial));
            Assert.Equal([Initial], context.Database.GetAppliedMigrations());
            Assert.Contains("Country TEXT NULL", TestSql.Rows(context, "SELECT sql FROM sqlite_master WHERE name = 'Authors'"), StringComparison.Ordinal);
        }
    }

    [Fact]
    public void AnIdempotentScriptBringsADatabaseAtAnyStepUpAndBackDown()
    {
        string migratedSchema;
        using (ShelfContext context = Open(_directory.File("migrated.scdb")))
        {
            context.GetService<IMigrator>().Migrate();
            migratedSchema = TestSql.Rows(context, Schema);
        }

        using ShelfContext empty = Open(_directory.File("empty.scdb"));
        IMigrator migrator = empty.GetService<IMigrator>();
        string up = migrator.GenerateScript(options: MigrationsSqlGenerationOptions.Idempotent);
        Assert.Contains("IF NOT EXISTS (SELECT 1 FROM \"__EFMigrationsHistory\" WHERE \"MigrationId\" = '20261202000000_Constraints') THEN", up, StringComparison.Ordinal);
        empty.Database.ExecuteSqlRaw(up);
        empty.Database.ExecuteSqlRaw(up);
        Assert.Equal(migratedSchema, TestSql.Rows(empty, Schema));
        Assert.Equal(3, empty.Database.GetAppliedMigrations().Count());

        // A database at the first step, with rows: the same script takes it to the last step, once.
        using ShelfContext partial = Open(_directory.File("partial.scdb"));
        partial.GetService<IMigrator>().Migrate(Initial);
        Seed(partial);
        partial.Database.ExecuteSqlRaw(up);
        partial.Database.ExecuteSqlRaw(up);
        Assert.Equal(migratedSchema, TestSql.Rows(partial, Schema));
        Assert.Equal("1|Notes|0;2|Engine|120;4|Ficciones|200", TestSql.Rows(partial, "SELECT Id, Title, Pages FROM Books ORDER BY Id"));
        Assert.Equal(1, TestSql.Scalar(partial, "PRAGMA foreign_keys"));

        // And back down to the first step, twice: the second run finds nothing to revert.
        string down = migrator.GenerateScript("20261203000000_Labels", Initial, MigrationsSqlGenerationOptions.Idempotent);
        Assert.Contains("IF EXISTS (SELECT 1 FROM \"__EFMigrationsHistory\"", down, StringComparison.Ordinal);
        partial.Database.ExecuteSqlRaw(down);
        partial.Database.ExecuteSqlRaw(down);
        Assert.Equal([Initial], partial.Database.GetAppliedMigrations());
        Assert.Equal("1|Ada|;2|Borges|", TestSql.Rows(partial, "SELECT Id, Name, Country FROM Authors ORDER BY Id"));
        Assert.Equal("1|Notes|0;2|Engine|120;4|Ficciones|200", TestSql.Rows(partial, "SELECT Id, Title, Pages FROM Books ORDER BY Id"));
        Assert.Equal("ok", TestSql.Rows(partial, "PRAGMA integrity_check"));
    }

    private static ShelfContext Open(string path) =>
        new(new DbContextOptionsBuilder<ShelfContext>().UseSharpCoreDB($"Data Source={path}").Options);

    // Two authors, four books (one deleted again), two tags.
    private static void Seed(ShelfContext context) => TestSql.Run(context, """
        INSERT INTO Authors (Name, Country) VALUES ('Ada', 'UK'), ('Borges', 'AR');
        INSERT INTO Books (AuthorId, Title, Pages) VALUES (1, 'Notes', NULL), (1, 'Engine', 120), (2, 'Lost', 10), (2, 'Ficciones', 200);
        DELETE FROM Books WHERE Title = 'Lost';
        INSERT INTO Tags (Label, Color) VALUES ('red', '#f00'), ('blue', NULL);
        """);

    private static string ColumnsOf(ShelfContext context, string table) =>
        string.Join(";", TestSql.Rows(context, $"PRAGMA table_info({table})").Split(';').Select(row => row.Split('|')[1]));

    private static SharpCoreDBErrorCode Refused(ShelfContext context, string sql) =>
        Assert.Throws<SharpCoreDBException>(() => TestSql.Run(context, sql)).ErrorCode;

    // The failed migration left the schema, the rows, the history and the lock as they were, and foreign keys on.
    private static void AssertUnchanged(ShelfContext context, string schema, string books)
    {
        Assert.Equal(schema, TestSql.Rows(context, Schema));
        Assert.Equal(books, TestSql.Rows(context, "SELECT * FROM Books ORDER BY Id"));
        Assert.Equal([Initial], context.Database.GetAppliedMigrations());
        Assert.Equal("", TestSql.Rows(context, "SELECT * FROM __EFMigrationsLock"));
        context.Database.OpenConnection();
        try
        {
            Assert.Equal(1, TestSql.Scalar(context, "PRAGMA foreign_keys"));
        }
        finally
        {
            context.Database.CloseConnection();
        }
    }
}
