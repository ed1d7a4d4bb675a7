// A model's database twice, in files of one temporary directory: on EF Core's SQLite
// provider (the reference the differential tests compare with) and on ours, each
// created and prepared alike (seeded, or given its triggers), and the two comparisons
// the differential tests make: a query's result on both, and both databases after each
// step of a script of writes (and ours again after its file is reopened). Every call
// opens a fresh context, so that nothing an earlier step tracked fixes up the
// navigations of a later one. Disposing clears both providers' connection pools, which
// keep the files open, before the directory is deleted.
using Microsoft.EntityFrameworkCore;
using SharpCoreDB.Data;
using SharpCoreDB.EntityFrameworkCore.Tests.Shop;

namespace SharpCoreDB.EntityFrameworkCore.Tests;

public class TwinDatabases<TContext> : IDisposable
    where TContext : DbContext
{
    private readonly TempDirectory _directory;
    private readonly Func<DbContextOptions<TContext>, TContext> _create;
    private readonly string _sqlitePath;
    private readonly string _oursPath;

    /// <param name="prefix">The temporary directory's prefix, naming the test area.</param>
    /// <param name="name">The files' name: name.db for SQLite, name.scdb for ours.</param>
    /// <param name="create">The context over given options.</param>
    /// <param name="prepare">What each new database gets after EnsureCreated.</param>
    public TwinDatabases(string prefix, string name, Func<DbContextOptions<TContext>, TContext> create, Action<TContext> prepare)
    {
        _directory = new TempDirectory(prefix);
        _create = create;
        _sqlitePath = _directory.File(name + ".db");
        _oursPath = _directory.File(name + ".scdb");
        foreach (Func<TContext> open in new[] { Sqlite, Ours })
        {
            using TContext context = open();
            context.Database.EnsureCreated();
            prepare(context);
        }
    }

    /// <summary>A context on EF Core's SQLite provider.</summary>
    public TContext Sqlite() => _create(new DbContextOptionsBuilder<TContext>().UseSqlite($"Data Source={_sqlitePath}").Options);

    /// <summary>A context on ours.</summary>
    public TContext Ours() => _create(new DbContextOptionsBuilder<TContext>().UseSharpCoreDB($"Data Source={_oursPath}").Options);

    /// <summary>Fails unless <paramref name="query"/> gives the same result (as canonical JSON) on ours as on the SQLite provider.</summary>
    public void AssertSameResult(Func<TContext, object?> query)
    {
        string ours = Result(Ours, query);
        Assert.Equal(Result(Sqlite, query), ours);
    }

    /// <summary>
    /// Runs each step on both (in a fresh context of each; with <paramref name="saveChanges"/> SaveChanges follows it)
    /// and fails after the first that leaves <paramref name="snapshot"/> of the two different; then fails unless ours
    /// reads back the same once its file is closed and opened again. Returns that last snapshot of ours.
    /// </summary>
    public string AssertEachStepLeavesBothEqual(
        IEnumerable<(string Name, Action<TContext> Step)> steps, Func<Func<TContext>, string> snapshot, bool saveChanges)
    {
        foreach ((string name, Action<TContext> step) in steps)
        {
            foreach (Func<TContext> open in new[] { Sqlite, Ours })
            {
                using TContext context = open();
                step(context);
                if (saveChanges)
                {
                    context.SaveChanges();
                }
            }

            string sqlite = snapshot(Sqlite);
            string ours = snapshot(Ours);
            Assert.True(sqlite == ours, $"after '{name}':\n{sqlite}\n{ours}");
        }

        string before = snapshot(Ours);
        SharpCoreDBConnection.ClearAllPools();
        Assert.Equal(before, snapshot(Ours));
        return before;
    }

    /// <summary>The path of another file in the same directory.</summary>
    public string File(string name) => _directory.File(name);

    public void Dispose()
    {
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        SharpCoreDBConnection.ClearAllPools();
        _directory.Dispose();
    }

    private static string Result(Func<TContext> open, Func<TContext, object?> query)
    {
        using TContext context = open();
        return CanonicalJson.Of(query(context));
    }
}
