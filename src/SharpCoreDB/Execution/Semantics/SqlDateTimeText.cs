// Reads ISO-8601 date/time text the way SQLite's date functions accept it:
// 'YYYY-MM-DD', 'YYYY-MM-DD HH:MM', 'YYYY-MM-DD HH:MM:SS', 'YYYY-MM-DD HH:MM:SS.SSS'
// (any number of fraction digits), 'T' instead of the space, an optional
// time zone suffix ('Z', '+HH:MM', '-HH:MM') which converts the time to UTC, and a
// time alone ('HH:MM[:SS[.SSS]]', taken on 2000-01-01 as SQLite does).
// DATETIME affinity and CAST use it; so do the date/time functions.
namespace SharpCoreDB.Execution.Semantics;

/// <summary>Parses ISO-8601 date/time text into UTC ticks, without allocating.</summary>
internal static class SqlDateTimeText
{
    /// <summary>True when the whole text (white space around allowed) is a date/time; <paramref name="utcTicks"/> is then set.</summary>
    public static bool TryParse(ReadOnlySpan<char> text, out long utcTicks)
    {
        utcTicks = 0;
        text = Trim(text);
        int year = 2000, month = 1, day = 1;
        int pos = 0;
        if (text.Length >= 10 && text[4] == '-' && text[7] == '-')
        {
            if (!Digits(text, 0, 4, out year) || !Digits(text, 5, 2, out month) || !Digits(text, 8, 2, out day))
            {
                return false;
            }

            pos = 10;
            if (pos == text.Length)
            {
                return Make(year, month, day, 0, 0, 0, 0, 0, out utcTicks);
            }

            if (text[pos] != ' ' && text[pos] != 'T')
            {
                return false;
            }

            pos++;
            while (pos < text.Length && text[pos] == ' ')
            {
                pos++;
            }
        }

        if (!ParseTime(text, ref pos, out int hour, out int minute, out int second, out long fraction))
        {
            return false;
        }

        int offsetMinutes = 0;
        while (pos < text.Length && text[pos] == ' ')
        {
            pos++;
        }

        if (pos < text.Length)
        {
            if (text[pos] is 'Z' or 'z')
            {
                pos++;
            }
            else if (text[pos] is '+' or '-')
            {
                int sign = text[pos] == '-' ? -1 : 1;
                if (pos + 6 > text.Length || text[pos + 3] != ':' || !Digits(text, pos + 1, 2, out int oh) || !Digits(text, pos + 4, 2, out int om))
                {
                    return false;
                }

                offsetMinutes = sign * ((oh * 60) + om);
                pos += 6;
            }

            if (pos != text.Length)
            {
                return false;
            }
        }

        return Make(year, month, day, hour, minute, second, fraction, offsetMinutes, out utcTicks);
    }

    private static bool ParseTime(ReadOnlySpan<char> text, ref int pos, out int hour, out int minute, out int second, out long fraction)
    {
        minute = second = 0;
        fraction = 0;
        if (pos + 5 > text.Length || text[pos + 2] != ':' || !Digits(text, pos, 2, out hour) || !Digits(text, pos + 3, 2, out minute))
        {
            hour = 0;
            return false;
        }

        pos += 5;
        if (pos < text.Length && text[pos] == ':')
        {
            if (!Digits(text, pos + 1, 2, out second))
            {
                return false;
            }

            pos += 3;
            if (pos < text.Length && text[pos] == '.' && pos + 1 < text.Length && char.IsAsciiDigit(text[pos + 1]))
            {
                pos++;
                long scale = TimeSpan.TicksPerSecond / 10;
                while (pos < text.Length && char.IsAsciiDigit(text[pos]))
                {
                    fraction += (text[pos] - '0') * scale;
                    scale /= 10;
                    pos++;
                }
            }
        }

        return hour < 24 && minute < 60 && second < 60;
    }

    private static bool Make(int year, int month, int day, int hour, int minute, int second, long fraction, int offsetMinutes, out long utcTicks)
    {
        utcTicks = 0;
        if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31)
        {
            return false;
        }

        // SQLite accepts day 31 of any month and normalises (2023-02-31 is 2023-03-03); so do we.
        long ticks = new DateTime(year, month, 1, hour, minute, second, DateTimeKind.Utc).Ticks
            + ((day - 1) * TimeSpan.TicksPerDay) + fraction - (offsetMinutes * TimeSpan.TicksPerMinute);
        if (ticks < 0 || ticks > DateTime.MaxValue.Ticks)
        {
            return false;
        }

        utcTicks = ticks;
        return true;
    }

    private static bool Digits(ReadOnlySpan<char> text, int start, int count, out int value)
    {
        value = 0;
        if (start + count > text.Length)
        {
            return false;
        }

        for (int i = start; i < start + count; i++)
        {
            if (!char.IsAsciiDigit(text[i]))
            {
                return false;
            }

            value = (value * 10) + (text[i] - '0');
        }

        return true;
    }

    private static ReadOnlySpan<char> Trim(ReadOnlySpan<char> text)
    {
        int start = 0;
        int end = text.Length;
        while (start < end && SqlNumberParser.IsSpace(text[start]))
        {
            start++;
        }

        while (end > start && SqlNumberParser.IsSpace(text[end - 1]))
        {
            end--;
        }

        return text[start..end];
    }
}
