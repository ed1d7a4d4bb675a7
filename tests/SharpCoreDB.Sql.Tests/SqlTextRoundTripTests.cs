// SqlText prints ASTs back to SQL, and the engine stores what it prints: every CREATE
// statement in the catalog is re-parsed at each open, so a printed statement that parses
// to a different tree would change a schema on disk. These tests parse, print, re-parse
// and require an equal AST (SqlNode equality ignores source positions), for hand-picked
// statements and expressions covering every node and operator, and for every CREATE and
// every subquery-free expression of the sqllogictest corpus.
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;
using SharpCoreDB.Sql.Tests.Corpus;

namespace SharpCoreDB.Sql.Tests;

public sealed class SqlTextRoundTripTests
{
    [Theory]
    [InlineData("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL DEFAULT 'x', score REAL CHECK (score >= 0))")]
    [InlineData("CREATE TABLE \"select\" (\"from\" INT, \"two words\" TEXT UNIQUE ON CONFLICT IGNORE, b BLOB DEFAULT X'00FF')")]
    [InlineData("CREATE TABLE t (a INT, b TEXT COLLATE NOCASE, c NUMERIC(10, 2), CONSTRAINT pk PRIMARY KEY (a DESC, b) ON CONFLICT REPLACE, UNIQUE (b, c), CHECK (a <> b))")]
    [InlineData("CREATE TABLE t (a INT DEFAULT -1, b REAL DEFAULT 1.5e300, c TEXT DEFAULT CURRENT_TIMESTAMP, d DEFAULT (1 + 2))")]
    [InlineData("CREATE TABLE c (a INTEGER REFERENCES p, b TEXT CONSTRAINT fk_b REFERENCES q(k) ON DELETE CASCADE ON UPDATE SET NULL MATCH FULL NOT DEFERRABLE)")]
    [InlineData("CREATE TABLE c (x, y, FOREIGN KEY (x, y) REFERENCES p(a, b) ON DELETE SET DEFAULT ON UPDATE RESTRICT DEFERRABLE INITIALLY DEFERRED, CONSTRAINT k FOREIGN KEY (y) REFERENCES \"two words\" ON DELETE NO ACTION DEFERRABLE INITIALLY IMMEDIATE)")]
    [InlineData("CREATE TABLE g (a INT, b INT GENERATED ALWAYS AS (a * 2) STORED, c AS (b + 1), d GENERATED ALWAYS AS (upper(c)) VIRTUAL, generated TEXT)")]
    [InlineData("CREATE UNIQUE INDEX i ON t (a, b DESC)")]
    [InlineData("CREATE INDEX i ON t (a COLLATE NOCASE) WHERE a IS NOT NULL AND b > 0")]
    [InlineData("CREATE INDEX i ON t (lower(a), b + 1 DESC, (a || b) COLLATE NOCASE, a + b COLLATE NOCASE, CAST(c AS INTEGER)) WHERE t.a > 0 OR c IS NULL")]
    [InlineData("CREATE VIEW v (x, y) AS SELECT a, b FROM t WHERE a > 1")]
    [InlineData("CREATE TRIGGER tr AFTER UPDATE OF a, \"b c\" ON t FOR EACH ROW WHEN new.a > old.a BEGIN INSERT INTO log VALUES (new.a); SELECT RAISE(ABORT, 'no ' || old.a) WHERE old.a < 0; END")]
    [InlineData("CREATE TRIGGER tr INSTEAD OF DELETE ON v BEGIN DELETE FROM t WHERE id = old.id; UPDATE u SET n = n - 1; END")]
    [InlineData("CREATE TRIGGER tr BEFORE INSERT ON t WHEN EXISTS (SELECT 1 FROM u WHERE u.k = new.k) BEGIN SELECT RAISE(IGNORE); END")]
    public void CreateStatementsRoundTrip(string sql)
    {
        Statement parsed = Assert.Single(SqlParser.Parse(sql));
        string printed = Print(parsed);
        Assert.Equal(parsed, Assert.Single(SqlParser.Parse(printed)));
        Assert.Equal(printed, Print(Assert.Single(SqlParser.Parse(printed))));
    }

    [Theory]
    [InlineData("a + b * c - d / e % f")]
    [InlineData("(a + b) * (c - d)")]
    [InlineData("a - (b - c)")]
    [InlineData("-a || +b || ~c")]
    [InlineData("NOT a AND b OR NOT (c OR d)")]
    [InlineData("a & b | c << 2 >> 1")]
    [InlineData("a < b AND a <= b AND a > b AND a >= b AND a = b AND a <> b")]
    [InlineData("a IS NULL OR a IS NOT b")]
    [InlineData("a IN (1, 2, 3) AND b NOT IN ('x')")]
    [InlineData("a LIKE 'x%' ESCAPE '!' OR a NOT GLOB '*y' OR a REGEXP 'z'")]
    [InlineData("a BETWEEN 1 AND 2 AND b NOT BETWEEN c AND d + 1")]
    [InlineData("CASE a WHEN 1 THEN 'one' WHEN 2 THEN 'two' ELSE 'many' END")]
    [InlineData("CASE WHEN a > 0 THEN 1 END")]
    [InlineData("CAST(a AS INTEGER) + CAST('1.5' AS REAL)")]
    [InlineData("count(*) + count(DISTINCT a) + coalesce(b, c, 0)")]
    [InlineData("a COLLATE NOCASE = 'X'")]
    [InlineData("t.a + \"weird name\".\"b c\"")]
    [InlineData("? + ?2 + :name + @other + $third")]
    [InlineData("x'CAFE' || 'it''s' || NULL || TRUE || FALSE")]
    [InlineData("9223372036854775807 + 0.1 + 1e-10 + 1.0")]
    [InlineData("CURRENT_DATE || CURRENT_TIME")]
    [InlineData("-(-a)")]
    [InlineData("-(15) + - - (98) + -(1.5) + -15")]
    [InlineData("(a = b) = c")]
    public void ExpressionsRoundTrip(string sql)
    {
        Expression parsed = SqlParser.ParseExpression(sql);
        string printed = SqlText.Of(parsed);
        Assert.Equal(parsed, SqlParser.ParseExpression(printed));
    }

    [Fact]
    public void ASubqueryPrintsAsAPlaceholder()
    {
        Assert.Equal("a IN (SELECT ...)", SqlText.Of(SqlParser.ParseExpression("a IN (SELECT b FROM t)")));
        Assert.Equal("EXISTS (SELECT ...)", SqlText.Of(SqlParser.ParseExpression("EXISTS (SELECT 1)")));
    }

    [CorpusFact]
    [Trait("Category", "Slow")]
    public void EveryCreateAndExpressionOfTheCorpusRoundTrips()
    {
        int checkedCount = 0;
        var failures = new List<string>();
        foreach (string file in Directory.GetFiles(RepositoryPaths.SqlLogicTestDirectory, "*.test", SearchOption.AllDirectories))
        {
            foreach (SqlLogicTestRecord record in SqlLogicTestRecords.Read(file))
            {
                if (record.ExpectsError)
                {
                    continue;
                }

                foreach (SqlNode node in RoundTripped(Assert.Single(SqlParser.Parse(record.Sql))))
                {
                    checkedCount++;
                    string printed = node is Expression e ? SqlText.Of(e) : Print((Statement)node);
                    SqlNode? again = null;
                    try
                    {
                        again = node is Expression ? SqlParser.ParseExpression(printed) : Assert.Single(SqlParser.Parse(printed));
                    }
                    catch (SqlSyntaxException)
                    {
                    }

                    if (!node.Equals(again))
                    {
                        failures.Add($"{Path.GetFileName(record.File)}:{record.Line}: {printed}");
                    }
                }
            }
        }

        Assert.True(checkedCount > 1000, $"only {checkedCount} nodes checked");
        Assert.True(failures.Count == 0, $"{failures.Count} of {checkedCount} did not round-trip:\n" + string.Join('\n', failures.Take(20)));
    }

    // The statements and expressions of one statement that SqlText prints: CREATE
    // statements, and the subquery-free expressions of a SELECT's cores.
    private static IEnumerable<SqlNode> RoundTripped(Statement statement)
    {
        switch (statement)
        {
            case CreateTableStatement or CreateIndexStatement or CreateViewStatement:
                yield return statement;
                break;
            case SelectStatement select:
                foreach (SelectBody body in select.Compounds.Select(c => c.Body).Prepend(select.First))
                {
                    if (body is not SelectCore core)
                    {
                        continue;
                    }

                    IEnumerable<Expression?> expressions = core.Columns.OfType<ExpressionColumn>().Select(c => c.Expression)
                        .Append(core.Where).Append(core.Having).Concat(core.GroupBy);
                    foreach (Expression? expression in expressions)
                    {
                        if (expression is not null && !SqlText.Of(expression).Contains("SELECT ...", StringComparison.Ordinal))
                        {
                            yield return expression;
                        }
                    }
                }

                break;
        }
    }

    private static string Print(Statement statement) => statement switch
    {
        CreateTableStatement table => SqlText.Of(table),
        CreateIndexStatement index => SqlText.Of(index),
        CreateViewStatement view => SqlText.Of(view),
        CreateTriggerStatement trigger => SqlText.Of(trigger),
        _ => throw new ArgumentException("SqlText prints no " + statement.GetType().Name),
    };
}
