// How many terminal columns text takes, so that table and box output line up with
// CJK text and emoji: East Asian wide and fullwidth characters take two columns,
// combining marks, zero-width joiners and variation selectors none, everything
// else one (the rules of wcwidth). string.Length counts UTF-16 units and would
// misalign every such row.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Cli.Output;

/// <summary>Terminal display width of text.</summary>
internal static class DisplayWidth
{
    // Wide and fullwidth ranges (Unicode East_Asian_Width W and F), sorted, inclusive.
    private static readonly (int First, int Last)[] Wide =
    [
        (0x1100, 0x115F), (0x231A, 0x231B), (0x2329, 0x232A), (0x23E9, 0x23EC), (0x23F0, 0x23F0), (0x23F3, 0x23F3),
        (0x25FD, 0x25FE), (0x2614, 0x2615), (0x2648, 0x2653), (0x267F, 0x267F), (0x2693, 0x2693), (0x26A1, 0x26A1),
        (0x26AA, 0x26AB), (0x26BD, 0x26BE), (0x26C4, 0x26C5), (0x26CE, 0x26CE), (0x26D4, 0x26D4), (0x26EA, 0x26EA),
        (0x26F2, 0x26F3), (0x26F5, 0x26F5), (0x26FA, 0x26FA), (0x26FD, 0x26FD), (0x2705, 0x2705), (0x270A, 0x270B),
        (0x2728, 0x2728), (0x274C, 0x274C), (0x274E, 0x274E), (0x2753, 0x2755), (0x2757, 0x2757), (0x2795, 0x2797),
        (0x27B0, 0x27B0), (0x27BF, 0x27BF), (0x2B1B, 0x2B1C), (0x2B50, 0x2B50), (0x2B55, 0x2B55), (0x2E80, 0x303E),
        (0x3041, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA000, 0xA4CF), (0xA960, 0xA97F), (0xAC00, 0xD7A3),
        (0xF900, 0xFAFF), (0xFE10, 0xFE19), (0xFE30, 0xFE6F), (0xFF00, 0xFF60), (0xFFE0, 0xFFE6), (0x16FE0, 0x16FE4),
        (0x17000, 0x18CFF), (0x1B000, 0x1B2FF), (0x1F004, 0x1F004), (0x1F0CF, 0x1F0CF), (0x1F18E, 0x1F18E),
        (0x1F191, 0x1F19A), (0x1F200, 0x1F2FF), (0x1F300, 0x1F320), (0x1F32D, 0x1F335), (0x1F337, 0x1F37C),
        (0x1F37E, 0x1F393), (0x1F3A0, 0x1F3CA), (0x1F3CF, 0x1F3D3), (0x1F3E0, 0x1F3F0), (0x1F3F4, 0x1F3F4),
        (0x1F3F8, 0x1F43E), (0x1F440, 0x1F440), (0x1F442, 0x1F4FC), (0x1F4FF, 0x1F53D), (0x1F54B, 0x1F54E),
        (0x1F550, 0x1F567), (0x1F57A, 0x1F57A), (0x1F595, 0x1F596), (0x1F5A4, 0x1F5A4), (0x1F5FB, 0x1F64F),
        (0x1F680, 0x1F6C5), (0x1F6CC, 0x1F6CC), (0x1F6D0, 0x1F6D2), (0x1F6D5, 0x1F6D7), (0x1F6EB, 0x1F6EC),
        (0x1F6F4, 0x1F6FC), (0x1F7E0, 0x1F7EB), (0x1F90C, 0x1F93A), (0x1F93C, 0x1F945), (0x1F947, 0x1F9FF),
        (0x1FA70, 0x1FAFF), (0x20000, 0x2FFFD), (0x30000, 0x3FFFD),
    ];

    /// <summary>The columns <paramref name="text"/> takes on a terminal.</summary>
    public static int Of(string text)
    {
        int width = 0;
        foreach (Rune rune in text.EnumerateRunes())
        {
            width += Of(rune);
        }

        return width;
    }

    /// <summary>The columns one character takes: 0, 1 or 2.</summary>
    public static int Of(Rune rune)
    {
        int value = rune.Value;
        if (value < 0x300)
        {
            return value is < 0x20 or (>= 0x7F and < 0xA0) ? 0 : 1;
        }

        UnicodeCategory category = Rune.GetUnicodeCategory(rune);
        if (category is UnicodeCategory.NonSpacingMark or UnicodeCategory.EnclosingMark or UnicodeCategory.Format
            || value is >= 0xFE00 and <= 0xFE0F || value is >= 0x1160 and <= 0x11FF)
        {
            return 0;
        }

        int low = 0;
        int high = Wide.Length - 1;
        while (low <= high)
        {
            int middle = (low + high) / 2;
            if (value < Wide[middle].First)
            {
                high = middle - 1;
            }
            else if (value > Wide[middle].Last)
            {
                low = middle + 1;
            }
            else
            {
                return 2;
            }
        }

        return 1;
    }

    /// <summary>Text cut to at most <paramref name="width"/> columns, ending with "…" when something was cut.</summary>
    public static string Fit(string text, int width)
    {
        if (Of(text) <= width)
        {
            return text;
        }

        var builder = new StringBuilder();
        int used = 0;
        foreach (Rune rune in text.EnumerateRunes())
        {
            int w = Of(rune);
            if (used + w > width - 1)
            {
                break;
            }

            builder.Append(rune.ToString());
            used += w;
        }

        return builder.Append('…').ToString();
    }
}
