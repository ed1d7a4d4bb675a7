// One SQL text with its parameters, as a reader executes it: a command is one
// unit, a batch is one unit per batch command. The unit also carries the
// prepared statements of a prepared command (reused while the text and the
// session stay the same) and, for batch commands, where to report rows affected.
using SharpCoreDB.Engine;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Data;

/// <summary>A SQL text and its parameters, ready to execute.</summary>
internal sealed class CommandUnit(SqlScript script, SharpCoreDBParameterCollection parameters, PreparedStatements? prepared,
    SharpCoreDBBatchCommand? batchCommand)
{
    /// <summary>Every statement text is parsed once per process, then shared.</summary>
    internal static readonly StatementCache Statements = new();

    public SqlScript Script { get; } = script;

    public SharpCoreDBParameterCollection Parameters { get; } = parameters;

    public PreparedStatements? Prepared { get; } = prepared;

    public SharpCoreDBBatchCommand? BatchCommand { get; } = batchCommand;

    /// <summary>The parsed text (a syntax error throws SqlSyntaxException, a SharpCoreDBException).</summary>
    public static SqlScript Parse(string? text)
    {
        if (string.IsNullOrWhiteSpace(text))
        {
            throw new InvalidOperationException("The CommandText has not been set.");
        }

        return Statements.GetOrParse(text);
    }

    /// <summary>The compiled statement <paramref name="index"/> (from the prepared set when it has one).</summary>
    public PreparedStatement Prepare(Session session, int index) =>
        Prepared?.Get(session, Script, index) ?? session.Prepare(Script[index]);
}

/// <summary>The compiled statements of a prepared command, valid for one session and one text.</summary>
internal sealed class PreparedStatements(Session session, SqlScript script)
{
    private readonly PreparedStatement?[] _statements = new PreparedStatement?[script.Count];

    public Session Session { get; } = session;

    public SqlScript Script { get; } = script;

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
