// Literal values, typed as the lexer saw them: a 64-bit integer, a double, text,
// a blob, a boolean or NULL. `-<number>` folds into a negative literal, which is
// how -9223372036854775808 (whose magnitude alone overflows) is written.
namespace SharpCoreDB.Sql.Ast;

/// <summary>A constant written in the SQL text.</summary>
internal abstract record LiteralExpression(SourcePosition Position) : Expression(Position);

/// <summary>An integer literal (decimal or 0x hexadecimal), 64-bit.</summary>
internal sealed record IntegerLiteral(long Value, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>A real (floating point) literal.</summary>
internal sealed record RealLiteral(double Value, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>A string literal, with its '' escapes already undone.</summary>
internal sealed record StringLiteral(string Value, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>A blob literal X'...'.</summary>
internal sealed record BlobLiteral(SqlList<byte> Value, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>TRUE or FALSE.</summary>
internal sealed record BooleanLiteral(bool Value, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>NULL.</summary>
internal sealed record NullLiteral(SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>CURRENT_DATE, CURRENT_TIME or CURRENT_TIMESTAMP: evaluated once per statement.</summary>
internal sealed record CurrentTimeLiteral(CurrentTimeKind Kind, SourcePosition Position = default) : LiteralExpression(Position);

/// <summary>Which of the current-time keywords a <see cref="CurrentTimeLiteral"/> is.</summary>
internal enum CurrentTimeKind
{
    /// <summary>CURRENT_DATE: 'YYYY-MM-DD'.</summary>
    Date,

    /// <summary>CURRENT_TIME: 'HH:MM:SS'.</summary>
    Time,

    /// <summary>CURRENT_TIMESTAMP: 'YYYY-MM-DD HH:MM:SS'.</summary>
    Timestamp,
}
