// A chain of three migrations, written as `dotnet ef migrations add` writes them: tables
// with an autoincrement key, a foreign key with cascade and an index; then a new column
// with a default, a renamed column and a new index; then a dropped column and a renamed
// table. MigrationTests applies and reverts them on a database that holds data.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

public sealed class JournalContext(DbContextOptions<JournalContext> options) : DbContext(options);

[DbContext(typeof(JournalContext))]
[Migration("20261101000000_Initial")]
public sealed class Initial : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.CreateTable(
            name: "Notebooks",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                Title = table.Column<string>(type: "TEXT", nullable: false),
                Archived = table.Column<string>(type: "TEXT", nullable: true),
            },
            constraints: table => table.PrimaryKey("PK_Notebooks", x => x.Id));
        migrationBuilder.CreateTable(
            name: "Entries",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                NotebookId = table.Column<int>(type: "INTEGER", nullable: false),
                Text = table.Column<string>(type: "TEXT", nullable: false),
                WrittenAt = table.Column<DateTime>(type: "DATETIME", nullable: false),
            },
            constraints: table =>
            {
                table.PrimaryKey("PK_Entries", x => x.Id);
                table.ForeignKey("FK_Entries_Notebooks_NotebookId", x => x.NotebookId, "Notebooks", "Id", onDelete: ReferentialAction.Cascade);
            });
        migrationBuilder.CreateIndex(name: "IX_Entries_NotebookId", table: "Entries", column: "NotebookId");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropTable(name: "Entries");
        migrationBuilder.DropTable(name: "Notebooks");
    }
}

[DbContext(typeof(JournalContext))]
[Migration("20261102000000_PinnedEntries")]
public sealed class PinnedEntries : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AddColumn<bool>(name: "Pinned", table: "Entries", type: "BOOLEAN", nullable: false, defaultValue: false);
        migrationBuilder.RenameColumn(name: "Text", table: "Entries", newName: "Body");
        migrationBuilder.CreateIndex(name: "IX_Entries_Pinned", table: "Entries", column: "Pinned");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropIndex(name: "IX_Entries_Pinned", table: "Entries");
        migrationBuilder.RenameColumn(name: "Body", table: "Entries", newName: "Text");
        migrationBuilder.DropColumn(name: "Pinned", table: "Entries");
    }
}

[DbContext(typeof(JournalContext))]
[Migration("20261103000000_Folders")]
public sealed class Folders : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropColumn(name: "Archived", table: "Notebooks");
        migrationBuilder.RenameTable(name: "Notebooks", newName: "Folders");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.RenameTable(name: "Folders", newName: "Notebooks");
        migrationBuilder.AddColumn<string>(name: "Archived", table: "Notebooks", type: "TEXT", nullable: true);
    }
}
