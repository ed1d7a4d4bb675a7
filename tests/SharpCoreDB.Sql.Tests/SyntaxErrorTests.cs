// Every kind of syntax error reports its reason, the offending text, the
// 1-based line and column, and (for grammar errors) what was expected there.
namespace SharpCoreDB.Sql.Tests;

public sealed class SyntaxErrorTests
{
    private static SqlSyntaxException Fails(string sql)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.Parse(sql));
        Assert.Equal(SharpCoreDBErrorCode.SyntaxError, error.ErrorCode);
        Assert.IsAssignableFrom<SharpCoreDBException>(error);
        return error;
    }

    [Fact]
    public void MisspelledKeywordNamesPositionAndExpectedClauses()
    {
        var error = Fails("SELECT *\n  FROMM t");

        Assert.Equal(2, error.Line);
        Assert.Equal(3, error.Column);
        Assert.Equal("FROMM", error.OffendingText);
        Assert.Equal("syntax error", error.Reason);
        Assert.Contains("FROM", error.Expected);
        Assert.Contains("WHERE", error.Expected);
        Assert.Contains("','", error.Expected);
        Assert.StartsWith("near \"FROMM\": syntax error at line 2, column 3; expected one of ", error.Message);
    }

    [Fact]
    public void MissingOperandListsWhatCanStartAnExpression()
    {
        var error = Fails("SELECT *\nFROM t\nWHERE a = = 1");

        Assert.Equal((3, 11, "="), (error.Line, error.Column, error.OffendingText));
        Assert.Contains("identifier", error.Expected);
        Assert.Contains("integer", error.Expected);
        Assert.Contains("'('", error.Expected);
        Assert.Contains("CASE", error.Expected);
    }

    [Fact]
    public void KeywordsThatServeAsNamesAreNotListedBesideIdentifier()
    {
        // The README's shell session shows this message: it must not grow with every keyword usable as a name.
        var error = Fails("SELECT title FROM books WHERE year > ");

        Assert.Equal(
            ["'('", "'+'", "'-'", "'~'", "CASE", "CAST", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "EXISTS", "FALSE", "NOT", "NULL", "TRUE",
                "identifier", "parameter", "integer", "real", "string", "blob"],
            error.Expected);
    }

    [Fact]
    public void SingleExpectedTokenIsNamedAlone()
    {
        var error = Fails("SELECT a FROM t ORDER a");

        Assert.Equal("near \"a\": syntax error at line 1, column 23; expected BY", error.Message);
        Assert.Equal(["BY"], error.Expected);
    }

    [Fact]
    public void ErrorAtEndOfInput()
    {
        var error = Fails("SELECT 1 +");

        Assert.Equal(string.Empty, error.OffendingText);
        Assert.Equal((1, 11), (error.Line, error.Column));
        Assert.StartsWith("near end of input: syntax error at line 1, column 11; expected one of ", error.Message);
    }

    [Fact]
    public void MissingCloseParenthesis()
    {
        var error = Fails("SELECT count(*) FROM t WHERE a IN (1, 2");

        Assert.Contains("')'", error.Expected);
        Assert.Contains("','", error.Expected);
    }

    [Theory]
    [InlineData("SELECT 'abc", "'abc", "unterminated string literal", 8)]
    [InlineData("SELECT 'it''s", "'it''s", "unterminated string literal", 8)]
    [InlineData("SELECT \"abc", "\"abc", "unterminated quoted identifier", 8)]
    [InlineData("SELECT [abc", "[abc", "unterminated quoted identifier", 8)]
    [InlineData("SELECT `abc", "`abc", "unterminated quoted identifier", 8)]
    [InlineData("SELECT 1 /* abc", "/* abc", "unterminated comment", 10)]
    [InlineData("SELECT @", "@", "unrecognized token", 8)]
    [InlineData("SELECT 1 # 2", "#", "unrecognized token", 10)]
    [InlineData("SELECT 12abc", "12abc", "unrecognized token", 8)]
    [InlineData("SELECT 0x", "0x", "unrecognized token", 8)]
    public void MalformedTokens(string sql, string offending, string reason, int column)
    {
        var error = Fails(sql);

        Assert.Equal(offending, error.OffendingText);
        Assert.Equal(reason, error.Reason);
        Assert.Equal((1, column), (error.Line, error.Column));
        Assert.Empty(error.Expected);
        Assert.Equal($"near \"{offending}\": {reason} at line 1, column {column}", error.Message);
    }

    [Theory]
    [InlineData("SELECT 0x10000000000000000", "0x10000000000000000", "hexadecimal literal out of 64-bit range", 8)]
    [InlineData("SELECT X'ABC'", "X'ABC'", "blob literal has an odd number of hex digits", 8)]
    [InlineData("SELECT ?0", "?0", "parameter number out of range (1 to 32766)", 8)]
    [InlineData("SELECT ?32767", "?32767", "parameter number out of range (1 to 32766)", 8)]
    public void LiteralsOutOfRange(string sql, string offending, string reason, int column)
    {
        var error = Fails(sql);

        Assert.Equal($"near \"{offending}\": {reason} at line 1, column {column}", error.Message);
    }

    [Fact]
    public void PositionsCountLinesAndColumnsAfterComments()
    {
        var error = Fails("-- first line\n/* second\n line */ SELECT\n\t1 2");

        Assert.Equal((4, 4, "2"), (error.Line, error.Column, error.OffendingText));
    }

    [Fact]
    public void ErrorInSecondStatementOfScript()
    {
        var error = Fails("SELECT 1;\nDELETE t");

        Assert.Equal((2, 8, "t"), (error.Line, error.Column, error.OffendingText));
        Assert.Equal(["FROM"], error.Expected);
    }

    [Fact]
    public void ParseStatementRejectsSeveralOrNone()
    {
        var several = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseStatement("SELECT 1; SELECT 2"));
        Assert.Equal((1, 11), (several.Line, several.Column));
        Assert.Contains("expected one statement", several.Message);

        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseStatement(" ; -- nothing"));
    }

    [Fact]
    public void ParseExpressionRejectsTrailingText()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression("a + 1 b"));

        Assert.Equal("b", error.OffendingText);
    }

    [Fact]
    public void LongOffendingTextIsShortenedInTheMessage()
    {
        string name = new('x', 200);
        var error = Fails("SELECT 1 AS a " + name);

        Assert.Equal(new string('x', 40) + "...", error.OffendingText);
    }
}
