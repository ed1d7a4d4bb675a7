// AST building for the leaves: literals (integers beyond 64 bits read as reals), parameters
// (numbered as SQLite numbers them), identifiers (unquoted) and names.
using System.Globalization;
using Antlr4.Runtime;
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    /// <summary>SQLite's default SQLITE_MAX_VARIABLE_NUMBER: the largest ?NNN.</summary>
    private static readonly int MaxParameterNumber = 32766;

    private int _maxOrdinal;
    private Dictionary<string, int>? _namedOrdinals;

    private void ResetParameters()
    {
        _maxOrdinal = 0;
        _namedOrdinals?.Clear();
    }

    private Expression Literal(LiteralContext context)
    {
        IToken token = context.Start;
        SourcePosition pos = Pos(token);
        return token.Type switch
        {
            INTEGER_LITERAL => IntegerOrReal(token, negative: false, pos),
            REAL_LITERAL => new RealLiteral(double.Parse(token.Text, NumberStyles.Float, CultureInfo.InvariantCulture), pos),
            STRING_LITERAL => new StringLiteral(UnquoteString(token.Text), pos),
            BLOB_LITERAL => new BlobLiteral(Blob(token), pos),
            NULL => new NullLiteral(pos),
            TRUE => new BooleanLiteral(true, pos),
            FALSE => new BooleanLiteral(false, pos),
            CURRENT_DATE => new CurrentTimeLiteral(CurrentTimeKind.Date, pos),
            CURRENT_TIME => new CurrentTimeLiteral(CurrentTimeKind.Time, pos),
            _ => new CurrentTimeLiteral(CurrentTimeKind.Timestamp, pos),
        };
    }

    /// <summary><c>-literal</c> folded into one negative literal; null when the literal is not a number.</summary>
    private static Expression? NegatedNumber(LiteralContext literal, IToken minus)
    {
        IToken token = literal.Start;
        return token.Type switch
        {
            INTEGER_LITERAL when IsHex(token.Text) => null,
            INTEGER_LITERAL => IntegerOrReal(token, negative: true, Pos(minus)),
            REAL_LITERAL => new RealLiteral(-double.Parse(token.Text, NumberStyles.Float, CultureInfo.InvariantCulture), Pos(minus)),
            _ => null,
        };
    }

    private static Expression SignedLiteral(SignedLiteralContext context)
    {
        IToken number = context.Stop;
        bool negative = context.MINUS() is not null;
        SourcePosition pos = Pos(context);
        if (number.Type == REAL_LITERAL)
        {
            double value = double.Parse(number.Text, NumberStyles.Float, CultureInfo.InvariantCulture);
            return new RealLiteral(negative ? -value : value, pos);
        }

        // A hexadecimal literal is already a two's complement bit pattern: negate the value, not the magnitude.
        if (!IsHex(number.Text))
        {
            return IntegerOrReal(number, negative, pos);
        }

        long integer = HexInteger(number);
        return new IntegerLiteral(negative ? unchecked(-integer) : integer, pos);
    }

    /// <summary>
    /// An integer token (negated when it follows a unary minus) as an INTEGER literal. A decimal
    /// one beyond 64 bits is a REAL literal, as SQLite reads 9223372036854775808 (only
    /// -9223372036854775808 is still an integer); a hexadecimal one is up to 16 digits, read as
    /// two's complement, and is never negated here.
    /// </summary>
    private static Expression IntegerOrReal(IToken token, bool negative, SourcePosition pos)
    {
        const ulong MinMagnitude = 9223372036854775808UL;
        string text = token.Text;
        if (IsHex(text))
        {
            return new IntegerLiteral(HexInteger(token), pos);
        }

        if (!ulong.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out ulong magnitude)
            || magnitude > MinMagnitude || (magnitude == MinMagnitude && !negative))
        {
            double real = double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
            return new RealLiteral(negative ? -real : real, pos);
        }

        return new IntegerLiteral(negative ? unchecked((long)(0UL - magnitude)) : (long)magnitude, pos);
    }

    private static bool IsHex(string text) => text.Length > 2 && text[0] == '0' && (text[1] | 0x20) == 'x';

    private static long HexInteger(IToken token)
    {
        string digits = token.Text[2..].TrimStart('0');
        if (digits.Length > 16)
        {
            throw SyntaxErrors.At(token, "hexadecimal literal out of 64-bit range");
        }

        return digits.Length == 0 ? 0 : unchecked((long)ulong.Parse(digits, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture));
    }

    private static SqlList<byte> Blob(IToken token)
    {
        string text = token.Text;
        ReadOnlySpan<char> hex = text.AsSpan(2, text.Length - 3);
        if (hex.Length % 2 != 0)
        {
            throw SyntaxErrors.At(token, "blob literal has an odd number of hex digits");
        }

        return hex.IsEmpty ? SqlList<byte>.Empty : new SqlList<byte>(Convert.FromHexString(hex));
    }

    private static string UnquoteString(string text) => text[1..^1].Replace("''", "'", StringComparison.Ordinal);

    private ParameterExpression Parameter(ParameterContext context)
    {
        IToken token = context.Start;
        string text = token.Text;
        SourcePosition pos = Pos(token);
        if (_inTrigger)
        {
            throw SyntaxErrors.At(token, "trigger cannot use variables");
        }

        if (token.Type == QUESTION_PARAMETER)
        {
            if (_inConditional)
            {
                throw SyntaxErrors.At(token, "IF ... END IF takes named parameters only (:name, @name or $name), not ? or ?N");
            }

            if (text.Length == 1)
            {
                return new ParameterExpression(null, '?', ++_maxOrdinal, pos);
            }

            if (!int.TryParse(text.AsSpan(1), NumberStyles.None, CultureInfo.InvariantCulture, out int number)
                || number < 1 || number > MaxParameterNumber)
            {
                throw SyntaxErrors.At(token, $"parameter number out of range (1 to {MaxParameterNumber})");
            }

            _maxOrdinal = Math.Max(_maxOrdinal, number);
            return new ParameterExpression(null, '?', number, pos);
        }

        _namedOrdinals ??= new Dictionary<string, int>(StringComparer.Ordinal);
        if (!_namedOrdinals.TryGetValue(text, out int ordinal))
        {
            ordinal = ++_maxOrdinal;
            _namedOrdinals.Add(text, ordinal);
        }

        return new ParameterExpression(text[1..], text[0], ordinal, pos);
    }

    // A function's name: an identifier, or one of the operator keywords that also name functions (like, glob).
    private static string FunctionName(FunctionNameContext context) =>
        context.identifier() is { } identifier ? Ident(identifier) : context.keyword.Text;

    private static string Ident(IdentifierContext context)
    {
        IToken token = context.Start;
        string text = token.Text;
        if (token.Type != QUOTED_IDENTIFIER)
        {
            return text;
        }

        return text[0] switch
        {
            '"' => text[1..^1].Replace("\"\"", "\"", StringComparison.Ordinal),
            '`' => text[1..^1].Replace("``", "`", StringComparison.Ordinal),
            _ => text[1..^1],
        };
    }

    private static SqlList<string> Identifiers(IdentifierContext[] identifiers)
    {
        var names = new string[identifiers.Length];
        for (int i = 0; i < names.Length; i++)
        {
            names[i] = Ident(identifiers[i]);
        }

        return ToList(names);
    }

    private static QualifiedName Name(QualifiedNameContext context) =>
        new(context.schema is { } schema ? Ident(schema) : null, Ident(context.name), Pos(context));
}
