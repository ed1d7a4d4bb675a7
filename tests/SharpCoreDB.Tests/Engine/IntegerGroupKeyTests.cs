// GROUP BY on one key takes a fast path when the key value is an INTEGER or
// BOOLEAN (a long-keyed index in front of the general group dictionary). These
// tests pin that it groups exactly as the general path does: NULLs form one
// group, 1, 1.0 and TRUE are one group whichever arrives first, text '1' is its
// own group, and the group shows the first value it saw.
namespace SharpCoreDB.Tests.Engine;

public sealed class IntegerGroupKeyTests
{
    private static EngineHarness MixedKeys()
    {
        var db = new EngineHarness();
        db.Execute("CREATE TABLE t(id INTEGER PRIMARY KEY, g, v INTEGER)");
        object?[] keys = [1.0, 1L, null, true, "1", 2L, 2.0, null, -5L, 2.5, 0L, false, 1L << 40, (double)(1L << 40), -5L, "x"];
        db.Execute("BEGIN");
        for (int i = 0; i < keys.Length; i++)
        {
            if (keys[i] is bool b)
            {
                // Booleans are written as SQL literals (parameters carry no boolean type).
                db.Execute("INSERT INTO t VALUES (?, " + (b ? "TRUE" : "FALSE") + ", ?)", i + 1, i * 10);
            }
            else
            {
                db.Execute("INSERT INTO t VALUES (?, ?, ?)", i + 1, keys[i], i * 10);
            }
        }

        for (int i = 0; i < 2000; i++)
        {
            db.Execute("INSERT INTO t VALUES (?, ?, ?)", 100 + i, (long)(i % 300) - 150, i);
        }

        db.Execute("COMMIT");
        return db;
    }

    [Fact]
    public void SingleKeyGroupingEqualsTheGeneralPath()
    {
        using EngineHarness db = MixedKeys();
        List<object?[]> fast = db.Query("SELECT g, COUNT(*), SUM(v), MIN(id) FROM t GROUP BY g");
        // A second, constant key sends every row through the general dictionary.
        List<object?[]> general = db.Query("SELECT g, COUNT(*), SUM(v), MIN(id) FROM t GROUP BY g, 'k'");
        Assert.Equal(general, fast);
        Assert.Equal(300 + 5, fast.Count);
    }

    [Fact]
    public void IntegerRealAndBooleanKeysShareAGroupAndKeepTheFirstValue()
    {
        using EngineHarness db = MixedKeys();
        List<object?[]> rows = db.Query("SELECT g, COUNT(*) FROM t WHERE id < 100 GROUP BY g");
        object?[][] expected =
        [
            [null, 2L],
            [-5L, 2L],
            [0L, 2L],
            [1.0, 3L],
            [2L, 2L],
            [2.5, 1L],
            [1L << 40, 2L],
            ["1", 1L],
            ["x", 1L],
        ];
        Assert.Equal(expected, rows);
    }

    [Fact]
    public void SpilledSingleKeyGroupingMatchesInMemory()
    {
        using EngineHarness db = MixedKeys();
        const string sql = "SELECT g, COUNT(*), SUM(v) FROM t GROUP BY g";
        db.Database.SpillThresholdRows = 1_000_000;
        List<object?[]> expected = db.Query(sql);
        db.Database.SpillThresholdRows = 8;
        Assert.Equal(expected, db.Query(sql));
    }
}
