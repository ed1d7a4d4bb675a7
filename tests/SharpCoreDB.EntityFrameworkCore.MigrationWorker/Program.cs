// Applies every LedgerMigrations migration to the file named by the first argument and
// says so on standard output: "MIGRATING" when Migrate() starts, "DONE" when it returned.
// The crash test kills this process in between; what a kill leaves must be a migration
// boundary, and the next run must carry on from it.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.EntityFrameworkCore.MigrationWorker;

if (args.Length != 1)
{
    Console.Error.WriteLine("usage: SharpCoreDB.EntityFrameworkCore.MigrationWorker <database file>");
    return 2;
}

using var context = new LedgerContext(new DbContextOptionsBuilder<LedgerContext>().UseSharpCoreDB($"Data Source={args[0]}").Options);
Console.WriteLine("MIGRATING");
context.Database.Migrate();
Console.WriteLine("DONE");
return 0;
