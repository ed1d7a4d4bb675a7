// The CSV reader against RFC 4180: quoted fields with commas, line breaks and
// doubled quotes, CRLF and LF line ends, NULL (empty) versus '' (""), and the
// line number of an unclosed quote.
using SharpCoreDB.Cli.Import;

namespace SharpCoreDB.Cli.Tests.Unit;

public sealed class CsvRecordReaderTests
{
    [Fact]
    public void QuotedFieldsHoldCommasLineBreaksAndDoubledQuotes()
    {
        List<List<string?>> records = ReadAll("a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\r\nbye\"\r\n2,,\"\"\n3,last,\n");

        Assert.Equal(4, records.Count);
        Assert.Equal(["a", "b", "c"], records[0]);
        Assert.Equal(["1", "x, y", "say \"hi\"\r\nbye"], records[1]);
        Assert.Equal(["2", null, ""], records[2]);
        Assert.Equal(["3", "last", null], records[3]);
    }

    [Fact]
    public void TheLastRecordNeedsNoLineEndAndRecordLinesCountEmbeddedBreaks()
    {
        var reader = new CsvRecordReader(new StringReader("h\n\"a\nb\"\nc"));
        var fields = new List<string?>();

        Assert.True(reader.Read(fields));
        Assert.True(reader.Read(fields));
        Assert.Equal("a\nb", fields[0]);
        Assert.True(reader.Read(fields));
        Assert.Equal(4, reader.RecordLine);
        Assert.Equal("c", fields[0]);
        Assert.False(reader.Read(fields));
    }

    [Fact]
    public void AnUnclosedQuoteIsAnErrorNamingItsLine()
    {
        var reader = new CsvRecordReader(new StringReader("a\n\"open\n"));
        var fields = new List<string?>();
        Assert.True(reader.Read(fields));

        FormatException error = Assert.Throws<FormatException>(() => reader.Read(fields));
        Assert.Contains("line 2", error.Message);
    }

    [Theory]
    [InlineData(new[] { "1", "-7", null }, "INTEGER")]
    [InlineData(new[] { "1", "2.5", "1e3" }, "REAL")]
    [InlineData(new[] { "1", "two" }, "TEXT")]
    [InlineData(new string?[] { null, null }, "TEXT")]
    public void ColumnTypesOfANewTableComeFromTheSampledValues(string?[] values, string expected) =>
        Assert.Equal(expected, CsvImporter.InferType(values));

    private static List<List<string?>> ReadAll(string text)
    {
        var reader = new CsvRecordReader(new StringReader(text));
        var records = new List<List<string?>>();
        var fields = new List<string?>();
        while (reader.Read(fields))
        {
            records.Add([.. fields]);
        }

        return records;
    }
}
