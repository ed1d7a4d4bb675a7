// A session's prepared scripts that no command holds, by SQL text. Applications
// that make a new command for every call (EF Core's SaveChanges and queries,
// Dapper) would otherwise plan the same text on every call: about 15 KB and 5 µs
// per INSERT ... RETURNING, more for a join. A command takes the script for its
// text from here on its first execution and gives it back when it is disposed or
// its text changes; the pool lives with the session, so it also serves a pooled
// connection opened again (EF Core opens and closes around each operation).
//
// Bounded: at most Capacity texts, the least recently returned dropped first; one
// script per text (two commands running the same text at once each hold one, and
// the second given back is dropped). Commands may be disposed on any thread, even
// after their connection handed the session to another, so every call locks.
namespace SharpCoreDB.Engine;

/// <summary>Compiled scripts kept for reuse by later commands of the same session.</summary>
internal sealed class PreparedScriptPool
{
    /// <summary>The most SQL texts kept per session.</summary>
    public const int Capacity = 128;

    private readonly Dictionary<string, PreparedScript> _byText = new(StringComparer.Ordinal);
    private readonly LinkedList<PreparedScript> _recency = new();
    private readonly Lock _lock = new();
    private bool _closed;

    /// <summary>How many scripts are kept.</summary>
    public int Count
    {
        get
        {
            lock (_lock)
            {
                return _byText.Count;
            }
        }
    }

    /// <summary>Takes the kept script for <paramref name="sql"/> (it leaves the pool), or null.</summary>
    public PreparedScript? Take(string sql)
    {
        lock (_lock)
        {
            if (!_byText.Remove(sql, out PreparedScript? script))
            {
                return null;
            }

            _recency.Remove(script.PoolNode);
            return script;
        }
    }

    /// <summary>Keeps <paramref name="script"/> for the next command with its text.</summary>
    public void Return(PreparedScript script)
    {
        lock (_lock)
        {
            if (_closed || !_byText.TryAdd(script.Script.Sql, script))
            {
                return;
            }

            _recency.AddFirst(script.PoolNode);
            if (_byText.Count > Capacity)
            {
                PreparedScript oldest = _recency.Last!.Value;
                _recency.RemoveLast();
                _byText.Remove(oldest.Script.Sql);
            }
        }
    }

    /// <summary>Drops every kept script and keeps none from now on (the session is disposed).</summary>
    public void Close()
    {
        lock (_lock)
        {
            _closed = true;
            _byText.Clear();
            _recency.Clear();
        }
    }
}
