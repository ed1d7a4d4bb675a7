// The SQLite functions between text, code points and bytes: char, unicode, unhex,
// zeroblob, randomblob, octet_length, concat and concat_ws, and the planner hints
// likely, unlikely and likelihood, which return their argument. As in SQLite: char
// maps each argument's integer to its character (U+FFFD outside Unicode, and for a
// lone surrogate, which .NET text cannot hold; SQLite writes its raw bytes); unicode is
// the first character's code point (NULL for empty text); unhex reads pairs of hex
// digits, skipping the characters of its second argument between pairs, and is NULL
// for anything else; concat skips NULLs; concat_ws is NULL for a NULL separator.
using System.Security.Cryptography;
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions;

/// <summary>Bodies of the character, byte and hint functions.</summary>
internal static class CharacterFunctions
{
    private const int Many = int.MaxValue;

    // SQLite's default SQLITE_MAX_LENGTH: the largest string or blob, in bytes.
    private const int MaxLength = 1_000_000_000;

    /// <summary>Registers every function of this file.</summary>
    public static void Register(ScalarFunctionAdder add)
    {
        add("CHAR", 0, Many, Char, true, SqlTypeAffinity.None);
        add("UNICODE", 1, 1, Unicode, true, SqlTypeAffinity.None);
        add("UNHEX", 1, 2, Unhex, true, SqlTypeAffinity.None);
        add("ZEROBLOB", 1, 1, args => DbValue.FromBlob(new byte[BlobLength(Integer(args[0]), least: 0)]), true, SqlTypeAffinity.None);
        add("RANDOMBLOB", 1, 1, RandomBlob, false, SqlTypeAffinity.None);
        add("OCTET_LENGTH", 1, 1, OctetLength, true, SqlTypeAffinity.None);
        add("CONCAT", 1, Many, args => DbValue.FromText(Join(string.Empty, args)), true, SqlTypeAffinity.None);
        add("CONCAT_WS", 2, Many, args => args[0].IsNull ? DbValue.Null : DbValue.FromText(Join(Text(args[0]), args[1..])), true, SqlTypeAffinity.None);
        add("LIKELY", 1, 1, args => args[0], true, SqlTypeAffinity.None);
        add("UNLIKELY", 1, 1, args => args[0], true, SqlTypeAffinity.None);
        add("LIKELIHOOD", 2, 2, Likelihood, true, SqlTypeAffinity.None);
    }

    // The hint's probability must be a real from 0.0 to 1.0, as SQLite requires (it accepts no integer there).
    private static DbValue Likelihood(ReadOnlySpan<DbValue> args) =>
        args[1].Type == DbValueType.Real && args[1].AsDouble() is >= 0 and <= 1
            ? args[0]
            : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "second argument to likelihood() must be a constant between 0.0 and 1.0");

    private static DbValue Char(ReadOnlySpan<DbValue> args)
    {
        var text = new StringBuilder(args.Length);
        foreach (ref readonly DbValue arg in args)
        {
            long code = Integer(arg);
            text.Append(code is < 0 or > 0x10FFFF || (code is >= 0xD800 and <= 0xDFFF) ? "\uFFFD" : char.ConvertFromUtf32((int)code));
        }

        return DbValue.FromText(text.ToString());
    }

    private static DbValue Unicode(ReadOnlySpan<DbValue> args)
    {
        // SQLite reads the text as a C string: one that starts with NUL is empty, and has no first character.
        if (args[0].IsNull || Text(args[0]) is not { Length: > 0 } text || text[0] == '\0')
        {
            return DbValue.Null;
        }

        return DbValue.FromInt64(char.IsHighSurrogate(text[0]) && text.Length > 1 ? char.ConvertToUtf32(text[0], text[1]) : text[0]);
    }

    private static DbValue Unhex(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || (args.Length > 1 && args[1].IsNull))
        {
            return DbValue.Null;
        }

        // Both read as SQLite reads them: as C strings, ending at a NUL.
        string hex = SqlLike.UpToNul(Text(args[0]));
        string skip = args.Length > 1 ? SqlLike.UpToNul(Text(args[1])) : string.Empty;
        var bytes = new List<byte>(hex.Length / 2);
        int i = 0;
        while (i < hex.Length)
        {
            // A hex digit starts a pair, which must be whole; only other characters may be ones Y says to skip.
            if (!char.IsAsciiHexDigit(hex[i]) && skip.Contains(hex[i], StringComparison.Ordinal))
            {
                i++;
                continue;
            }

            if (i + 1 >= hex.Length || !char.IsAsciiHexDigit(hex[i]) || !char.IsAsciiHexDigit(hex[i + 1]))
            {
                return DbValue.Null;
            }

            bytes.Add((byte)((Convert.ToInt32(hex[i].ToString(), 16) << 4) | Convert.ToInt32(hex[i + 1].ToString(), 16)));
            i += 2;
        }

        return DbValue.FromBlob([.. bytes]);
    }

    private static DbValue RandomBlob(ReadOnlySpan<DbValue> args)
    {
        byte[] bytes = new byte[BlobLength(Integer(args[0]), least: 1)];
        RandomNumberGenerator.Fill(bytes);
        return DbValue.FromBlob(bytes);
    }

    private static DbValue OctetLength(ReadOnlySpan<DbValue> args) => args[0].Type switch
    {
        DbValueType.Null => DbValue.Null,
        DbValueType.Blob => DbValue.FromInt64(args[0].AsBlob().Length),
        _ => DbValue.FromInt64(Encoding.UTF8.GetByteCount(Text(args[0]))),
    };

    private static string Join(string separator, ReadOnlySpan<DbValue> args)
    {
        var text = new StringBuilder();
        bool first = true;
        foreach (ref readonly DbValue arg in args)
        {
            if (!arg.IsNull)
            {
                text.Append(first ? string.Empty : separator).Append(Text(arg));
                first = false;
            }
        }

        return text.ToString();
    }

    // A blob's length as asked, at least `least`; past SQLite's largest value (SQLITE_MAX_LENGTH) its error.
    private static int BlobLength(long asked, int least) =>
        asked > MaxLength ? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "string or blob too big") : (int)Math.Max(asked, least);

    private static string Text(in DbValue value) => SqlTextConversion.ToText(value) ?? string.Empty;

    // SQLite's sqlite3_value_int64: NULL and text that is no number are 0.
    private static long Integer(in DbValue value) => value.IsNull ? 0 : SqlArithmetic.ToInteger(value);
}
