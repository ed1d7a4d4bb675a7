// Operator precedence and associativity follow SQLite's: each case states the
// tree the parser must build, fully parenthesised.
namespace SharpCoreDB.Sql.Tests;

public sealed class ExpressionPrecedenceTests
{
    [Theory]
    [InlineData("a || b * c", "((a || b) * c)")]
    [InlineData("a * b || c", "(a * (b || c))")]
    [InlineData("a * b + c", "((a * b) + c)")]
    [InlineData("a + b * c", "(a + (b * c))")]
    [InlineData("a - b - c", "((a - b) - c)")]
    [InlineData("a / b % c", "((a / b) % c)")]
    [InlineData("a + b << c", "((a + b) << c)")]
    [InlineData("a & b | c >> d", "(((a & b) | c) >> d)")]
    [InlineData("a << b < c", "((a << b) < c)")]
    [InlineData("a < b = c", "((a < b) = c)")]
    [InlineData("a = b < c", "(a = (b < c))")]
    [InlineData("a = b == c", "((a = b) = c)")]
    [InlineData("a != b <> c", "((a <> b) <> c)")]
    [InlineData("a IS b = c", "((a IS b) = c)")]
    [InlineData("a = b IS NULL", "((a = b) IS NULL)")]
    [InlineData("a IS NOT b", "(a IS NOT b)")]
    [InlineData("a IS DISTINCT FROM b", "(a IS NOT b)")]
    [InlineData("a IS NOT DISTINCT FROM b", "(a IS b)")]
    [InlineData("a ISNULL", "(a IS NULL)")]
    [InlineData("a NOTNULL", "(a IS NOT NULL)")]
    [InlineData("a NOT NULL", "(a IS NOT NULL)")]
    [InlineData("a IS NOT NULL AND b", "((a IS NOT NULL) AND b)")]
    [InlineData("NOT a = b", "(NOT (a = b))")]
    [InlineData("NOT a AND b", "((NOT a) AND b)")]
    [InlineData("NOT NOT a", "(NOT (NOT a))")]
    [InlineData("a = NOT b", "(a = (NOT b))")]
    [InlineData("a AND b OR c AND d", "((a AND b) OR (c AND d))")]
    [InlineData("a OR b AND c", "(a OR (b AND c))")]
    [InlineData("a OR b OR c", "((a OR b) OR c)")]
    [InlineData("x BETWEEN 1 AND 2 AND y", "((x BETWEEN 1 AND 2) AND y)")]
    [InlineData("x NOT BETWEEN a + 1 AND b * 2", "(x NOT BETWEEN (a + 1) AND (b * 2))")]
    [InlineData("x BETWEEN 1 AND 2 = y", "((x BETWEEN 1 AND 2) = y)")]
    [InlineData("a IN (1, 2) = b", "((a IN (1, 2)) = b)")]
    [InlineData("a NOT IN (1, b + 1)", "(a NOT IN (1, (b + 1)))")]
    [InlineData("a IN ()", "(a IN ())")]
    [InlineData("a NOT IN ()", "(a NOT IN ())")]
    [InlineData("a LIKE 'x%' ESCAPE '!'", "(a LIKE 'x%' ESCAPE '!')")]
    [InlineData("a NOT LIKE b || 'x'", "(a NOT LIKE (b || 'x'))")]
    [InlineData("a GLOB 'x*'", "(a GLOB 'x*')")]
    [InlineData("-a * b", "((- a) * b)")]
    [InlineData("- - 1", "(- -1)")]
    [InlineData("-1", "-1")]
    [InlineData("- 2.5", "-2.5")]
    [InlineData("+ - a", "(+ (- a))")]
    [InlineData("~ + NOT 1", "(~ (+ (NOT 1)))")]
    [InlineData("- NOT a = b", "(- (NOT (a = b)))")]
    [InlineData("a + NOT b", "(a + (NOT b))")]
    [InlineData("a COLLATE NOCASE = b", "((a COLLATE NOCASE) = b)")]
    [InlineData("-a COLLATE x", "(- (a COLLATE x))")]
    [InlineData("(a + b) * c", "((a + b) * c)")]
    [InlineData("((((a))))", "a")]
    [InlineData("t.a + s.t.b", "(t.a + s.t.b)")]
    [InlineData("CASE WHEN a < b THEN 1 ELSE 2 END + 1", "(CASE WHEN (a < b) THEN 1 ELSE 2 END + 1)")]
    [InlineData("CASE a + 1 WHEN b THEN 111 WHEN c THEN 222 END", "CASE (a + 1) WHEN b THEN 111 WHEN c THEN 222 END")]
    [InlineData("CAST(- x AS SIGNED) * 2", "(CAST((- x) AS SIGNED) * 2)")]
    [InlineData("COUNT(*) + count(DISTINCT a) + SUM(ALL b)", "((COUNT(*) + count(DISTINCT a)) + SUM(b))")]
    [InlineData("NOT EXISTS (SELECT 1) OR EXISTS (SELECT 2)", "((NOT EXISTS SELECT) OR (EXISTS SELECT))")]
    [InlineData("a = (SELECT 1)", "(a = (SELECT))")]
    [InlineData("a IN (SELECT b FROM t)", "(a IN (SELECT))")]
    public void BuildsTheTreeSqliteBuilds(string sql, string expected)
    {
        Assert.Equal(expected, AstPrinter.Print(SqlParser.ParseExpression(sql)));
    }

    [Fact]
    public void CorpusStyleUnaryChainsParse()
    {
        const string sql = "+ 86 * + ( NULLIF ( 32, - - CAST( - - 17 AS SIGNED ) ) ) - + NULLIF ( + - CAST( NULL AS SIGNED ), - + 79 )";
        Assert.Equal(
            "(((+ 86) * (+ NULLIF(32, (- (- CAST((- -17) AS SIGNED)))))) - (+ NULLIF((+ (- CAST(NULL AS SIGNED))), (- (+ 79)))))",
            AstPrinter.Print(SqlParser.ParseExpression(sql)));
    }
}
