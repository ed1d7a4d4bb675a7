// The compiled statements of one SQL text for one session: what a command keeps so
// that running it again reuses its plans. A command gives it back to the session's
// PreparedScriptPool when it is disposed or its text changes, so a new command with
// the same text (EF Core and Dapper make one per call) starts from compiled plans.
// Every use still checks each plan against the catalog and functions it was compiled
// with (Session.Compiled), so a script kept across DDL or a pooled connection's close
// is compiled again when it must be, never run stale.
using SharpCoreDB.Sql;

namespace SharpCoreDB.Engine;

/// <summary>The compiled statements of a SQL text, valid for one session.</summary>
internal sealed class PreparedScript(Session session, SqlScript script)
{
    private readonly PreparedStatement?[] _statements = new PreparedStatement?[script.Count];
    private LinkedListNode<PreparedScript>? _poolNode;

    public Session Session { get; } = session;

    public SqlScript Script { get; } = script;

    /// <summary>Its place in the session's pool (made once and reused, so returning it allocates nothing).</summary>
    internal LinkedListNode<PreparedScript> PoolNode => _poolNode ??= new LinkedListNode<PreparedScript>(this);

    /// <summary>
    /// Compiles every statement now, as Prepare() promises: a missing table or column throws here, unless an
    /// earlier statement of the same text may create it (an INSERT after the CREATE TABLE); such a statement
    /// and the rest are compiled when they run instead.
    /// </summary>
    public void PrepareAll()
    {
        for (int i = 0; i < _statements.Length; i++)
        {
            Statement statement = Script[i];
            if (i > 0 && MayChangeSchema(Script[i - 1]))
            {
                return;
            }

            _statements[i] = Session.PrepareChecked(statement);
        }
    }

    /// <summary>The compiled statement, compiling and keeping it on first use; null when the session or text differ.</summary>
    public PreparedStatement? Get(Session session, SqlScript script, int index)
    {
        if (!ReferenceEquals(session, Session) || !ReferenceEquals(script, Script))
        {
            return null;
        }

        return _statements[index] ??= session.Prepare(script[index]);
    }

    private static bool MayChangeSchema(Statement statement) =>
        statement is not (SelectStatement or InsertStatement or UpdateStatement or DeleteStatement or ExplainStatement or PragmaStatement);
}
