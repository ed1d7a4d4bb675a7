// How every value reads as text: what CAST(x AS TEXT), `||`, TEXT affinity and
// the string functions see. Numbers render as SQLite (3.53) renders them (reals as
// RealText writes them, always with a '.' or an exponent, 'Inf' for infinities);
// our extra types render as documented in docs/sql-semantics.md.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Execution.Semantics;

/// <summary>Renders DbValues as SQL text.</summary>
internal static class SqlTextConversion
{
    /// <summary>The text form of a non-NULL value (NULL gives null).</summary>
    public static string? ToText(in DbValue value) => value.Type switch
    {
        DbValueType.Null => null,
        DbValueType.Text => value.AsText(),
        DbValueType.Integer => value.AsInt64().ToString(CultureInfo.InvariantCulture),
        DbValueType.Boolean => value.AsBoolean() ? "1" : "0",
        DbValueType.Real => RealText.Format(value.AsDouble()),
        DbValueType.Decimal => value.AsDecimal().ToString(CultureInfo.InvariantCulture),
        DbValueType.DateTime => FormatDateTime(value.AsDateTimeTicks()),
        DbValueType.Guid => value.AsGuid().ToString("D"),
        _ => Encoding.UTF8.GetString(value.AsBlob()),
    };

    /// <summary>'YYYY-MM-DD HH:MM:SS', with a fraction of up to 7 digits (trailing zeros dropped) when the time has one.</summary>
    public static string FormatDateTime(long utcTicks)
    {
        var time = new DateTime(utcTicks, DateTimeKind.Utc);
        long fraction = utcTicks % TimeSpan.TicksPerSecond;
        string text = time.ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
        if (fraction == 0)
        {
            return text;
        }

        string digits = fraction.ToString("D7", CultureInfo.InvariantCulture).TrimEnd('0');
        return text + "." + digits;
    }
}
