// The `dotnet ef` tool itself (10.0.15, installed with --tool-path in a temporary folder)
// against a small application outside the repository that references the provider: the
// tool finds the design-time services by itself. migrations add, database update, a model
// change that needs table rebuilds (a nullable column made required, a cascade made
// RESTRICT) and a new column and unique index, migrations add and database update again;
// the file is checked after each update (history, rows kept, NULLs filled, constraints
// enforced). Then migrations script (foreign keys off around the rebuild), and dbcontext
// scaffold of the migrated file, whose context the application compiles and queries.
using System.Diagnostics;
using System.Text;
using SharpCoreDB.Data;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

[Trait("Category", "Slow")]
public sealed class DotnetEfToolTests : IDisposable
{
    private static readonly TimeSpan CommandTimeout = TimeSpan.FromMinutes(5);

    private readonly TempDirectory _directory = new("scdb-eftool-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public void MigrationsAddDatabaseUpdateAndScaffoldRunThroughTheTool()
    {
        string app = Directory.CreateDirectory(_directory.File("app")).FullName;
        string database = _directory.File("blogging.scdb");
        string tool = InstallTool();
        File.WriteAllText(Path.Combine(app, "App.csproj"), Project());
        File.WriteAllText(Path.Combine(app, "Program.cs"), "System.Console.WriteLine(\"model only\");\n");
        File.WriteAllText(Path.Combine(app, "Blogging.cs"), Model(database, changed: false));

        Run("dotnet", app, "build", "--configuration", "Release"); // Restores too, which dotnet-ef leaves to the user.
        Run(tool, app, "migrations", "add", "Initial");
        string initial = Directory.GetFiles(Path.Combine(app, "Migrations"), "*_Initial.cs").Single();
        Assert.Contains("\"SharpCoreDB:Autoincrement\", true", File.ReadAllText(initial), StringComparison.Ordinal);

        Run(tool, app, "database", "update");
        using (var connection = Open(database))
        {
            Assert.Equal("Initial", TestSql.Rows(connection, "SELECT substr(MigrationId, 16) FROM __EFMigrationsHistory"));
            Assert.Contains("AUTOINCREMENT", TestSql.Rows(connection, "SELECT sql FROM sqlite_master WHERE name = 'Blogs'"), StringComparison.Ordinal);
            TestSql.Run(connection, """
                INSERT INTO Blogs (Title) VALUES ('first'), ('second');
                INSERT INTO Posts (BlogId, Body, Rating) VALUES (1, 'x', NULL), (1, 'y', 5), (2, NULL, NULL);
                """);
        }

        SharpCoreDBConnection.ClearAllPools();
        File.WriteAllText(Path.Combine(app, "Blogging.cs"), Model(database, changed: true));
        Run(tool, app, "migrations", "add", "Second");
        string second = File.ReadAllText(Directory.GetFiles(Path.Combine(app, "Migrations"), "*_Second.cs").Single());
        Assert.Contains("AlterColumn<int>", second, StringComparison.Ordinal);
        Assert.Contains("onDelete: ReferentialAction.Restrict", second, StringComparison.Ordinal);

        Run(tool, app, "database", "update");
        using (var connection = Open(database))
        {
            Assert.Equal("Initial;Second", TestSql.Rows(connection, "SELECT substr(MigrationId, 16) FROM __EFMigrationsHistory ORDER BY MigrationId"));
            Assert.Equal("1|1|x|0|;2|1|y|5|;3|2||0|", TestSql.Rows(connection, "SELECT p.Id, BlogId, Body, Rating, Url FROM Posts p JOIN Blogs b ON b.Id = p.BlogId ORDER BY p.Id"));
            Assert.Equal("0|IX_Blogs_Title|1", TestSql.Rows(connection, "PRAGMA index_list(Blogs)"));
            Assert.Equal(SharpCoreDBErrorCode.ForeignKeyConstraint, Assert.Throws<SharpCoreDBException>(() => TestSql.Run(connection, "DELETE FROM Blogs WHERE Id = 1")).ErrorCode);
            Assert.Equal(SharpCoreDBErrorCode.UniqueConstraint, Assert.Throws<SharpCoreDBException>(() => TestSql.Run(connection, "INSERT INTO Blogs (Title) VALUES ('first')")).ErrorCode);
            Assert.Equal("ok", TestSql.Rows(connection, "PRAGMA integrity_check"));
        }

        SharpCoreDBConnection.ClearAllPools();
        string script = Path.Combine(app, "second.sql");
        Run(tool, app, "migrations", "script", "Initial", "Second", "--output", script, "--no-build");
        string sql = File.ReadAllText(script);
        Assert.True(sql.IndexOf("PRAGMA foreign_keys = OFF;", StringComparison.Ordinal) < sql.IndexOf("BEGIN TRANSACTION;", StringComparison.Ordinal), sql);
        Assert.Contains("CREATE TABLE \"ef_temp_Posts\"", sql, StringComparison.Ordinal);

        Run(tool, app, "dbcontext", "scaffold", $"Data Source={database}", "SharpCoreDB.EntityFrameworkCore",
            "--output-dir", "Scaffolded", "--namespace", "Scaffolded", "--context", "ScaffoldedContext", "--no-build");
        Assert.Contains($"UseSharpCoreDB(\"Data Source={database}\")", File.ReadAllText(Path.Combine(app, "Scaffolded", "ScaffoldedContext.cs")), StringComparison.Ordinal);
        File.WriteAllText(Path.Combine(app, "Program.cs"), """
            using var db = new Scaffolded.ScaffoldedContext();
            System.Console.WriteLine(string.Join(",", db.Posts.OrderBy(p => p.Id).Select(p => p.Blog.Title + ":" + p.Rating)));
            """);
        Assert.Equal("first:0,first:5,second:0", Run("dotnet", app, "run", "--configuration", "Release").Trim().Split('\n')[^1].Trim());
    }

    // The tool, as a user installs it without a global install: into a folder of its own.
    private string InstallTool()
    {
        string folder = _directory.File("tools");
        Run("dotnet", _directory.Path, "tool", "install", "dotnet-ef", "--version", "10.0.15", "--tool-path", folder);
        return Path.Combine(folder, "dotnet-ef");
    }

    // An application outside the repository (so none of its build settings apply) referencing the provider's project.
    private static string Project()
    {
        string src = Path.Combine(RepositoryRoot(), "src");
        return $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <OutputType>Exe</OutputType>
                <TargetFramework>net10.0</TargetFramework>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="Microsoft.EntityFrameworkCore.Design" Version="10.0.15" PrivateAssets="all" />
                <ProjectReference Include="{src}/SharpCoreDB.EntityFrameworkCore/SharpCoreDB.EntityFrameworkCore.csproj" />
                <ProjectReference Include="{src}/SharpCoreDB.Sql/SharpCoreDB.Sql.csproj" />
                <ProjectReference Include="{src}/SharpCoreDB.Wal/SharpCoreDB.Wal.csproj" />
              </ItemGroup>
            </Project>
            """;
    }

    // The model before and after the change: Rating made required, Url added, Title unique, the cascade made RESTRICT.
    private static string Model(string database, bool changed) => $$"""
        using Microsoft.EntityFrameworkCore;

        namespace App;

        public sealed class Blog
        {
            public int Id { get; set; }
            public string Title { get; set; } = "";
            {{(changed ? "public string? Url { get; set; }" : "")}}
            public List<Post> Posts { get; } = [];
        }

        public sealed class Post
        {
            public int Id { get; set; }
            public int BlogId { get; set; }
            public Blog Blog { get; set; } = null!;
            public string? Body { get; set; }
            public int{{(changed ? "" : "?")}} Rating { get; set; }
        }

        public sealed class BloggingContext : DbContext
        {
            public DbSet<Blog> Blogs => Set<Blog>();

            public DbSet<Post> Posts => Set<Post>();

            protected override void OnConfiguring(DbContextOptionsBuilder options) => options.UseSharpCoreDB(@"Data Source={{database}}");

            protected override void OnModelCreating(ModelBuilder modelBuilder)
            {
                {{(changed ? "modelBuilder.Entity<Blog>().HasIndex(b => b.Title).IsUnique();" : "")}}
                {{(changed ? "modelBuilder.Entity<Post>().HasOne(p => p.Blog).WithMany(b => b.Posts).OnDelete(DeleteBehavior.Restrict);" : "")}}
            }
        }
        """;

    // dotnet-ef commands build (or reuse) the application in Release, as the tests' own build is.
    private static string Run(string tool, string directory, params string[] arguments)
    {
        var start = new ProcessStartInfo(tool)
        {
            WorkingDirectory = directory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        if (tool.EndsWith("dotnet-ef", StringComparison.Ordinal))
        {
            start.ArgumentList.Add("--configuration");
            start.ArgumentList.Add("Release");
        }

        start.Environment["DOTNET_CLI_TELEMETRY_OPTOUT"] = "1";
        start.Environment["DOTNET_NOLOGO"] = "1";
        using var process = Process.Start(start)!;
        var output = new StringBuilder();
        process.OutputDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.ErrorDataReceived += (_, e) => { lock (output) { output.AppendLine(e.Data); } };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        if (!process.WaitForExit(CommandTimeout))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"{tool} {string.Join(' ', arguments)} did not finish in {CommandTimeout}:\n{output}");
        }

        process.WaitForExit();
        lock (output)
        {
            Assert.True(process.ExitCode == 0, $"{tool} {string.Join(' ', arguments)} exited with {process.ExitCode}:\n{output}");
            return output.ToString();
        }
    }

    private static SharpCoreDBConnection Open(string path)
    {
        var connection = new SharpCoreDBConnection($"Data Source={path}");
        connection.Open();
        return connection;
    }

    private static string RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "SharpCoreDB.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException("The tests run outside the repository: SharpCoreDB.sln not found above " + AppContext.BaseDirectory);
    }
}
