// A comma join of 30 tables linked by equality predicates: the planner must stay
// polynomial (greedy by cost), so the query plans and runs at once. No timing is
// asserted; the generous timeout only fails an exponential planner.
namespace SharpCoreDB.Tests.Engine;

public sealed class WideJoinTests
{
    private const int Tables = 30;

    [Fact(Timeout = 20000)]
    public async Task CommaJoinOfThirtyTablesReturnsTheChain()
    {
        await Task.Run(() =>
        {
            using var db = new EngineHarness();
            for (int t = 1; t <= Tables; t++)
            {
                // Row (a = k, b = k) for k in 1..5 plus a row that breaks the chain at this table.
                db.Execute($"CREATE TABLE t{t}(a INTEGER, b INTEGER)");
                db.Execute($"INSERT INTO t{t} VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), ({100 + t}, {200 + t})");
            }

            var from = string.Join(", ", Enumerable.Range(1, Tables).Select(t => $"t{t}"));
            var where = string.Join(" AND ", Enumerable.Range(1, Tables - 1).Select(t => $"t{t}.a = t{t + 1}.b"));
            string sql = $"SELECT t1.a, t{Tables}.b FROM {from} WHERE {where} AND t1.a < 4 ORDER BY t1.a";
            Assert.Equal([[1L, 1L], [2L, 2L], [3L, 3L]], db.Query(sql));

            var plan = db.Query("EXPLAIN " + sql);
            Assert.True(plan.Count >= Tables, "one line per table at least");
        });
    }

    [Fact(Timeout = 20000)]
    public async Task StarJoinOfThirtyTablesWithIndexes()
    {
        await Task.Run(() =>
        {
            using var db = new EngineHarness();
            db.Execute("CREATE TABLE hub(id INTEGER PRIMARY KEY, v TEXT); INSERT INTO hub VALUES (1, 'x'), (2, 'y'), (3, 'z')");
            for (int t = 1; t < Tables; t++)
            {
                db.Execute($"CREATE TABLE s{t}(hid INTEGER, w INTEGER); CREATE INDEX s{t}_hid ON s{t}(hid)");
                db.Execute($"INSERT INTO s{t} VALUES (1, {t}), (2, {t}), (9, 0)");
            }

            var from = "hub, " + string.Join(", ", Enumerable.Range(1, Tables - 1).Select(t => $"s{t}"));
            var where = string.Join(" AND ", Enumerable.Range(1, Tables - 1).Select(t => $"s{t}.hid = hub.id"));
            var sum = string.Join(" + ", Enumerable.Range(1, Tables - 1).Select(t => $"s{t}.w"));
            Assert.Equal([["x", 435L], ["y", 435L]], db.Query($"SELECT hub.v, {sum} FROM {from} WHERE {where} ORDER BY hub.v"));
        });
    }
}
