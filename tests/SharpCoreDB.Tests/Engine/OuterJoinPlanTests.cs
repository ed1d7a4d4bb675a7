// EXPLAIN of RIGHT and FULL JOINs: the two-relation fast paths keep their lines (`a RIGHT
// JOIN b` as a LEFT JOIN level, `a FULL JOIN b` with a FullJoinTail), and every other shape
// shows its OuterJoinSource: the join line with how pairs are found, the left side's plan,
// the materialized right side's, and the unmatched rows of a RIGHT or FULL JOIN.
namespace SharpCoreDB.Tests.Engine;

public sealed class OuterJoinPlanTests
{
    private static EngineHarness Schema()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE a (x INTEGER, y TEXT, k INTEGER); CREATE TABLE b (x INTEGER, z REAL, k INTEGER); " +
            "CREATE TABLE c (x INTEGER, w TEXT, z REAL); CREATE INDEX b_x ON b (x)");
        return db;
    }

    private static List<string> Plan(EngineHarness db, string sql) => [.. db.Query("EXPLAIN QUERY PLAN " + sql).Select(r => (string)r[0]!)];

    [Fact]
    public void AFullJoinAfterAnInnerJoinIsMaterializedAndHashed()
    {
        using EngineHarness db = Schema();
        Assert.Equal(
            [
                "FULL JOIN c (MATERIALIZED, HASH ON 1 KEY)",
                "  SCAN a",
                "    NESTED LOOP SEARCH b USING INDEX b_x (x=?)",
                "  MATERIALIZE c",
                "    SCAN c",
                "  FULL JOIN UNMATCHED ROWS: MATERIALIZED c",
            ],
            Plan(db, "SELECT * FROM a JOIN b ON a.x = b.x FULL JOIN c ON c.x = b.x"));
    }

    // The join's line first, a line of one side's plan, and last the unmatched rows of a RIGHT
    // JOIN, the plan of a join after the group, or (LEFT JOIN) the right side's plan.
    [Theory]
    [InlineData("SELECT * FROM a RIGHT JOIN b ON a.x = b.x RIGHT JOIN c ON c.z > b.z", "RIGHT JOIN c (MATERIALIZED, NESTED LOOP)",
        "    LEFT JOIN HASH JOIN SCAN a", "  RIGHT JOIN UNMATCHED ROWS: MATERIALIZED c")]
    [InlineData("SELECT * FROM a FULL JOIN (SELECT x FROM c) AS s ON s.x = a.x JOIN b ON b.x = s.x", "FULL JOIN s (MATERIALIZED, HASH ON 1 KEY)",
        "  FULL JOIN UNMATCHED ROWS: MATERIALIZED s", "  NESTED LOOP SEARCH b USING INDEX b_x (x=?)")]
    [InlineData("SELECT * FROM a LEFT JOIN (b JOIN c ON c.x = b.x) ON a.x = b.x", "LEFT JOIN (b, c) (MATERIALIZED, HASH ON 1 KEY)",
        "  MATERIALIZE (b, c)", "      NESTED LOOP HASH JOIN SCAN c")]
    public void ShowsTheJoinAndBothSides(string sql, string first, string inside, string last)
    {
        using EngineHarness db = Schema();
        List<string> plan = Plan(db, sql);
        Assert.Equal(first, plan[0]);
        Assert.Contains(inside, plan);
        Assert.Equal(last, plan[^1]);
    }

    [Fact]
    public void TwoRelationJoinsKeepTheirFastPaths()
    {
        using EngineHarness db = Schema();
        Assert.Equal(["SCAN a", "  LEFT JOIN SEARCH b USING INDEX b_x (x=?)", "FULL JOIN UNMATCHED ROWS: SCAN b"],
            Plan(db, "SELECT * FROM a FULL JOIN b ON a.x = b.x"));
        Assert.Equal(["SCAN b", "  LEFT JOIN HASH JOIN SCAN a"], Plan(db, "SELECT * FROM a RIGHT JOIN b USING (x)"));
    }
}
