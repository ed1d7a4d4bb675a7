// A chain of three migrations whose second and third need table rebuilds, written as
// `dotnet ef migrations add` writes them, target models (.Designer.cs) included:
//   Initial      Authors, Books (foreign key with cascade, index), Tags (text key);
//   Constraints  on Books: the key's cascade becomes RESTRICT (drop and add the foreign
//                key), Pages becomes NOT NULL with default 0, a stored computed Summary
//                column, a CHECK; on Authors: Country dropped, Name NOCASE and unique;
//   Labels       Tags renamed to Labels, so its primary key is dropped and added again.
// RebuildMigrationTests applies and reverts them on a database that holds rows.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Metadata.Builders;
using Microsoft.EntityFrameworkCore.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.Tests.Migrations;

public sealed class ShelfContext(DbContextOptions<ShelfContext> options) : DbContext(options);

[DbContext(typeof(ShelfContext))]
[Migration("20261201000000_Initial")]
public sealed class ShelfInitial : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.CreateTable(
            name: "Authors",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                Name = table.Column<string>(type: "TEXT", nullable: false),
                Country = table.Column<string>(type: "TEXT", nullable: true),
            },
            constraints: table => table.PrimaryKey("PK_Authors", x => x.Id));
        migrationBuilder.CreateTable(
            name: "Books",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                AuthorId = table.Column<int>(type: "INTEGER", nullable: false),
                Title = table.Column<string>(type: "TEXT", nullable: false),
                Pages = table.Column<int>(type: "INTEGER", nullable: true),
            },
            constraints: table =>
            {
                table.PrimaryKey("PK_Books", x => x.Id);
                table.ForeignKey("FK_Books_Authors_AuthorId", x => x.AuthorId, "Authors", "Id", onDelete: ReferentialAction.Cascade);
            });
        migrationBuilder.CreateTable(
            name: "Tags",
            columns: table => new
            {
                Label = table.Column<string>(type: "TEXT", nullable: false),
                Color = table.Column<string>(type: "TEXT", nullable: true),
            },
            constraints: table => table.PrimaryKey("PK_Tags", x => x.Label));
        migrationBuilder.CreateIndex(name: "IX_Books_AuthorId", table: "Books", column: "AuthorId");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropTable(name: "Books");
        migrationBuilder.DropTable(name: "Tags");
        migrationBuilder.DropTable(name: "Authors");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => ShelfModels.Initial(modelBuilder);
}

[DbContext(typeof(ShelfContext))]
[Migration("20261202000000_Constraints")]
public sealed class ShelfConstraints : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Books_Authors_AuthorId", table: "Books");
        migrationBuilder.DropColumn(name: "Country", table: "Authors");
        migrationBuilder.AlterColumn<int>(
            name: "Pages", table: "Books", type: "INTEGER", nullable: false, defaultValue: 0,
            oldClrType: typeof(int), oldType: "INTEGER", oldNullable: true);
        migrationBuilder.AlterColumn<string>(
            name: "Name", table: "Authors", type: "TEXT", nullable: false, collation: "NOCASE",
            oldClrType: typeof(string), oldType: "TEXT");
        migrationBuilder.AddColumn<string>(
            name: "Summary", table: "Books", type: "TEXT", nullable: true, computedColumnSql: "\"Title\" || ' (' || \"Pages\" || ' pages)'", stored: true);
        migrationBuilder.AddUniqueConstraint(name: "AK_Authors_Name", table: "Authors", column: "Name");
        migrationBuilder.AddCheckConstraint(name: "CK_Books_Pages", table: "Books", sql: "\"Pages\" >= 0");
        migrationBuilder.AddForeignKey(
            name: "FK_Books_Authors_AuthorId", table: "Books", column: "AuthorId", principalTable: "Authors", principalColumn: "Id",
            onDelete: ReferentialAction.Restrict);
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Books_Authors_AuthorId", table: "Books");
        migrationBuilder.DropUniqueConstraint(name: "AK_Authors_Name", table: "Authors");
        migrationBuilder.DropCheckConstraint(name: "CK_Books_Pages", table: "Books");
        migrationBuilder.DropColumn(name: "Summary", table: "Books");
        migrationBuilder.AlterColumn<int>(
            name: "Pages", table: "Books", type: "INTEGER", nullable: true,
            oldClrType: typeof(int), oldType: "INTEGER");
        migrationBuilder.AlterColumn<string>(
            name: "Name", table: "Authors", type: "TEXT", nullable: false,
            oldClrType: typeof(string), oldType: "TEXT", oldCollation: "NOCASE");
        migrationBuilder.AddColumn<string>(name: "Country", table: "Authors", type: "TEXT", nullable: true);
        migrationBuilder.AddForeignKey(
            name: "FK_Books_Authors_AuthorId", table: "Books", column: "AuthorId", principalTable: "Authors", principalColumn: "Id",
            onDelete: ReferentialAction.Cascade);
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => ShelfModels.Constraints(modelBuilder);
}

[DbContext(typeof(ShelfContext))]
[Migration("20261203000000_Labels")]
public sealed class ShelfLabels : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropPrimaryKey(name: "PK_Tags", table: "Tags");
        migrationBuilder.RenameTable(name: "Tags", newName: "Labels");
        migrationBuilder.AddPrimaryKey(name: "PK_Labels", table: "Labels", column: "Label");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropPrimaryKey(name: "PK_Labels", table: "Labels");
        migrationBuilder.RenameTable(name: "Labels", newName: "Tags");
        migrationBuilder.AddPrimaryKey(name: "PK_Tags", table: "Tags", column: "Label");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => ShelfModels.Labels(modelBuilder);
}

// The target models, as the .Designer.cs files of `dotnet ef migrations add` build them.
internal static class ShelfModels
{
    public static void Initial(ModelBuilder modelBuilder)
    {
        Author(modelBuilder, constrained: false);
        Book(modelBuilder, constrained: false);
        Tag(modelBuilder, "Tags");
    }

    public static void Constraints(ModelBuilder modelBuilder)
    {
        Author(modelBuilder, constrained: true);
        Book(modelBuilder, constrained: true);
        Tag(modelBuilder, "Tags");
    }

    public static void Labels(ModelBuilder modelBuilder)
    {
        Author(modelBuilder, constrained: true);
        Book(modelBuilder, constrained: true);
        Tag(modelBuilder, "Labels");
    }

    private static void Author(ModelBuilder modelBuilder, bool constrained) => modelBuilder.Entity("Shelf.Author", b =>
    {
        b.Property<int>("Id").ValueGeneratedOnAdd().HasColumnType("INTEGER");
        PropertyBuilder<string> name = b.Property<string>("Name").IsRequired().HasColumnType("TEXT");
        if (constrained)
        {
            name.UseCollation("NOCASE");
            b.HasAlternateKey("Name");
        }
        else
        {
            b.Property<string>("Country").HasColumnType("TEXT");
        }

        b.HasKey("Id");
        b.ToTable("Authors");
    });

    private static void Book(ModelBuilder modelBuilder, bool constrained)
    {
        modelBuilder.Entity("Shelf.Book", b =>
        {
            b.Property<int>("Id").ValueGeneratedOnAdd().HasColumnType("INTEGER");
            b.Property<int>("AuthorId").HasColumnType("INTEGER");
            b.Property<string>("Title").IsRequired().HasColumnType("TEXT");
            if (constrained)
            {
                b.Property<int>("Pages").HasColumnType("INTEGER");
                b.Property<string>("Summary").ValueGeneratedOnAddOrUpdate().HasColumnType("TEXT")
                    .HasComputedColumnSql("\"Title\" || ' (' || \"Pages\" || ' pages)'", stored: true);
                b.ToTable("Books", t => t.HasCheckConstraint("CK_Books_Pages", "\"Pages\" >= 0"));
            }
            else
            {
                b.Property<int?>("Pages").HasColumnType("INTEGER");
                b.ToTable("Books");
            }

            b.HasKey("Id");
            b.HasIndex("AuthorId");
        });
        modelBuilder.Entity("Shelf.Book", b => b.HasOne("Shelf.Author", null).WithMany().HasForeignKey("AuthorId")
            .OnDelete(constrained ? DeleteBehavior.Restrict : DeleteBehavior.Cascade).IsRequired());
    }

    private static void Tag(ModelBuilder modelBuilder, string table) => modelBuilder.Entity("Shelf.Tag", b =>
    {
        b.Property<string>("Label").HasColumnType("TEXT");
        b.Property<string>("Color").HasColumnType("TEXT");
        b.HasKey("Label");
        b.ToTable(table);
    });
}
