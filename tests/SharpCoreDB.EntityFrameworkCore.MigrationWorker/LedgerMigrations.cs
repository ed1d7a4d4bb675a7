// The chain the crash test applies, with each migration's target model as `dotnet ef
// migrations add` writes it:
//   Initial   Accounts, Entries (foreign key with cascade, index);
//   Seed      20,000 accounts and 60,000 entries, so that a kill lands inside a migration;
//   Checks    rebuilds: Entries.Note made NOT NULL, a CHECK on Accounts.Balance;
//   Tiers     a new column filled by an UPDATE, and its index;
//   Postings  Entries renamed Postings: its key and foreign key dropped and added again
//             (a rebuild), the index renamed.
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;

namespace SharpCoreDB.EntityFrameworkCore.MigrationWorker;

public sealed class LedgerContext(DbContextOptions<LedgerContext> options) : DbContext(options);

[DbContext(typeof(LedgerContext))]
[Migration("20261301000000_Initial")]
public sealed class LedgerInitial : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.CreateTable(
            name: "Accounts",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                Name = table.Column<string>(type: "TEXT", nullable: false),
                Balance = table.Column<decimal>(type: "DECIMAL", nullable: false),
            },
            constraints: table => table.PrimaryKey("PK_Accounts", x => x.Id));
        migrationBuilder.CreateTable(
            name: "Entries",
            columns: table => new
            {
                Id = table.Column<int>(type: "INTEGER", nullable: false).Annotation("SharpCoreDB:Autoincrement", true),
                AccountId = table.Column<int>(type: "INTEGER", nullable: false),
                Amount = table.Column<decimal>(type: "DECIMAL", nullable: false),
                Note = table.Column<string>(type: "TEXT", nullable: true),
            },
            constraints: table =>
            {
                table.PrimaryKey("PK_Entries", x => x.Id);
                table.ForeignKey("FK_Entries_Accounts_AccountId", x => x.AccountId, "Accounts", "Id", onDelete: ReferentialAction.Cascade);
            });
        migrationBuilder.CreateIndex(name: "IX_Entries_AccountId", table: "Entries", column: "AccountId");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropTable(name: "Entries");
        migrationBuilder.DropTable(name: "Accounts");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => LedgerModels.Build(modelBuilder, LedgerVersion.Initial);
}

[DbContext(typeof(LedgerContext))]
[Migration("20261302000000_Seed")]
public sealed class LedgerSeed : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.Sql("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)
            INSERT INTO "Accounts" ("Name", "Balance") SELECT 'account ' || i, i % 500 FROM n;
            """);
        migrationBuilder.Sql("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60000)
            INSERT INTO "Entries" ("AccountId", "Amount", "Note") SELECT 1 + i % 20000, i % 97, CASE WHEN i % 4 = 0 THEN NULL ELSE 'entry ' || i END FROM n;
            """);
    }

    protected override void Down(MigrationBuilder migrationBuilder) => migrationBuilder.Sql("""DELETE FROM "Accounts";""");

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => LedgerModels.Build(modelBuilder, LedgerVersion.Initial);
}

[DbContext(typeof(LedgerContext))]
[Migration("20261303000000_Checks")]
public sealed class LedgerChecks : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AlterColumn<string>(
            name: "Note", table: "Entries", type: "TEXT", nullable: false, defaultValue: "",
            oldClrType: typeof(string), oldType: "TEXT", oldNullable: true);
        migrationBuilder.AddCheckConstraint(name: "CK_Accounts_Balance", table: "Accounts", sql: "\"Balance\" >= 0");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropCheckConstraint(name: "CK_Accounts_Balance", table: "Accounts");
        migrationBuilder.AlterColumn<string>(
            name: "Note", table: "Entries", type: "TEXT", nullable: true, oldClrType: typeof(string), oldType: "TEXT");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => LedgerModels.Build(modelBuilder, LedgerVersion.Checks);
}

[DbContext(typeof(LedgerContext))]
[Migration("20261304000000_Tiers")]
public sealed class LedgerTiers : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.AddColumn<int>(name: "Tier", table: "Accounts", type: "INTEGER", nullable: false, defaultValue: 0);
        migrationBuilder.Sql("""UPDATE "Accounts" SET "Tier" = "Id" % 3;""");
        migrationBuilder.CreateIndex(name: "IX_Accounts_Tier", table: "Accounts", column: "Tier");
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropIndex(name: "IX_Accounts_Tier", table: "Accounts");
        migrationBuilder.DropColumn(name: "Tier", table: "Accounts");
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => LedgerModels.Build(modelBuilder, LedgerVersion.Tiers);
}

[DbContext(typeof(LedgerContext))]
[Migration("20261305000000_Postings")]
public sealed class LedgerPostings : Migration
{
    protected override void Up(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Entries_Accounts_AccountId", table: "Entries");
        migrationBuilder.DropPrimaryKey(name: "PK_Entries", table: "Entries");
        migrationBuilder.RenameTable(name: "Entries", newName: "Postings");
        migrationBuilder.RenameIndex(name: "IX_Entries_AccountId", table: "Postings", newName: "IX_Postings_AccountId");
        migrationBuilder.AddPrimaryKey(name: "PK_Postings", table: "Postings", column: "Id");
        migrationBuilder.AddForeignKey(
            name: "FK_Postings_Accounts_AccountId", table: "Postings", column: "AccountId", principalTable: "Accounts", principalColumn: "Id",
            onDelete: ReferentialAction.Cascade);
    }

    protected override void Down(MigrationBuilder migrationBuilder)
    {
        migrationBuilder.DropForeignKey(name: "FK_Postings_Accounts_AccountId", table: "Postings");
        migrationBuilder.DropPrimaryKey(name: "PK_Postings", table: "Postings");
        migrationBuilder.RenameTable(name: "Postings", newName: "Entries");
        migrationBuilder.RenameIndex(name: "IX_Postings_AccountId", table: "Entries", newName: "IX_Entries_AccountId");
        migrationBuilder.AddPrimaryKey(name: "PK_Entries", table: "Entries", column: "Id");
        migrationBuilder.AddForeignKey(
            name: "FK_Entries_Accounts_AccountId", table: "Entries", column: "AccountId", principalTable: "Accounts", principalColumn: "Id",
            onDelete: ReferentialAction.Cascade);
    }

    protected override void BuildTargetModel(ModelBuilder modelBuilder) => LedgerModels.Build(modelBuilder, LedgerVersion.Postings);
}

/// <summary>The model after each migration that changes it.</summary>
public enum LedgerVersion
{
    Initial,
    Checks,
    Tiers,
    Postings,
}

// The target models, as the .Designer.cs files build them.
internal static class LedgerModels
{
    public static void Build(ModelBuilder modelBuilder, LedgerVersion version)
    {
        modelBuilder.Entity("Ledger.Account", b =>
        {
            b.Property<int>("Id").ValueGeneratedOnAdd().HasColumnType("INTEGER");
            b.Property<string>("Name").IsRequired().HasColumnType("TEXT");
            b.Property<decimal>("Balance").HasColumnType("DECIMAL");
            if (version >= LedgerVersion.Tiers)
            {
                b.Property<int>("Tier").HasColumnType("INTEGER");
                b.HasIndex("Tier");
            }

            b.HasKey("Id");
            b.ToTable("Accounts", t =>
            {
                if (version >= LedgerVersion.Checks)
                {
                    t.HasCheckConstraint("CK_Accounts_Balance", "\"Balance\" >= 0");
                }
            });
        });
        modelBuilder.Entity("Ledger.Entry", b =>
        {
            b.Property<int>("Id").ValueGeneratedOnAdd().HasColumnType("INTEGER");
            b.Property<int>("AccountId").HasColumnType("INTEGER");
            b.Property<decimal>("Amount").HasColumnType("DECIMAL");
            b.Property<string>("Note").IsRequired(version >= LedgerVersion.Checks).HasColumnType("TEXT");
            b.HasKey("Id");
            b.HasIndex("AccountId");
            b.ToTable(version >= LedgerVersion.Postings ? "Postings" : "Entries");
        });
        modelBuilder.Entity("Ledger.Entry", b => b.HasOne("Ledger.Account", null).WithMany().HasForeignKey("AccountId").OnDelete(DeleteBehavior.Cascade).IsRequired());
    }
}
