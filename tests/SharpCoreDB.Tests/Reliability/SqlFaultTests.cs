// Fault injection through SQL: the workload of SqlFaultWorkload (DDL, autocommit and
// explicit inserts, updates, deletes, a rollback, a spilling sort, checkpoints, VACUUM and
// VACUUM INTO, a close)
// runs through Database/Session with the Nth I/O call of the database file, the log,
// the checkpoint journal or a temporary file failing (EIO, ENOSPC or a short write),
// for every N the workload makes. Each time:
// - the statement reports a SharpCoreDBException with IoError, DiskFull or LogFailed,
//   never another exception type;
// - after IoError/DiskFull the database goes on working: the same unit, run again,
//   succeeds (the fault is one-shot); after LogFailed every write is refused with
//   LogFailed until the database is reopened;
// - reopened on the healthy file system, the tables, indexes and rows equal the model
//   of the acknowledged units (or that plus the unit whose commit failed with LogFailed,
//   whose record may have reached the log), and PRAGMA integrity_check says ok.
// CI tries one fault kind per call (cycling) with each log; SCDB_SQL_FAULTS=all tries every
// kind at every call of a workload three times as large (docs/testing.md).
using System.Text;
using SharpCoreDB.Engine;
using SharpCoreDB.Planning;
using SharpCoreDB.Sql;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Storage;
using SharpCoreDB.TestSupport.FileSystems;
using SharpCoreDB.Values;
using SharpCoreDB.Wal;
using Xunit.Abstractions;

namespace SharpCoreDB.Tests.Reliability;

public sealed class SqlFaultTests(ITestOutputHelper output) : TempDirectoryTests("scdb-sqlfault-")
{
    private static bool Exhaustive => Environment.GetEnvironmentVariable("SCDB_SQL_FAULTS") == "all";

    // SCDB_SQL_FAULT_AT=n: only the fault points at call n, for a closer look at one failure.
    private static int? OnlyAt => int.TryParse(Environment.GetEnvironmentVariable("SCDB_SQL_FAULT_AT"), out int n) ? n : null;

    [Theory]
    [Trait("Category", "Slow")]
    [InlineData(true)]
    [InlineData(false)]
    public void EveryIoCallOfASqlWorkloadCanFailWithoutLosingAcknowledgedStatements(bool groupCommit)
    {
        var units = SqlFaultWorkload.Build(Exhaustive ? 6 : 2);
        var dry = new FaultyFileSystem();
        var clean = Run(units, dry, groupCommit, "dry");
        Assert.Null(clean.Failure);
        int total = dry.Calls;
        Assert.True(total > 60, $"the workload made only {total} I/O calls");
        var modes = Enum.GetValues<FaultMode>();
        var failures = new List<string>();
        var byFile = new SortedDictionary<string, int>(StringComparer.Ordinal);
        int tried = 0;
        for (int failAt = 0; failAt < total; failAt++)
        {
            if (OnlyAt is int only && failAt != only)
            {
                continue;
            }

            // CI cycles the kinds (offset per log, so each call meets two of the three); the long run tries all.
            foreach (FaultMode mode in Exhaustive ? modes : [modes[(failAt + (groupCommit ? 1 : 0)) % modes.Length]])
            {
                var fs = new FaultyFileSystem { FailAt = failAt, Mode = mode };
                string name = $"f{failAt}-{mode}";
                var outcome = Run(units, fs, groupCommit, name);
                tried++;
                string kind = FileKind(fs.FailedPath);
                byFile[kind] = byFile.GetValueOrDefault(kind) + 1;
                string? failure = outcome.Failure ?? (fs.CallFailed ? VerifyReopened(outcome) : $"call {failAt} was never made");
                if (failure is null && mode == FaultMode.DiskFull && outcome.Reported == SharpCoreDBErrorCode.IoError)
                {
                    failure = "a full disk was reported as IoError, not DiskFull";
                }

                if (failure is not null)
                {
                    failures.Add($"fault {mode} at call {failAt} ({kind}): {failure}");
                }

                DeleteFiles(name);
            }
        }

        output.WriteLine($"group commit {groupCommit}: {total} I/O calls, {tried} fault points ({string.Join(", ", byFile.Select(p => p.Key + " " + p.Value))})");
        Assert.True(failures.Count == 0, $"{failures.Count} of {tried} fault points failed:\n" + string.Join("\n", failures.Take(20)));
    }

    // Regression (found by the test above): a failed write or read of a sort's temporary file
    // escaped as a bare IOException.
    [Theory]
    [InlineData(0, FaultMode.DiskFull, SharpCoreDBErrorCode.DiskFull)]
    [InlineData(1, FaultMode.ShortWrite, SharpCoreDBErrorCode.IoError)]
    [InlineData(3, FaultMode.IoError, SharpCoreDBErrorCode.IoError)]
    public void AFailingTemporaryFileFailsTheSortWithTheProjectsError(int failAt, FaultMode mode, SharpCoreDBErrorCode expected)
    {
        var fs = new FaultyFileSystem(watch: WatchedFiles.PathEndsWith(".tmp")) { FailAt = failAt, Mode = mode };
        using (var database = Database.Open(new DatabaseOptions { Storage = Options(Dir.File("spill.scdb"), groupCommit: true) with { FileSystem = fs } }))
        {
            database.SpillThresholdRows = 4;
            using Session session = database.CreateSession();
            Execute(session, "CREATE TABLE t(a INTEGER, b TEXT)", null);
            for (int i = 0; i < 40; i++)
            {
                Execute(session, $"INSERT INTO t VALUES ({i}, 'row {i}')", null);
            }

            var error = Assert.Throws<SharpCoreDBException>(() => Execute(session, "SELECT a, b FROM t ORDER BY b DESC", new StringBuilder()));
            Assert.True(fs.CallFailed);
            Assert.Equal(expected, error.ErrorCode);

            // The statement failed alone: the same query works now, with every row in order.
            var rows = new StringBuilder();
            Execute(session, "SELECT a FROM t ORDER BY b DESC LIMIT 3", rows);
            Assert.Equal("9\n8\n7\n", rows.ToString());
        }

        Assert.Empty(Directory.GetFiles(Dir.Path, "*.tmp"));
    }

    private sealed record Outcome(string Path, string Acknowledged, string? InDoubt, string? Failure, SharpCoreDBErrorCode? Reported = null);

    private Outcome Run(List<SqlFaultUnit> units, FaultyFileSystem fs, bool groupCommit, string name)
    {
        string path = Dir.File(name + ".scdb");
        var model = new SqlFaultModel();
        string? inDoubt = null;
        SharpCoreDBErrorCode? reported = null;
        Database? database = null;
        try
        {
            try
            {
                database = Database.Open(new DatabaseOptions { Storage = Options(path, groupCommit) with { FileSystem = fs } });
            }
            catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull)
            {
                return new Outcome(path, model.Render(), null, null, e.ErrorCode); // the open failed: nothing was acknowledged
            }

            database.SpillThresholdRows = 4;
            using Session session = database.CreateSession();
            session.LockTimeout = TestTimeouts.WriteLock;
            for (int u = 0; u < units.Count; u++)
            {
                SqlFaultUnit unit = units[u];
                try
                {
                    RunUnit(database, session, unit, model);
                }
                catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.IoError or SharpCoreDBErrorCode.DiskFull)
                {
                    reported = e.ErrorCode;

                    // The database must go on working: roll back what is open, then the same unit succeeds.
                    if (session.InTransaction)
                    {
                        session.Rollback();
                    }

                    RunUnit(database, session, unit, model);
                }
                catch (SharpCoreDBException e) when (e.ErrorCode is SharpCoreDBErrorCode.LogFailed)
                {
                    reported = e.ErrorCode;
                    var maybe = model.Clone();
                    unit.Apply(maybe);
                    inDoubt = maybe.Render();
                    if (session.InTransaction)
                    {
                        session.Rollback();
                    }

                    // Until reopened, every write is refused with the same clear error.
                    var again = Assert.Throws<SharpCoreDBException>(() => Execute(session, "CREATE TABLE refused(x)", null));
                    if (again.ErrorCode != SharpCoreDBErrorCode.LogFailed)
                    {
                        return new Outcome(path, model.Render(), inDoubt, $"a write after the log failed said {again.ErrorCode}: {again.Message}");
                    }

                    break;
                }

                unit.Apply(model);
            }
        }
        catch (Exception e)
        {
            return new Outcome(path, model.Render(), inDoubt, $"{e.GetType().Name}: {e.Message}\n{e.StackTrace}");
        }
        finally
        {
            database?.Dispose();
        }

        return new Outcome(path, model.Render(), inDoubt, null, reported);
    }

    private static void RunUnit(Database database, Session session, SqlFaultUnit unit, SqlFaultModel model)
    {
        switch (unit.Kind)
        {
            case SqlFaultUnitKind.Checkpoint:
                database.Checkpoint();
                return;
            case SqlFaultUnitKind.VacuumInto:
                // A copy that was made must be whole; one that failed must not be there (the retry would find it).
                string copy = database.Storage.Path + ".copy";
                Execute(session, $"VACUUM INTO '{copy}'", null);
                string found;
                using (var copied = Database.Open(new DatabaseOptions { Storage = Options(copy, groupCommit: true) }))
                {
                    found = Render(copied);
                }

                File.Delete(copy);
                Assert.Equal(model.Render(), found);
                return;
            case SqlFaultUnitKind.Query:
                var rows = new StringBuilder();
                Execute(session, unit.Sql[0], rows);
                Assert.Equal(unit.Expected!(model), rows.ToString());
                return;
            case SqlFaultUnitKind.Autocommit:
                foreach (string sql in unit.Sql)
                {
                    Execute(session, sql, null);
                }

                return;
            default:
                Execute(session, "BEGIN", null);
                foreach (string sql in unit.Sql)
                {
                    Execute(session, sql, null);
                }

                Execute(session, unit.Kind == SqlFaultUnitKind.Commit ? "COMMIT" : "ROLLBACK", null);
                return;
        }
    }

    /// <summary>Runs one SQL text; appends its rows ("a|b|c\n") to <paramref name="rows"/> when given.</summary>
    private static void Execute(Session session, string sql, StringBuilder? rows)
    {
        foreach (Statement statement in SqlParser.Parse(sql))
        {
            using StatementResult result = session.Execute(session.Prepare(statement), NoParameters.Instance);
            while (result.Read())
            {
                for (int i = 0; i < result.Columns.Count; i++)
                {
                    rows?.Append(i == 0 ? string.Empty : "|").Append(result[i].ToString());
                }

                rows?.Append('\n');
            }
        }
    }

    private static string? VerifyReopened(Outcome outcome)
    {
        if (!File.Exists(outcome.Path))
        {
            return outcome.Acknowledged == new SqlFaultModel().Render() ? null : "the database file is gone";
        }

        try
        {
            using var database = Database.Open(new DatabaseOptions { Storage = Options(outcome.Path, groupCommit: true) });
            using Session session = database.CreateSession();
            var check = new StringBuilder();
            Execute(session, "PRAGMA integrity_check", check);
            if (check.ToString() != "ok\n")
            {
                return "integrity_check: " + check;
            }

            string found = Render(database);
            if (found == outcome.Acknowledged || found == outcome.InDoubt)
            {
                return null;
            }

            return $"after reopening:\n{found}\nacknowledged:\n{outcome.Acknowledged}" + (outcome.InDoubt is null ? string.Empty : $"\nor with the failed commit:\n{outcome.InDoubt}");
        }
        catch (Exception e)
        {
            return $"reopening: {e.GetType().Name}: {e.Message}";
        }
    }

    // The tables (with their rows) and indexes of a database, as SqlFaultModel.Render writes them.
    private static string Render(Database database)
    {
        using Session session = database.CreateSession();
        var state = new StringBuilder();
        var catalog = database.GetCatalog();
        foreach (TableInfo table in catalog.Tables.OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            state.Append("T ").Append(table.Name).Append('\n');
            Execute(session, $"SELECT * FROM {table.Name} ORDER BY 1", state);
        }

        foreach (IndexInfo index in catalog.Indexes.OrderBy(i => i.Name, StringComparer.Ordinal))
        {
            state.Append("I ").Append(index.Name).Append('\n');
        }

        return state.ToString();
    }

    private static StorageOptions Options(string path, bool groupCommit) => new()
    {
        Path = path,
        PageSize = 4096,
        Log = new WalOptions { UseGroupCommit = groupCommit },
        CheckpointLogBytes = long.MaxValue,

        // Two pages per paced fsync: the sweep then fails every journal chunk and every fsync between in-place writes.
        CheckpointPacingBytes = 2 * 4096,
    };

    private static string FileKind(string? path) => path switch
    {
        null => "none",
        _ when path.EndsWith(".scdb", StringComparison.Ordinal) => "database",
        _ when path.Contains("-wal", StringComparison.Ordinal) => "log",
        _ when path.EndsWith("-journal", StringComparison.Ordinal) => "journal",
        _ => "temporary",
    };

    private void DeleteFiles(string name)
    {
        foreach (string file in Directory.GetFiles(Dir.Path, name + ".scdb*"))
        {
            File.Delete(file);
        }
    }

    private sealed class NoParameters : IParameterValues
    {
        public static readonly NoParameters Instance = new();

        public DbValue GetValue(StatementParameter parameter) => throw new SharpCoreDBException(SharpCoreDBErrorCode.Misuse, $"no value for parameter {parameter.Ordinal}");
    }
}
