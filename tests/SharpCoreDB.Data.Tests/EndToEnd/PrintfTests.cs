// printf/format give SQLite's text: hand-picked formats (every conversion, flag, width
// and precision form, * arguments, missing arguments, unknown conversions, NULLs, text
// widths in bytes and with ! in characters, the rounding of reals from their exact
// expansion to at most 16 digits), and a seeded random run of formats and arguments.
using System.Globalization;
using System.Text;

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class PrintfTests : SqliteComparisonTests
{
    [Theory]
    [InlineData("printf('%.20f', 0.1), printf('%f', 1e999), printf('%f', -1e999), printf('%e', 12345.678), printf('%g', 0.0001234), printf('%g', 123456789.0), printf('%#g', 1.0), printf('%G', 1e-10), printf('%.3e', -0.0)")]
    [InlineData("printf('%5s|%-5s|%.2s|%5.1s|', 'é', 'é', 'éa', 'abc'), printf('%!5s|%!.1s|', 'é', 'éa'), printf('%5c|%.3c|', 'x', 'y'), hex(printf('%c', '')), hex(printf('%3c', NULL))")]
    [InlineData("printf('%d %i %u %x %X %o %#x %#o', -5, 7, -1, 255, 255, 8, 255, 8), printf('%+d % d %05d %-5d| %,d %.5d %,.2f', 5, 5, -42, 7, -1234567, 42, 1234567.891)")]
    [InlineData("printf('%s %s', 'a'), printf('%d', 'abc'), printf('%d', '12abc'), printf('%d', 3.99), printf('%s', 3.5), printf('%s', x'4142'), printf(NULL), printf('%'), printf('a%yb'), printf('%5%|')")]
    [InlineData("printf('%q|%Q|%Q|%w', 'it''s', 'it''s', NULL, 'a\"b'), printf('%.2q', 'it''s'), printf('%*d|%-*d|%.*f', 5, 42, 4, 1, 2, 3.14159), printf('%lld %ld', 5, 6)")]
    [InlineData("format('%z', 'zz'), printf('%f', 'x'), printf('%.0f %.0f %.0f', 0.5, 1.5, 2.5), printf('%10.3f|', -3.14159), printf('%010.3f|', -3.14159), printf('%e', 0), printf('%g', 100000), printf('%g', 1000000)")]
    [InlineData("printf('%.15g', 0.1), printf('%.17g', 0.1), printf('%g', 1e100), printf('%.3g', 0.00012345), printf('%f', 123456789012345678), printf('%.2f', 1.005), printf('%.1f', 0.05), printf('%e', 1e-300)")]
    [InlineData("printf('%d', 9223372036854775807), printf('%d', -9223372036854775808), printf('%x', -1), printf('%o', -1), printf('% 5d|%-+5d|', 3, 3), printf('%5.2s|', 'abc'), printf('%,d', 1234), printf('%d%%', 50)")]
    public void FormatsAsSqlite(string calls) => Both.AssertSameRows("SELECT " + calls);

    [Fact]
    public void RandomFormatsAsSqlite()
    {
        var random = new Random(2026);
        string[] flags = ["", "-", "+", " ", "0", "#", ",", "-0", "+0", "0,"];
        string[] widths = ["", "1", "5", "12", "*"];
        string[] precisions = ["", ".0", ".1", ".3", ".10", ".*"];
        string[] conversions = ["d", "i", "u", "x", "X", "o", "f", "e", "E", "g", "G", "s", "q", "Q", "w"];
        string[] values = ["0", "1", "-1", "42", "-12345678", "3.14159", "-2.5", "0.5", "1e-7", "123456.789", "9.9999999", "1e21", "'abc'", "'it''s'", "NULL", "'12x'", "x'41'"];
        var differences = new List<string>();
        for (int i = 0; i < 1500; i++)
        {
            var format = new StringBuilder();
            var arguments = new List<string>();
            for (int part = 0; part < 2; part++)
            {
                string width = widths[random.Next(widths.Length)], precision = precisions[random.Next(precisions.Length)];
                format.Append('%').Append(flags[random.Next(flags.Length)]).Append(width).Append(precision).Append(conversions[random.Next(conversions.Length)]).Append('|');
                if (width == "*")
                {
                    arguments.Add(random.Next(-8, 9).ToString(CultureInfo.InvariantCulture));
                }

                if (precision == ".*")
                {
                    arguments.Add(random.Next(0, 6).ToString(CultureInfo.InvariantCulture));
                }

                arguments.Add(values[random.Next(values.Length)]);
            }

            string sql = $"SELECT printf('{format}', {string.Join(", ", arguments)})";
            List<string> expected = SqliteComparison.Run(Both.Sqlite, sql).Rows, actual = SqliteComparison.Run(Both.Engine, sql).Rows;
            if (!expected.SequenceEqual(actual))
            {
                differences.Add($"{sql}: SQLite {string.Join(",", expected)}, SharpCoreDB {string.Join(",", actual)}");
            }
        }

        Assert.True(differences.Count == 0, $"{differences.Count} differences:\n" + string.Join("\n", differences.Take(15)));
    }
}
