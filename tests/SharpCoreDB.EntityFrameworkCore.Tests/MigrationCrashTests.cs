// Migrate() killed with SIGKILL at random moments (a child process,
// SharpCoreDB.EntityFrameworkCore.MigrationWorker, applying LedgerMigrations: a seed of
// 80,000 rows, table rebuilds, an UPDATE of every row, a rename with its key) must leave
// the database at a migration boundary: it opens, integrity_check and foreign_key_check
// are clean, and its schema and every row equal, byte for byte, the state after as many
// migrations as the history table lists (built in process, one migration at a time). The
// next run carries on from there, taking over the migrations lock the killed process left.
// The first run goes to the end and times Migrate(); the kills fall anywhere in that span.
// SCDB_CRASH_ROUNDS=n for a longer run by hand.
using System.Diagnostics;
using System.Security.Cryptography;
using System.Text;
using Microsoft.EntityFrameworkCore;
using Microsoft.EntityFrameworkCore.Infrastructure;
using Microsoft.EntityFrameworkCore.Migrations;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.MigrationWorker;
using Xunit.Abstractions;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

[Trait("Category", "Slow")]
public sealed class MigrationCrashTests(ITestOutputHelper output) : IDisposable
{
    private readonly TempDirectory _directory = new("scdb-efcrash-");

    public void Dispose()
    {
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    [Fact]
    public async Task AKilledMigrateLeavesTheDatabaseAtAMigrationBoundary()
    {
        List<string> states = States(_directory.File("reference.scdb"));
        string path = _directory.File("ledger.scdb");
        TimeSpan migrate = await Run(path, killAfter: null);
        Assert.Equal(states.Count - 1, Applied(path, states));
        Delete(path);

        int rounds = int.TryParse(Environment.GetEnvironmentVariable("SCDB_CRASH_ROUNDS"), out int r) ? r : 8;
        var random = new Random(2027);
        var boundaries = new List<int>();
        for (int round = 0; round < rounds; round++)
        {
            await Run(path, killAfter: migrate * random.NextDouble() * 1.1);
            int applied = Applied(path, states);
            boundaries.Add(applied);
            if (applied == states.Count - 1)
            {
                Delete(path);
            }
        }

        // From wherever the last kill left it, a run to the end: it takes over the lock a killed run left behind.
        await Run(path, killAfter: null);
        Assert.Equal(states.Count - 1, Applied(path, states));
        output.WriteLine($"Migrate() ran {migrate.TotalMilliseconds:F0} ms; the kills left {string.Join(", ", boundaries)} migrations applied");

        // The kills are spread over Migrate()'s run, so most land inside it.
        Assert.Contains(boundaries, applied => applied < states.Count - 1);
    }

    // The state after 0, 1, .. n migrations, each applied in this process to a new file.
    private static List<string> States(string path)
    {
        var states = new List<string>();
        using var context = Open(path);
        IMigrator migrator = context.GetService<IMigrator>();
        context.Database.EnsureCreated();
        states.Add(State(path));
        foreach (string migration in context.Database.GetMigrations())
        {
            migrator.Migrate(migration);
            states.Add(State(path));
        }

        SharpCoreDBConnection.ClearAllPools();
        return states;
    }

    // Which boundary the file is at, after checking that it is one: the schema and rows of the history's count.
    private static int Applied(string path, List<string> states)
    {
        using var connection = new SharpCoreDBConnection($"Data Source={path}");
        connection.Open();
        Assert.Equal("ok", TestSql.Rows(connection, "PRAGMA integrity_check"));
        Assert.Equal("", TestSql.Rows(connection, "PRAGMA foreign_key_check"));
        bool hasHistory = TestSql.Scalar(connection, "SELECT count(*) FROM sqlite_master WHERE name = '__EFMigrationsHistory'") == 1;
        int applied = hasHistory ? (int)TestSql.Scalar(connection, "SELECT count(*) FROM __EFMigrationsHistory") : 0;
        connection.Close();
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(states[applied], State(path));
        return applied;
    }

    // The schema (EF Core's own tables aside: a killed run may or may not have made them) and a digest of every row.
    private static string State(string path)
    {
        using var connection = new SharpCoreDBConnection($"Data Source={path}");
        connection.Open();
        var state = new StringBuilder(TestSql.Rows(connection, "SELECT type, name, sql FROM sqlite_master WHERE tbl_name NOT LIKE '\\_\\_EF%' ESCAPE '\\' ORDER BY name"));
        foreach (string table in TestSql.Rows(connection, "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_\\_EF%' ESCAPE '\\' ORDER BY name").Split(';', StringSplitOptions.RemoveEmptyEntries))
        {
            string rows = TestSql.Rows(connection, $"SELECT * FROM \"{table}\" ORDER BY rowid");
            state.Append('\n').Append(table).Append(": ").Append(rows.Count(c => c == ';') + (rows.Length > 0 ? 1 : 0)).Append(" rows, ")
                .Append(Convert.ToHexString(SHA256.HashData(Encoding.UTF8.GetBytes(rows))));
        }

        return state.ToString();
    }

    // Runs the worker; kills it `killAfter` past its start of Migrate(), or lets it finish. Returns how long Migrate() ran.
    private static async Task<TimeSpan> Run(string path, TimeSpan? killAfter)
    {
        using WorkerProcess worker = await WorkerProcess.StartAsync("SharpCoreDB.EntityFrameworkCore.MigrationWorker.dll", "MIGRATING", path);
        Process process = worker.Process;
        var clock = Stopwatch.StartNew();
        Task<string> rest = process.StandardOutput.ReadToEndAsync();
        if (killAfter is { } delay)
        {
            await Task.WhenAny(process.WaitForExitAsync(), Task.Delay(delay));
            if (!process.HasExited)
            {
                process.Kill(entireProcessTree: true); // SIGKILL: nothing runs after it.
            }
        }

        using var hang = new CancellationTokenSource(TestTimeouts.Hang);
        await process.WaitForExitAsync(hang.Token);
        if (killAfter is null)
        {
            Assert.True(process.ExitCode == 0 && (await rest).Contains("DONE", StringComparison.Ordinal), $"the worker failed: {await worker.Errors}");
        }

        return clock.Elapsed;
    }

    private static LedgerContext Open(string path) =>
        new(new DbContextOptionsBuilder<LedgerContext>().UseSharpCoreDB($"Data Source={path}").Options);

    private static void Delete(string path)
    {
        SharpCoreDBConnection.ClearAllPools();
        foreach (string file in Directory.GetFiles(Path.GetDirectoryName(path)!, Path.GetFileName(path) + "*"))
        {
            File.Delete(file);
        }
    }
}
