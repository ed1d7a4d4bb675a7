// DATE, TIME, DATETIME, JULIANDAY, UNIXEPOCH and STRFTIME, returning what
// SQLite returns: text 'YYYY-MM-DD', 'HH:MM:SS', 'YYYY-MM-DD HH:MM:SS' (with
// '.SSS' after the 'subsec' modifier), a real Julian day, integer Unix seconds.
// They accept DATETIME values as well as SQLite's text and number time values.
// NULL or unreadable arguments give NULL. Results involving 'now' are not
// deterministic (the registry marks these functions so).
using System.Globalization;
using System.Text;
using SharpCoreDB.Execution.Semantics;

namespace SharpCoreDB.Execution.Functions.Dates;

/// <summary>Bodies of the date/time scalar functions.</summary>
internal static class DateTimeFunctions
{
    /// <summary>Adds the date/time functions to the registry being built.</summary>
    public static void Register(ScalarFunctionAdder add)
    {
        const int many = int.MaxValue;
        add("DATE", 0, many, Date, deterministic: false, SqlTypeAffinity.None);
        add("TIME", 0, many, Time, deterministic: false, SqlTypeAffinity.None);
        add("DATETIME", 0, many, DateAndTime, deterministic: false, SqlTypeAffinity.None);
        add("JULIANDAY", 0, many, JulianDayOf, deterministic: false, SqlTypeAffinity.None);
        add("UNIXEPOCH", 0, many, UnixEpoch, deterministic: false, SqlTypeAffinity.None);
        add("STRFTIME", 1, many, StrFTime, deterministic: false, SqlTypeAffinity.None);
    }

    public static DbValue Date(ReadOnlySpan<DbValue> args) =>
        DateTimeArgument.TryEvaluate(args, out long t, out _) ? DbValue.FromText(DateTimeArgument.Format(t, "yyyy-MM-dd")) : DbValue.Null;

    public static DbValue Time(ReadOnlySpan<DbValue> args) =>
        DateTimeArgument.TryEvaluate(args, out long t, out bool sub)
            ? DbValue.FromText(DateTimeArgument.Format(t, sub ? "HH:mm:ss.fff" : "HH:mm:ss"))
            : DbValue.Null;

    public static DbValue DateAndTime(ReadOnlySpan<DbValue> args) =>
        DateTimeArgument.TryEvaluate(args, out long t, out bool sub)
            ? DbValue.FromText(DateTimeArgument.Format(t, sub ? "yyyy-MM-dd HH:mm:ss.fff" : "yyyy-MM-dd HH:mm:ss"))
            : DbValue.Null;

    public static DbValue JulianDayOf(ReadOnlySpan<DbValue> args) =>
        DateTimeArgument.TryEvaluate(args, out long t, out _) ? DbValue.FromDouble(JulianDay.FromTicks(t)) : DbValue.Null;

    /// <summary>Whole seconds since 1970-01-01 (truncated toward zero, as SQLite); a real with 'subsec'.</summary>
    public static DbValue UnixEpoch(ReadOnlySpan<DbValue> args)
    {
        if (!DateTimeArgument.TryEvaluate(args, out long t, out bool sub))
        {
            return DbValue.Null;
        }

        long ms = (t - JulianDay.UnixEpochTicks) / TimeSpan.TicksPerMillisecond;
        return sub ? DbValue.FromDouble(ms / 1000.0) : DbValue.FromInt64(ms / 1000);
    }

    /// <summary>STRFTIME(format, time, modifiers...): SQLite's conversions; an unknown one gives NULL.</summary>
    public static DbValue StrFTime(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || !DateTimeArgument.TryEvaluate(args[1..], out long ticks, out bool subsecond))
        {
            return DbValue.Null;
        }

        string format = SqlTextConversion.ToText(args[0])!;
        var d = new DateTime(ticks, DateTimeKind.Utc);
        var sb = new StringBuilder(format.Length + 16);
        CultureInfo inv = CultureInfo.InvariantCulture;
        for (int i = 0; i < format.Length; i++)
        {
            char c = format[i];
            if (c != '%')
            {
                sb.Append(c);
                continue;
            }

            if (++i >= format.Length)
            {
                return DbValue.Null;
            }

            int hour12 = d.Hour % 12 == 0 ? 12 : d.Hour % 12;
            switch (format[i])
            {
                case 'd': sb.Append(d.Day.ToString("00", inv)); break;
                case 'e': sb.Append(d.Day.ToString(inv).PadLeft(2)); break;
                case 'f':
                    double seconds = d.Second + (d.Millisecond / 1000.0);
                    sb.Append(seconds.ToString("00.000", inv));
                    break;
                case 'F': sb.Append(d.ToString("yyyy-MM-dd", inv)); break;
                case 'H': sb.Append(d.Hour.ToString("00", inv)); break;
                case 'I': sb.Append(hour12.ToString("00", inv)); break;
                case 'j': sb.Append(d.DayOfYear.ToString("000", inv)); break;
                case 'J': sb.Append(JulianDay.FromTicks(ticks).ToString("G16", inv)); break;
                case 'k': sb.Append(d.Hour.ToString(inv).PadLeft(2)); break;
                case 'l': sb.Append(hour12.ToString(inv).PadLeft(2)); break;
                case 'm': sb.Append(d.Month.ToString("00", inv)); break;
                case 'M': sb.Append(d.Minute.ToString("00", inv)); break;
                case 'p': sb.Append(d.Hour < 12 ? "AM" : "PM"); break;
                case 'P': sb.Append(d.Hour < 12 ? "am" : "pm"); break;
                case 'R': sb.Append(d.ToString("HH:mm", inv)); break;
                case 's':
                    // Unix seconds; with 'subsec', to the millisecond (SQLite 3.53).
                    long ms = (ticks - JulianDay.UnixEpochTicks) / TimeSpan.TicksPerMillisecond;
                    sb.Append(subsecond ? (ms / 1000.0).ToString("0.000", inv) : (ms / 1000).ToString(inv));
                    break;
                case 'S': sb.Append(d.Second.ToString("00", inv)); break;
                case 'T': sb.Append(d.ToString("HH:mm:ss", inv)); break;
                case 'u': sb.Append(d.DayOfWeek == DayOfWeek.Sunday ? '7' : (char)('0' + (int)d.DayOfWeek)); break;
                case 'w': sb.Append((char)('0' + (int)d.DayOfWeek)); break;
                case 'U': sb.Append(((d.DayOfYear + 6 - (int)d.DayOfWeek) / 7).ToString("00", inv)); break;
                case 'W': sb.Append(((d.DayOfYear + 6 - (((int)d.DayOfWeek + 6) % 7)) / 7).ToString("00", inv)); break;
                case 'V': sb.Append(ISOWeek.GetWeekOfYear(d).ToString("00", inv)); break;
                case 'G': sb.Append(ISOWeek.GetYear(d).ToString("0000", inv)); break;
                case 'g': sb.Append((ISOWeek.GetYear(d) % 100).ToString("00", inv)); break;
                case 'Y': sb.Append(d.Year.ToString("0000", inv)); break;
                case '%': sb.Append('%'); break;
                default: return DbValue.Null;
            }
        }

        return DbValue.FromText(sb.ToString());
    }
}
