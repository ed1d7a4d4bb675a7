// The public entry points of the SQL front end: text in, immutable AST out.
// Every failure to parse is a SqlSyntaxException; nothing is printed.
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Parsing;

namespace SharpCoreDB.Sql;

/// <summary>Parses SQL text of the SharpCoreDB dialect (docs/sql.md) into an immutable AST.</summary>
/// <remarks>Thread-safe: every call uses its own lexer and parser; the generated ATN caches are shared.</remarks>
internal static class SqlParser
{
    /// <summary>The deepest parenthesis nesting, and the deepest expression or subquery tree, accepted.</summary>
    public const int MaxNestingDepth = 1000;

    /// <summary>Parses a script of zero or more statements separated by <c>;</c>.</summary>
    /// <exception cref="SqlSyntaxException">The text is not valid SQL of the dialect.</exception>
    public static SqlScript Parse(string sql) =>
        ParseDriver.Run(sql, static parser => parser.script(), static (builder, tree) => builder.BuildScript((Generated.SqlGrammarParser.ScriptContext)tree));

    /// <summary>Parses text that must hold exactly one statement (a trailing <c>;</c> is allowed).</summary>
    /// <exception cref="SqlSyntaxException">The text is not valid SQL, or holds no or several statements.</exception>
    public static Statement ParseStatement(string sql)
    {
        SqlScript script = Parse(sql);
        if (script.Count == 1)
        {
            return script[0];
        }

        if (script.Count == 0)
        {
            throw new SqlSyntaxException(1, 1, string.Empty, "expected one statement, found none", []);
        }

        Statement second = script[1];
        throw new SqlSyntaxException(second.Position.Line, second.Position.Column, SyntaxErrors.Shorten(script.GetStatementText(1)),
            "expected one statement, found several", []);
    }

    /// <summary>Parses a single expression, e.g. a stored DEFAULT or CHECK text.</summary>
    /// <exception cref="SqlSyntaxException">The text is not one valid expression.</exception>
    public static Expression ParseExpression(string sql) =>
        ParseDriver.Run(sql, static parser => parser.singleExpression(), static (builder, tree) => builder.BuildSingleExpression((Generated.SqlGrammarParser.SingleExpressionContext)tree));
}
