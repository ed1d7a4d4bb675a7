// Julian day numbers, the number form SQLite's date/time functions read and
// julianday() returns: days (with fraction) since noon UTC on 24 November 4714 BC
// (proleptic Gregorian). DateTime.MinValue (0001-01-01 00:00) is day 1721425.5.
// Like SQLite, a Julian day converts to whole milliseconds.
namespace SharpCoreDB.Execution.Semantics;

/// <summary>Converts between Julian day numbers and UTC ticks.</summary>
internal static class JulianDay
{
    /// <summary>Milliseconds from Julian day 0 to 0001-01-01 00:00:00 UTC (tick 0).</summary>
    public const long EpochMilliseconds = 148731523200000;

    /// <summary>Ticks of the Unix epoch, 1970-01-01 00:00:00 UTC.</summary>
    public const long UnixEpochTicks = 621355968000000000;

    public static double FromTicks(long utcTicks) =>
        (EpochMilliseconds + (utcTicks / (double)TimeSpan.TicksPerMillisecond)) / 86400000.0;

    /// <summary>False when the day lies outside 0001-01-01 .. 9999-12-31.</summary>
    public static bool TryToTicks(double julianDay, out long utcTicks)
    {
        utcTicks = 0;
        if (double.IsNaN(julianDay) || julianDay < 0 || julianDay > 5373484.5)
        {
            return false;
        }

        long ms = (long)((julianDay * 86400000.0) + 0.5) - EpochMilliseconds;
        if (ms < 0 || ms > DateTime.MaxValue.Ticks / TimeSpan.TicksPerMillisecond)
        {
            return false;
        }

        utcTicks = ms * TimeSpan.TicksPerMillisecond;
        return true;
    }
}
