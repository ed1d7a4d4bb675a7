// Renders result values as sqllogictest expects (FORMAT.md, "Rendering each
// value"): by the column's type letter, not by the value's own type.
using System.Globalization;
using System.Text;
using SharpCoreDB.Execution.Semantics;
using SharpCoreDB.Values;

namespace SharpCoreDB.SqlLogicTest;

/// <summary>Formats values for comparison with expected results.</summary>
internal static class ValueRenderer
{
    public static string Render(DbValue value, char type)
    {
        if (value.IsNull)
        {
            return "NULL";
        }

        switch (type)
        {
            case 'I':
                return value.Type switch
                {
                    DbValueType.Integer or DbValueType.Boolean => value.AsInt64().ToString(CultureInfo.InvariantCulture),
                    DbValueType.Real => Truncate(value.AsDouble()),
                    DbValueType.Decimal => decimal.Truncate(value.AsDecimal()).ToString(CultureInfo.InvariantCulture),
                    _ => SqlNumberParser.ParseIntegerPrefix(Text(value)).ToString(CultureInfo.InvariantCulture),
                };
            case 'R':
                double d = value.Type switch
                {
                    DbValueType.Integer or DbValueType.Boolean => value.AsInt64(),
                    DbValueType.Real => value.AsDouble(),
                    DbValueType.Decimal => (double)value.AsDecimal(),
                    _ => SqlNumberParser.ParseRealPrefix(Text(value)),
                };
                return d.ToString("F3", CultureInfo.InvariantCulture);
            default:
                string text = Text(value);
                if (text.Length == 0)
                {
                    return "(empty)";
                }

                var builder = new StringBuilder(text.Length);
                foreach (char c in text)
                {
                    builder.Append(c < ' ' || c > '~' ? '@' : c);
                }

                return builder.ToString();
        }
    }

    private static string Text(DbValue value) => SqlTextConversion.ToText(value) ?? string.Empty;

    private static string Truncate(double d)
    {
        double t = Math.Truncate(d);
        if (t >= 9.2233720368547758E18)
        {
            return long.MaxValue.ToString(CultureInfo.InvariantCulture);
        }

        if (t <= -9.2233720368547758E18)
        {
            return long.MinValue.ToString(CultureInfo.InvariantCulture);
        }

        return ((long)t).ToString(CultureInfo.InvariantCulture);
    }
}
