// Evaluates the time-value-and-modifiers arguments shared by DATE, TIME,
// DATETIME, JULIANDAY, UNIXEPOCH and STRFTIME, following SQLite
// (docs/sql-semantics.md "Date and time"). A time value is a DateTime value,
// ISO-8601 text, 'now', or a number (a Julian day, or Unix seconds with the
// 'unixepoch' modifier). Modifiers: '±N days|hours|minutes|seconds|months|years',
// '[±]HH:MM[:SS[.SSS]]', 'start of day|month|year', 'weekday N', 'unixepoch',
// 'julianday', 'auto', 'localtime', 'utc', 'subsec'. Anything unreadable gives NULL.
using System.Globalization;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions.Dates;

/// <summary>A point in time computed from a time value and modifiers.</summary>
internal static class DateTimeArgument
{
    private const long TicksPerMs = TimeSpan.TicksPerMillisecond;

    /// <summary>Evaluates the time value <paramref name="args"/>[0] (or 'now' when there is none) and the modifiers after it.</summary>
    public static bool TryEvaluate(ReadOnlySpan<DbValue> args, out long ticks, out bool subsecond)
    {
        ticks = 0;
        subsecond = false;
        double? number = null;
        bool valid = true;
        if (args.Length == 0)
        {
            ticks = Now();
        }
        else if (!TryTimeValue(args[0], out ticks, out number, out valid))
        {
            return false;
        }

        for (int i = 1; i < args.Length; i++)
        {
            if (args[i].IsNull)
            {
                return false;
            }

            string modifier = SqlTextConversion.ToText(args[i])!.Trim().ToLowerInvariant();
            bool first = i == 1 && number is not null;
            if (first && modifier is "unixepoch" or "auto" or "julianday")
            {
                valid = true;
            }
            else if (!valid)
            {
                return false;
            }

            if (!TryApply(modifier, first ? number : null, ref ticks, ref subsecond)
                || ticks < 0 || ticks > DateTime.MaxValue.Ticks)
            {
                return false;
            }
        }

        return valid && ticks >= 0 && ticks <= DateTime.MaxValue.Ticks;
    }

    /// <summary>The current time, to the millisecond as SQLite keeps it.</summary>
    public static long Now()
    {
        long t = DateTime.UtcNow.Ticks;
        return t - (t % TicksPerMs);
    }

    /// <summary>Reads the time value; a number outside the Julian range is not <paramref name="valid"/> unless a 'unixepoch' or 'auto' modifier follows.</summary>
    private static bool TryTimeValue(in DbValue value, out long ticks, out double? number, out bool valid)
    {
        ticks = 0;
        number = null;
        valid = true;
        switch (value.Type)
        {
            case DbValueType.DateTime:
                ticks = ToMilliseconds(value.AsDateTimeTicks());
                return true;
            case DbValueType.Text:
                string s = value.AsText();
                if (s.AsSpan().Trim().Equals("now", StringComparison.OrdinalIgnoreCase))
                {
                    ticks = Now();
                    return true;
                }

                if (SqlDateTimeText.TryParse(s, out ticks))
                {
                    ticks = ToMilliseconds(ticks);
                    return true;
                }

                if (SqlNumberParser.TryParseWhole(s, out DbValue n))
                {
                    number = SqlArithmetic.ToDouble(n);
                    valid = TryJulian(number.Value, out ticks);
                    return true;
                }

                return false;
            case DbValueType.Integer:
            case DbValueType.Real:
            case DbValueType.Decimal:
            case DbValueType.Boolean:
                number = SqlArithmetic.ToDouble(value);
                // Out of the Julian range is fine while a later 'unixepoch' or 'auto' may reinterpret it.
                valid = TryJulian(number.Value, out ticks);
                return true;
            default:
                return false;
        }
    }

    private static bool TryJulian(double day, out long ticks) => JulianDay.TryToTicks(day, out ticks);

    // SQLite keeps a time as whole milliseconds: it rounds the seconds it reads ("33.0575914" is 33.058), except that a
    // fraction above .999 stays .999 rather than carrying into the next second ("33.9996" is 33.999). Every function
    // shows that time; a value is kept to 100 ns only outside these functions.
    private static long ToMilliseconds(long ticks)
    {
        long second = ticks - (ticks % TimeSpan.TicksPerSecond);
        long rounded = (ticks + (TicksPerMs / 2)) / TicksPerMs * TicksPerMs;
        return rounded - second < TimeSpan.TicksPerSecond ? rounded : second + TimeSpan.TicksPerSecond - TicksPerMs;
    }

    private static bool TryApply(string modifier, double? number, ref long ticks, ref bool subsecond)
    {
        switch (modifier)
        {
            case "unixepoch":
                return number is not null && TryUnix(number.Value, out ticks);
            case "julianday":
                return number is not null && TryJulian(number.Value, out ticks);
            case "auto":
                if (number is null)
                {
                    return false;
                }

                return number.Value is >= 0 and < 5373484.5 ? TryJulian(number.Value, out ticks) : TryUnix(number.Value, out ticks);
            case "localtime":
                ticks = TimeZoneInfo.ConvertTimeFromUtc(new DateTime(ticks, DateTimeKind.Utc), TimeZoneInfo.Local).Ticks;
                return true;
            case "utc":
                var local = new DateTime(ticks, DateTimeKind.Unspecified);
                ticks = TimeZoneInfo.ConvertTimeToUtc(local, TimeZoneInfo.Local).Ticks;
                return true;
            case "subsec" or "subsecond":
                subsecond = true;
                return true;
            case "start of day":
                ticks -= ticks % TimeSpan.TicksPerDay;
                return true;
            case "start of month":
                var m = new DateTime(ticks, DateTimeKind.Utc);
                ticks = new DateTime(m.Year, m.Month, 1, 0, 0, 0, DateTimeKind.Utc).Ticks;
                return true;
            case "start of year":
                ticks = new DateTime(new DateTime(ticks, DateTimeKind.Utc).Year, 1, 1, 0, 0, 0, DateTimeKind.Utc).Ticks;
                return true;
        }

        if (modifier.StartsWith("weekday ", StringComparison.Ordinal))
        {
            if (!SqlNumberParser.TryParseWhole(modifier.AsSpan(8), out DbValue n) || n.Type != DbValueType.Integer
                || n.AsInt64() is < 0 or > 6)
            {
                return false;
            }

            int current = (int)new DateTime(ticks, DateTimeKind.Utc).DayOfWeek;
            int ahead = ((int)n.AsInt64() - current + 7) % 7;
            ticks += ahead * TimeSpan.TicksPerDay;
            return true;
        }

        return TryShift(modifier, ref ticks);
    }

    private static bool TryUnix(double seconds, out long ticks)
    {
        ticks = 0;
        double ms = (seconds * 1000.0) + (seconds < 0 ? -0.5 : 0.5);
        if (double.IsNaN(ms) || ms < -62135596800000.0 || ms > 253402300799999.0)
        {
            return false;
        }

        ticks = JulianDay.UnixEpochTicks + ((long)ms * TicksPerMs);
        return true;
    }

    /// <summary>'±N unit' and '[±]HH:MM[:SS[.SSS]]' (a time without a sign adds, as in SQLite).</summary>
    private static bool TryShift(string modifier, ref long ticks)
    {
        ReadOnlySpan<char> m = modifier;
        bool signed = m.Length > 1 && (m[0] == '+' || m[0] == '-');
        if (m.Length > 1 && (signed || char.IsAsciiDigit(m[0])) && m.IndexOf(':') > 0 && m.IndexOf(' ') < 0)
        {
            int sign = m[0] == '-' ? -1 : 1;
            if (!SqlDateTimeText.TryParse(signed ? m[1..] : m, out long offset))
            {
                return false;
            }

            // A time alone parses onto 2000-01-01; keep only its time of day.
            ticks += sign * (offset % TimeSpan.TicksPerDay);
            return true;
        }

        int space = m.IndexOf(' ');
        if (space <= 0 || !SqlNumberParser.TryParseWhole(m[..space], out DbValue amount))
        {
            return false;
        }

        double n = SqlArithmetic.ToDouble(amount);
        ReadOnlySpan<char> unit = m[(space + 1)..].Trim();
        if (unit.EndsWith("s"))
        {
            unit = unit[..^1];
        }

        double rounder = n < 0 ? -0.5 : 0.5;
        switch (unit)
        {
            case "day":
                return AddMs(ref ticks, (n * 86400000.0) + rounder);
            case "hour":
                return AddMs(ref ticks, (n * 3600000.0) + rounder);
            case "minute":
                return AddMs(ref ticks, (n * 60000.0) + rounder);
            case "second":
                return AddMs(ref ticks, (n * 1000.0) + rounder);
            case "month":
            case "year":
                if (Math.Abs(n) > 120000)
                {
                    return false;
                }

                int whole = (int)n;
                var d = new DateTime(ticks, DateTimeKind.Utc);
                int months = (d.Year * 12) + (d.Month - 1) + (unit.SequenceEqual("month") ? whole : whole * 12);
                int year = months / 12;
                int month = (months % 12) + 1;
                if (months < 12 || year > 9999)
                {
                    return false;
                }

                // The day of month is kept and may run over into the next month, as in SQLite (01-31 +1 month = 03-03).
                ticks = new DateTime(year, month, 1, 0, 0, 0, DateTimeKind.Utc).Ticks + ((d.Day - 1) * TimeSpan.TicksPerDay)
                    + (ticks % TimeSpan.TicksPerDay);
                double fraction = n - whole;
                return fraction == 0 || AddMs(ref ticks, (fraction * (unit.SequenceEqual("month") ? 30.0 : 365.0) * 86400000.0) + rounder);
            default:
                return false;
        }
    }

    private static bool AddMs(ref long ticks, double ms)
    {
        if (double.IsNaN(ms) || Math.Abs(ms) > 400000000000000.0)
        {
            return false;
        }

        ticks += (long)ms * TicksPerMs;
        return ticks >= 0 && ticks <= DateTime.MaxValue.Ticks;
    }

    /// <summary>Formats for the error-free text functions.</summary>
    public static string Format(long ticks, string pattern) =>
        new DateTime(ticks, DateTimeKind.Utc).ToString(pattern, CultureInfo.InvariantCulture);
}
