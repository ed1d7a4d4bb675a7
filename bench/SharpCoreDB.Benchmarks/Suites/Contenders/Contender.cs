// One database under test, with the settings that define it (file or memory, durability,
// encryption...). A contender owns its files in a directory and hands out sessions: the
// main one for single-threaded suites, and one more per thread for the concurrent ones.
namespace SharpCoreDB.Benchmarks.Suites.Contenders;

public abstract class Contender : IDisposable
{
    private readonly List<ContenderSession> _sessions = [];
    private ContenderSession? _main;

    protected Contender(string name, string directory)
    {
        Name = name;
        Directory = directory;
    }

    public string Name { get; }

    public string Directory { get; }

    /// <summary>False for a private in-memory database, which only one connection can see.</summary>
    public virtual bool SupportsManySessions => true;

    /// <summary>The session of the thread that set the contender up (opened on first use).</summary>
    public ContenderSession Main => _main ??= OpenSession();

    /// <summary>A new session (connection); disposed with the contender.</summary>
    public ContenderSession OpenSession()
    {
        ContenderSession session = CreateSession();
        _sessions.Add(session);
        return session;
    }

    /// <summary>Creates the tables and indexes every suite uses.</summary>
    public abstract void CreateSchema();

    public void Dispose()
    {
        foreach (ContenderSession session in _sessions)
        {
            session.Dispose();
        }

        _sessions.Clear();
        _main = null;
        Release();
        GC.SuppressFinalize(this);
    }

    protected abstract ContenderSession CreateSession();

    /// <summary>Releases what the sessions share (a pool, the database object).</summary>
    protected virtual void Release()
    {
    }
}
