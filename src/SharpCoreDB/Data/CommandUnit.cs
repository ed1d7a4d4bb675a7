// One SQL text with its parameters, as a reader executes it: a command is one
// unit, a batch is one unit per batch command. The unit also carries the
// compiled statements of the command (reused while the text and the session
// stay the same) and, for batch commands, where to report rows affected.
using SharpCoreDB.Engine;
using SharpCoreDB.Sql;

namespace SharpCoreDB.Data;

/// <summary>A SQL text and its parameters, ready to execute.</summary>
internal sealed class CommandUnit(SqlScript script, SharpCoreDBParameterCollection parameters, PreparedScript? prepared,
    SharpCoreDBBatchCommand? batchCommand)
{
    /// <summary>Every statement text is parsed once per process, then shared.</summary>
    internal static readonly StatementCache Statements = new();

    public SqlScript Script { get; } = script;

    public SharpCoreDBParameterCollection Parameters { get; } = parameters;

    public PreparedScript? Prepared { get; } = prepared;

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
