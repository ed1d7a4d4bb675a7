// `dotnet ef dbcontext scaffold` in-process, through the design-time services the EF Core
// tools find by the provider assembly's DesignTimeProviderServices attribute:
//   - a database written in SQL, with every kind of column (types, NOT NULL, DEFAULTs that
//     are constants and one that is not, collations, stored and virtual generated columns),
//     named and unnamed, single and composite keys, unique constraints, indexes (unique,
//     descending, filtered, one on an expression, which a model cannot hold), foreign keys
//     with their ON DELETE, a view: the DatabaseModel says exactly that;
//   - the shop model created by EnsureCreated and read back: every table, column, type,
//     nullability, key, foreign key and index equals the model it came from, and the
//     scaffolded context calls UseSharpCoreDB with the connection string.
using System.Reflection;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Design;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Migrations;
using Microsoft.EntityFrameworkCore.Scaffolding;
using Microsoft.EntityFrameworkCore.Scaffolding.Metadata;
using Microsoft.Extensions.DependencyInjection;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Design;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public sealed class ScaffoldingTests : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efscaffold-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void TheToolsFindTheDesignTimeServices()
    {
        DesignTimeProviderServicesAttribute attribute = typeof(SharpCoreDBDesignTimeServices).Assembly.GetCustomAttribute<DesignTimeProviderServicesAttribute>()!;
        Assert.Equal(typeof(SharpCoreDBDesignTimeServices).FullName, attribute.TypeName);
    }

    [Fact]
    public void TheDatabaseModelHasWhatTheFileHolds()
    {
        string connectionString = Create("library.scdb", """
            CREATE TABLE "Authors" ("Id" INTEGER NOT NULL CONSTRAINT "PK_Authors" PRIMARY KEY AUTOINCREMENT, "Name" TEXT NOT NULL COLLATE NOCASE,
                "Born" DATE NULL, "Rating" DECIMAL(4, 2) NOT NULL DEFAULT 2.5, "Active" BOOLEAN NOT NULL DEFAULT TRUE,
                "Created" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP, "Motto" TEXT DEFAULT 'carpe ''diem''', "Photo" BLOB,
                CONSTRAINT "AK_Authors_Name" UNIQUE ("Name"));
            CREATE TABLE "Books" ("AuthorId" INTEGER NOT NULL, "Number" SMALLINT NOT NULL, "Title" TEXT NOT NULL, "Pages" INTEGER, "Words" BIGINT,
                "Shout" TEXT GENERATED ALWAYS AS (upper("Title")) STORED, "Initial" TEXT AS (substr("Title", 1, 1)),
                CONSTRAINT "PK_Books" PRIMARY KEY ("Number", "AuthorId"),
                CONSTRAINT "FK_Books_Authors" FOREIGN KEY ("AuthorId") REFERENCES "Authors" ("Id") ON DELETE CASCADE);
            CREATE TABLE "Loans" ("Id" INTEGER PRIMARY KEY, "AuthorId" INTEGER, "Number" INTEGER, "Big" INTEGER, "Friend" TEXT UNIQUE,
                FOREIGN KEY ("Number", "AuthorId") REFERENCES "Books" ON DELETE SET NULL);
            CREATE UNIQUE INDEX "IX_Books_Title" ON "Books" ("Title" DESC) WHERE "Pages" > 0;
            CREATE INDEX "IX_Books_Pages_Words" ON "Books" ("Pages", "Words");
            CREATE INDEX "IX_Books_Lower" ON "Books" (lower("Title"));
            CREATE VIEW "LongBooks" AS SELECT "Title", "Pages" * 2 AS "Sides" FROM "Books";
            CREATE TABLE "__EFMigrationsHistory" ("MigrationId" TEXT NOT NULL PRIMARY KEY, "ProductVersion" TEXT NOT NULL);
            INSERT INTO "Authors" ("Name") VALUES ('Ada');
            INSERT INTO "Books" ("AuthorId", "Number", "Title", "Pages") VALUES (1, 1, 'Notes', 40);
            INSERT INTO "Loans" ("Big") VALUES (5000000000);
            """);

        DatabaseModel model = Factory().Create(connectionString, new DatabaseModelFactoryOptions());
        Assert.Equal("library", model.DatabaseName);
        Assert.Equal(["Authors", "Books", "Loans", "LongBooks"], model.Tables.Select(t => t.Name));

        DatabaseTable authors = model.Tables[0];
        Assert.Equal("PK_Authors", authors.PrimaryKey!.Name);
        Assert.Equal(ValueGenerated.OnAdd, Column(authors, "Id").ValueGenerated);
        Assert.Equal("NOCASE", Column(authors, "Name").Collation);
        Assert.Equal(("DATE", true), (Column(authors, "Born").StoreType, Column(authors, "Born").IsNullable));
        Assert.Equal(("DECIMAL(4, 2)", false, (object?)2.5m), (Column(authors, "Rating").StoreType, Column(authors, "Rating").IsNullable, Column(authors, "Rating").DefaultValue));
        Assert.Equal(true, Column(authors, "Active").DefaultValue);
        Assert.Equal(("CURRENT_TIMESTAMP", (object?)null), (Column(authors, "Created").DefaultValueSql, Column(authors, "Created").DefaultValue));
        Assert.Equal("carpe 'diem'", Column(authors, "Motto").DefaultValue);
        Assert.Equal(("AK_Authors_Name", "Name"), (authors.UniqueConstraints.Single().Name, authors.UniqueConstraints.Single().Columns.Single().Name));

        DatabaseTable books = model.Tables[1];
        Assert.Equal(("PK_Books", "Number,AuthorId"), (books.PrimaryKey!.Name, Names(books.PrimaryKey.Columns)));
        Assert.Equal(("upper(Title)", (bool?)true), (Column(books, "Shout").ComputedColumnSql, Column(books, "Shout").IsStored));
        Assert.Equal(("substr(Title, 1, 1)", (bool?)null), (Column(books, "Initial").ComputedColumnSql, Column(books, "Initial").IsStored));
        Assert.Equal(typeof(short), Column(books, "Number")["ClrType"]);
        Assert.Equal(typeof(int), Column(books, "Pages")["ClrType"]);
        Assert.Null(Column(books, "Words")["ClrType"]);
        Assert.Equal(["IX_Books_Pages_Words", "IX_Books_Title"], books.Indexes.Select(i => i.Name).Order());
        DatabaseIndex title = books.Indexes.Single(i => i.Name == "IX_Books_Title");
        Assert.Equal((true, "Title", true, "Pages > 0"), (title.IsUnique, title.Columns.Single().Name, title.IsDescending.Single(), title.Filter));
        DatabaseForeignKey toAuthors = books.ForeignKeys.Single();
        Assert.Equal(("FK_Books_Authors", "Authors", "AuthorId", "Id", ReferentialAction.Cascade),
            (toAuthors.Name, toAuthors.PrincipalTable.Name, toAuthors.Columns.Single().Name, toAuthors.PrincipalColumns.Single().Name, toAuthors.OnDelete));

        DatabaseTable loans = model.Tables[2];
        Assert.Equal(("", "Id"), (loans.PrimaryKey!.Name, loans.PrimaryKey.Columns.Single().Name));
        Assert.Null(Column(loans, "Big")["ClrType"]); // 5,000,000,000 needs long.
        Assert.Equal(("", "Friend"), (loans.UniqueConstraints.Single().Name, loans.UniqueConstraints.Single().Columns.Single().Name));
        DatabaseForeignKey toBooks = loans.ForeignKeys.Single();
        Assert.Equal((null, "Books", "Number,AuthorId", "Number,AuthorId", ReferentialAction.SetNull),
            (toBooks.Name, toBooks.PrincipalTable.Name, Names(toBooks.Columns), Names(toBooks.PrincipalColumns), toBooks.OnDelete));

        DatabaseView view = Assert.IsType<DatabaseView>(model.Tables[3]);
        Assert.Equal("Title:TEXT,Sides:INTEGER", string.Join(",", view.Columns.Select(c => $"{c.Name}:{c.StoreType}")));

        DatabaseModel onlyBooks = Factory().Create(connectionString, new DatabaseModelFactoryOptions(tables: ["books"]));
        Assert.Equal("Books", onlyBooks.Tables.Single().Name);
        Assert.Empty(onlyBooks.Tables.Single().ForeignKeys);
    }

    [Fact]
    public void ScaffoldingAMissingFileFailsWithoutCreatingIt()
    {
        string path = _directory.File("missing.scdb");
        Assert.ThrowsAny<SharpCoreDBException>(() => Factory().Create($"Data Source={path}", new DatabaseModelFactoryOptions()));
        Assert.False(File.Exists(path));
    }

    [Fact]
    public void TheShopModelScaffoldsBackAsItWasCreated()
    {
        string connectionString = $"Data Source={_directory.File("shop.scdb")}";
        IModel created;
        using (var context = new ShopContext(new DbContextOptionsBuilder<ShopContext>().UseSharpCoreDB(connectionString).Options))
        {
            context.Database.EnsureCreated();
            created = context.GetService<Microsoft.EntityFrameworkCore.Metadata.IDesignTimeModel>().Model;
        }

        DatabaseModel model = Factory().Create(connectionString, new DatabaseModelFactoryOptions());
        IRelationalModel expected = created.GetRelationalModel();
        Assert.Equal(expected.Tables.Select(t => t.Name).Order(), model.Tables.Select(t => t.Name).Order());
        foreach (ITable table in expected.Tables)
        {
            DatabaseTable read = model.Tables.Single(t => t.Name == table.Name);
            Assert.Equal(
                table.Columns.Select(c => $"{c.Name} {c.StoreType} {(c.IsNullable ? "NULL" : "NOT NULL")}").Order(),
                read.Columns.Select(c => $"{c.Name} {c.StoreType} {(c.IsNullable ? "NULL" : "NOT NULL")}").Order());
            Assert.Equal(($"{table.PrimaryKey!.Name}", Names(table.PrimaryKey.Columns)), (read.PrimaryKey!.Name, Names(read.PrimaryKey.Columns)));
            Assert.Equal(
                table.ForeignKeyConstraints.Select(f => $"{f.Name}: {Names(f.Columns)} -> {f.PrincipalTable.Name}({Names(f.PrincipalColumns)}) {f.OnDeleteAction}").Order(),
                read.ForeignKeys.Select(f => $"{f.Name}: {Names(f.Columns)} -> {f.PrincipalTable.Name}({Names(f.PrincipalColumns)}) {f.OnDelete}").Order());
            Assert.Equal(
                table.Indexes.Select(i => $"{i.Name} {(i.IsUnique ? "unique" : "")} {Names(i.Columns)}").Order(),
                read.Indexes.Select(i => $"{i.Name} {(i.IsUnique ? "unique" : "")} {Names(i.Columns)}").Order());
        }

        ScaffoldedModel code = Scaffolder().ScaffoldModel(
            connectionString,
            new DatabaseModelFactoryOptions(),
            new ModelReverseEngineerOptions(),
            new ModelCodeGenerationOptions { ContextName = "ShopScaffold", ModelNamespace = "Scaffolded", ContextNamespace = "Scaffolded", ConnectionString = connectionString });
        Assert.Contains($"optionsBuilder.UseSharpCoreDB(\"{connectionString}\")", code.ContextFile.Code, StringComparison.Ordinal);
        // The join table of the many-to-many is scaffolded as the skip navigations it was made for, not as a class.
        Assert.Equal(["Customer.cs", "Order.cs", "OrderLine.cs", "Product.cs", "Tag.cs"], code.AdditionalFiles.Select(f => f.Path).Order());
        Assert.Contains("UsingEntity", code.ContextFile.Code, StringComparison.Ordinal);
    }

    private string Create(string name, string sql)
    {
        string connectionString = $"Data Source={_directory.File(name)}";
        using var connection = new SharpCoreDBConnection(connectionString);
        connection.Open();
        TestSql.Run(connection, sql);
        return connectionString;
    }

    // The services as the tools build them: design-time services, then the provider's, resolved in a scope.
    private static IServiceProvider DesignTimeServices()
    {
        var services = new ServiceCollection().AddEntityFrameworkDesignTimeServices();
        new SharpCoreDBDesignTimeServices().ConfigureDesignTimeServices(services);
        return services.BuildServiceProvider(validateScopes: true).CreateScope().ServiceProvider;
    }

    private static IDatabaseModelFactory Factory() => DesignTimeServices().GetRequiredService<IDatabaseModelFactory>();

    private static IReverseEngineerScaffolder Scaffolder() => DesignTimeServices().GetRequiredService<IReverseEngineerScaffolder>();

    private static DatabaseColumn Column(DatabaseTable table, string name) => table.Columns.Single(c => c.Name == name);

    private static string Names(IEnumerable<DatabaseColumn> columns) => string.Join(",", columns.Select(c => c.Name));

    private static string Names(IEnumerable<IColumn> columns) => string.Join(",", columns.Select(c => c.Name));
}
