// The SQL the function differential sends to both engines: every built-in scalar
// function outside JSON (JSON has JsonDifferentialTests) with each argument count it
// takes, and every aggregate, with seeded random arguments that lean on where engines
// part: NULL, integers at and past the 64-bit edges, reals (negative zero, tiny,
// huge, infinite), texts that read as numbers or half do, empty text, white space,
// unicode (accents, ß, İ, combining marks, emoji), blobs (empty, NUL bytes, invalid
// UTF-8), nested calls of other functions (so types mix), and per argument the values
// a function reads specially (patterns, formats, positions, code points, hex digits,
// date modifiers). Sizes (zeroblob, printf widths) stay small: a differential test of
// what is computed, not of memory.
using System.Globalization;

namespace SharpCoreDB.Data.Tests.Functions;

/// <summary>What an argument of a function is drawn from.</summary>
internal enum ArgumentKind
{
    Any,
    Position,
    Digits,
    Pattern,
    Format,
    CodePoint,
    HexText,
    Size,
    Probability,
    TimeValue,
    Modifier,
    TimeFormat,
    Separator,
}

/// <summary>A function, its argument counts, and what its arguments are drawn from (the last kind repeats).</summary>
internal sealed record FunctionShape(string Name, int Min, int Max, params ArgumentKind[] Kinds);

/// <summary>Draws random function calls and aggregate queries.</summary>
internal sealed class FunctionCases(Random random)
{
    /// <summary>Every non-JSON scalar function SQLite and SharpCoreDB share, by the shape of its arguments.</summary>
    public static readonly FunctionShape[] Scalars =
    [
        new("abs", 1, 1), new("coalesce", 2, 4), new("ifnull", 2, 2), new("nullif", 2, 2), new("iif", 2, 3), new("min", 2, 4),
        new("max", 2, 4), new("typeof", 1, 1), new("sign", 1, 1), new("length", 1, 1), new("lower", 1, 1), new("upper", 1, 1),
        new("substr", 2, 3, ArgumentKind.Any, ArgumentKind.Position), new("substring", 2, 3, ArgumentKind.Any, ArgumentKind.Position),
        new("trim", 1, 2), new("ltrim", 1, 2), new("rtrim", 1, 2), new("replace", 3, 3), new("instr", 2, 2), new("hex", 1, 1),
        new("quote", 1, 1), new("round", 1, 2, ArgumentKind.Any, ArgumentKind.Digits),
        new("like", 2, 3, ArgumentKind.Pattern, ArgumentKind.Any, ArgumentKind.Separator), new("glob", 2, 2, ArgumentKind.Pattern, ArgumentKind.Any),
        new("printf", 1, 4, ArgumentKind.Format, ArgumentKind.Any), new("format", 1, 4, ArgumentKind.Format, ArgumentKind.Any),
        new("date", 1, 3, ArgumentKind.TimeValue, ArgumentKind.Modifier), new("time", 1, 3, ArgumentKind.TimeValue, ArgumentKind.Modifier),
        new("datetime", 1, 3, ArgumentKind.TimeValue, ArgumentKind.Modifier), new("julianday", 1, 3, ArgumentKind.TimeValue, ArgumentKind.Modifier),
        new("unixepoch", 1, 3, ArgumentKind.TimeValue, ArgumentKind.Modifier),
        new("strftime", 2, 4, ArgumentKind.TimeFormat, ArgumentKind.TimeValue, ArgumentKind.Modifier),
        new("sqrt", 1, 1), new("exp", 1, 1), new("ln", 1, 1), new("log", 1, 2), new("log2", 1, 1), new("log10", 1, 1),
        new("sin", 1, 1), new("cos", 1, 1), new("tan", 1, 1), new("asin", 1, 1), new("acos", 1, 1), new("atan", 1, 1),
        new("sinh", 1, 1), new("cosh", 1, 1), new("tanh", 1, 1), new("asinh", 1, 1), new("acosh", 1, 1), new("atanh", 1, 1),
        new("degrees", 1, 1), new("radians", 1, 1), new("pi", 0, 0), new("pow", 2, 2), new("power", 2, 2), new("atan2", 2, 2),
        new("mod", 2, 2), new("ceil", 1, 1), new("ceiling", 1, 1), new("floor", 1, 1), new("trunc", 1, 1),
        new("char", 0, 4, ArgumentKind.CodePoint), new("unicode", 1, 1), new("unhex", 1, 2, ArgumentKind.HexText, ArgumentKind.Separator),
        new("zeroblob", 1, 1, ArgumentKind.Size), new("octet_length", 1, 1), new("concat", 1, 4), new("concat_ws", 2, 4, ArgumentKind.Separator, ArgumentKind.Any),
        new("likely", 1, 1), new("unlikely", 1, 1), new("likelihood", 2, 2, ArgumentKind.Any, ArgumentKind.Probability),
        new("last_insert_rowid", 0, 0), new("changes", 0, 0), new("total_changes", 0, 0),
    ];

    // What an argument may call: every scalar but the connection's counters, which a multi-row INSERT's VALUES read
    // before the statement in SharpCoreDB and after each row in SQLite, and likelihood(), whose probability SQLite
    // checks in the first row of a VALUES list only (docs/sql-semantics.md); called alone they are compared like the rest.
    private static readonly FunctionShape[] Nested =
        [.. Scalars.Where(f => f.Name is not ("last_insert_rowid" or "changes" or "total_changes" or "likelihood"))];

    /// <summary>Functions whose value is random: only the type and size of what they give are compared.</summary>
    public static readonly FunctionShape[] RandomValued = [new("random", 0, 0), new("randomblob", 1, 1, ArgumentKind.Size)];

    /// <summary>The aggregates, each with its argument count (0 for count(*)) and whether DISTINCT applies.</summary>
    public static readonly (string Name, int Arguments, bool Distinct)[] Aggregates =
    [
        ("count", 0, false), ("count", 1, true), ("sum", 1, true), ("total", 1, true), ("avg", 1, true), ("min", 1, true), ("max", 1, true),
        ("group_concat", 1, true), ("group_concat", 2, false), ("string_agg", 2, false),
    ];

    private static readonly string[] Integers =
    [
        "0", "1", "-1", "2", "-7", "10", "255", "2147483647", "-2147483648", "4294967296", "9007199254740993", "9223372036854775807",
        "(-9223372036854775807 - 1)", "9223372036854775806", "-9223372036854775807", "3037000500", "9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "123456789012345678901234567890",
    ];

    private static readonly string[] Reals =
    [
        "0.0", "-0.0", "0.5", "-0.5", "1.5", "2.5", "-2.5", "0.1", "3.14159265358979", "1e-300", "4.9e-324", "1e308", "-1e308", "1e999", "-1e999",
        "9.2233720368547758e18", "1e15", "1e16", "123456.789", "0.49999999999999994", "2.675", "1e-5", "7.0",
    ];

    private static readonly string[] Texts =
    [
        "''", "' '", "'abc'", "'ABC'", "'Hello World'", "'12abc'", "'5'", "' 5 '", "'-7'", "'1.5'", "'1e3'", "'1e400'", "'0x10'", "'+4'", "'.5'",
        "'9223372036854775808'", "'-9223372036854775809'", "'  -3.5e2xyz'", "'é'", "'ÉCOLE'", "'straße'", "'İstanbul'", "'e\u0301'", "'😀'",
        "'a''b'", "'%_'", "'x y z'", "'NaN'", "'inf'", "'-0'", "'2024-02-29 13:45:30'", "'abcabc'", "char(0)", "'tab' || char(9)",
    ];

    private static readonly string[] Blobs = ["x''", "x'00'", "x'41'", "x'414243'", "x'C3A9'", "x'FF'", "x'00FF'", "x'3132'", "x'F09F9880'"];

    // Values that put a NUL or bytes that are not UTF-8 into a text when read as one (KnownDifferences).
    private static readonly HashSet<string> NulOrNotUtf8 = ["x'00'", "x'FF'", "x'00FF'", "char(0)", "0", "zeroblob"];

    private static readonly string[] Patterns =
        ["'%'", "'_'", "'a%'", "'%c'", "'%b%'", "'A_C'", "'abc'", "'%5%'", "'[a-c]*'", "'*b*'", "'?b?'", "'[^x]*'", "'%é%'", "''", "'\\%'", "'[]'"];

    private static readonly string[] Formats =
    [
        "'%d'", "'%5.2f'", "'%s|%s'", "'%x'", "'%X'", "'%o'", "'%e'", "'%g'", "'%c'", "'%q'", "'%Q'", "'%w'", "'%i'", "'%u'", "'%-8s|'", "'%08.3f'",
        "'%+d'", "'% d'", "'%#x'", "'%,d'", "'%!.3s'", "'%%'", "'%z'", "'%'", "'%!5.2f'", "'%10.4g'", "'%lld'", "'plain'", "NULL", "5",
    ];

    private static readonly string[] TimeValues =
    [
        "'2024-02-29 13:45:30'", "'2024-01-31'", "'2023-12-31 23:59:59.500'", "'2000-01-01T00:00:00Z'", "'2024-03-10 02:30:00+02:00'",
        "2460000.5", "2440587.5", "'12:30'", "1700000000", "'garbage'", "NULL", "'1999-12-31 12:00:00.123'", "-1", "'1000-01-01'", "1e10",
    ];

    private static readonly string[] Modifiers =
    [
        "'+1 day'", "'-3 days'", "'+5 hours'", "'+90 minutes'", "'-30 seconds'", "'+1 month'", "'-1 month'", "'+1 year'", "'start of day'",
        "'start of month'", "'start of year'", "'weekday 0'", "'weekday 3'", "'+1.5 days'", "'+01:30'", "'unixepoch'", "'bogus'", "'subsec'", "NULL", "7",
    ];

    private static readonly string[] TimeFormats = ["'%Y-%m-%d'", "'%H:%M:%S'", "'%j %w %W %U'", "'%s'", "'%f'", "'%J'", "'%u %V %G'", "'%%'", "'%e %k %l %p %I'", "NULL"];

    private static readonly string[] Separators = ["','", "''", "' | '", "NULL", "'-'", "1", "x'2C'"];

    /// <summary>
    /// True when the case drawn since the last <see cref="Begin"/> may read a NUL character or bytes that are not UTF-8 as
    /// text (a blob such as x'00FF', char(0), a zeroblob): SQLite's answers there depend on its C strings and raw bytes.
    /// </summary>
    public bool MayHoldNulOrNotUtf8 { get; private set; }

    /// <summary>Starts a new case.</summary>
    public void Begin() => MayHoldNulOrNotUtf8 = false;

    /// <summary>A call of <paramref name="shape"/> with random arguments, nesting other calls up to <paramref name="depth"/>.</summary>
    public string Call(FunctionShape shape, int depth)
    {
        int count = random.Next(shape.Min, shape.Max + 1);
        var arguments = new string[count];
        for (int i = 0; i < count; i++)
        {
            ArgumentKind kind = shape.Kinds.Length == 0 ? ArgumentKind.Any : shape.Kinds[Math.Min(i, shape.Kinds.Length - 1)];
            arguments[i] = Argument(kind, depth);
        }

        MayHoldNulOrNotUtf8 |= shape.Name is "zeroblob" or "char" or "unhex";
        return $"{shape.Name}({string.Join(", ", arguments)})";
    }

    /// <summary>
    /// One aggregate case: the rows to put in a table without column affinity (0 to 6 values, sometimes NULL, sometimes
    /// repeated, sometimes huge), and a query of one aggregate over them, grouped or as a window function.
    /// </summary>
    public (string Insert, string Query) Aggregate(string table)
    {
        (string name, int arguments, bool distinct) = Aggregates[random.Next(Aggregates.Length)];
        int rows = random.Next(7);
        string[] pool = [.. Enumerable.Range(0, 3).Select(_ => Argument(ArgumentKind.Any, 1))];
        string values = string.Join(", ", Enumerable.Range(0, rows).Select(r =>
            $"({(random.Next(3) == 0 ? pool[random.Next(pool.Length)] : Argument(ArgumentKind.Any, 1))}, {r})"));
        string call = arguments switch
        {
            0 => $"{name}(*)",
            1 => $"{name}({(distinct && random.Next(3) == 0 ? "DISTINCT " : "")}x)",
            _ => $"{name}(x, {Argument(ArgumentKind.Separator, 1)})",
        };
        string query = random.Next(4) == 0 ? $"SELECT {call} OVER (ORDER BY r) AS v FROM {table}" : $"SELECT {call} AS v FROM {table}";
        return (rows == 0 ? $"DELETE FROM {table}" : $"INSERT INTO {table} VALUES {values}", query);
    }

    private string Argument(ArgumentKind kind, int depth) => kind switch
    {
        ArgumentKind.Position => random.Next(3) > 0 ? random.Next(-6, 8).ToString(CultureInfo.InvariantCulture) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.Digits => random.Next(3) > 0 ? random.Next(-3, 18).ToString(CultureInfo.InvariantCulture) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.Pattern => random.Next(3) > 0 ? Pick(Patterns) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.Format => random.Next(6) > 0 ? Pick(Formats) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.CodePoint => random.Next(4) > 0
            ? Pick(["65", "0", "233", "128512", "1114111", "1114112", "-1", "'66'", "NULL", "97.9", "65533"])
            : Argument(ArgumentKind.Any, depth),
        ArgumentKind.HexText => random.Next(3) > 0 ? Pick(["'41'", "'4142'", "'c3a9'", "'4'", "'zz'", "''", "'41 42'", "'41-42'", "x'3431'", "NULL"]) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.Size => Pick(["0", "1", "3", "-1", "'2'", "NULL", "2.7", "'x'"]),
        ArgumentKind.Probability => Pick(["0.5", "0.0", "1.0", "1", "2.0", "-0.1", "NULL", "'0.5'", "0.9375"]),
        // Only times from year 1 on: SharpCoreDB's dates start there (docs/sql-semantics.md, KnownDifferences).
        ArgumentKind.TimeValue => Pick(TimeValues),
        ArgumentKind.Modifier => random.Next(4) > 0 ? Pick(Modifiers) : Argument(ArgumentKind.Any, depth),
        ArgumentKind.TimeFormat => Pick(TimeFormats),
        ArgumentKind.Separator => random.Next(3) > 0 ? Pick(Separators) : Argument(ArgumentKind.Any, depth),
        _ => Value(depth),
    };

    private string Value(int depth) => random.Next(20) switch
    {
        < 5 => random.Next(4) == 0 ? random.NextInt64(-1000, 1000).ToString(CultureInfo.InvariantCulture) : Pick(Integers),
        < 9 => Pick(Reals),
        < 14 => Pick(Texts),
        < 16 => Pick(Blobs),
        16 => "NULL",
        17 => $"CAST({Value(depth + 1)} AS {Pick(["INTEGER", "REAL", "TEXT", "BLOB", "NUMERIC"])})",
        _ => depth < 2 ? Call(Nested[random.Next(Nested.Length)], depth + 1) : Pick(Integers),
    };

    private string Pick(string[] options)
    {
        string picked = options[random.Next(options.Length)];
        MayHoldNulOrNotUtf8 |= NulOrNotUtf8.Contains(picked);
        return picked;
    }
}
