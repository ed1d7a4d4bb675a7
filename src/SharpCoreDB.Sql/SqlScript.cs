// What SqlParser.Parse returns: the statements of a `;`-separated script, in
// order, immutable, and safe to share between threads (the statement cache does).
using System.Collections;
using SharpCoreDB.Sql.Ast;

namespace SharpCoreDB.Sql;

/// <summary>The parsed statements of one SQL text.</summary>
internal sealed class SqlScript : IReadOnlyList<Statement>
{
    private readonly int[] _spans;

    internal SqlScript(string sql, SqlList<Statement> statements, int[] spans)
    {
        Sql = sql;
        Statements = statements;
        _spans = spans;
    }

    /// <summary>The SQL text that was parsed.</summary>
    public string Sql { get; }

    /// <summary>The statements, in the order written; empty statements (<c>;;</c>) are skipped.</summary>
    public SqlList<Statement> Statements { get; }

    /// <inheritdoc />
    public int Count => Statements.Count;

    /// <inheritdoc />
    public Statement this[int index] => Statements[index];

    /// <summary>The source text of one statement, without the separating semicolon.</summary>
    public string GetStatementText(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, Count);
        return Sql.Substring(_spans[2 * index], _spans[(2 * index) + 1]);
    }

    /// <summary>A struct enumerator, so that foreach does not allocate.</summary>
    public ReadOnlySpan<Statement>.Enumerator GetEnumerator() => Statements.GetEnumerator();

    IEnumerator<Statement> IEnumerable<Statement>.GetEnumerator() => ((IEnumerable<Statement>)Statements).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => ((IEnumerable)Statements).GetEnumerator();
}
