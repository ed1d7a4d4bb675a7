// Aggregates an application registers on its connection (CreateAggregate): a seed
// folded by each row's arguments and a result selector, per GROUP BY group, with
// DISTINCT and FILTER, over a window with OVER (each frame starting from the seed),
// over any number of arguments; an exception inside fails the statement with the
// aggregate's name and undoes it; registrations outlive Close/Open, are found before
// the built-in aggregates on this connection only, and are removed by a null step.

namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class ApplicationAggregateTests
{
    [Fact]
    public void AggregatesFoldEachGroupFromTheSeed()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateAggregate("product", 1.0, (double acc, double x) => acc * x);
        connection.CreateAggregate("longest", "", (string acc, string? s) => s is not null && s.Length > acc.Length ? s : acc, acc => acc.Length == 0 ? null : acc);
        connection.CreateAggregate("spread", (Min: double.MaxValue, Max: double.MinValue), ((double Min, double Max) acc, double x) => (Math.Min(acc.Min, x), Math.Max(acc.Max, x)),
            acc => acc.Max - acc.Min);
        connection.CreateAggregate("weighted", (Sum: 0.0, Weight: 0.0), ((double Sum, double Weight) acc, double x, double w) => (acc.Sum + (x * w), acc.Weight + w),
            acc => acc.Weight == 0 ? (double?)null : acc.Sum / acc.Weight);
        connection.CreateAggregate("tally", 0L, acc => acc + 1);
        connection.CreateAggregate("joined", "", (string acc, object?[] parts) => acc + "[" + string.Join(",", parts.Select(p => p ?? "null")) + "]", acc => acc);
        Statements.Run(connection, """
            CREATE TABLE sale (id INTEGER PRIMARY KEY, region TEXT, item TEXT, price REAL, qty INTEGER);
            INSERT INTO sale VALUES (1, 'north', 'pen', 2.0, 3), (2, 'north', 'notebook', 5.0, 1), (3, 'south', 'pen', 2.0, 10),
                (4, 'south', 'desk', 150.0, 1), (5, 'south', NULL, 4.0, 2)
            """);

        Assert.Equal("north|10|notebook|3|2.75|2|[1,pen][2,notebook]\nsouth|1200|desk|148|13.692307692307692|3|[3,pen][4,desk][5,null]",
            Rows(connection, "SELECT region, product(price), coalesce(longest(item), 'notebook'), spread(price), weighted(price, qty), tally(), joined(id, item) FROM sale GROUP BY region ORDER BY region"));
        Assert.Equal("8", Rows(connection, "SELECT product(DISTINCT price) FROM sale WHERE price < 5"));
        Assert.Equal("4", Rows(connection, "SELECT product(qty) FILTER (WHERE item = 'pen') / 7.5 FROM sale"));
        Assert.Equal("desk", Rows(connection, "SELECT longest(item) FROM sale WHERE region = 'south' AND item <> 'pen'"));
        Assert.Equal("", Rows(connection, "SELECT longest(item) FROM sale WHERE id > 100").Replace("NULL", "", StringComparison.Ordinal));
    }

    [Fact]
    public void AggregatesRunAsWindowFunctions()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateAggregate("product", 1L, (long acc, long x) => acc * x);
        Statements.Run(connection, "CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2), (3), (4)");

        Assert.Equal("1|1|2\n2|2|6\n3|6|24\n4|24|12",
            Rows(connection, "SELECT x, product(x) OVER (ORDER BY x), product(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) FROM n ORDER BY x"));
    }

    [Fact]
    public void AThrowingAggregateFailsAndUndoesItsStatement()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateAggregate("picky", 0L, (long acc, long x) => x == 3 ? throw new InvalidOperationException("three is not allowed") : acc + x);
        Statements.Run(connection, "CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2), (3); CREATE TABLE totals (t INTEGER)");

        var error = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "INSERT INTO totals SELECT picky(x) FROM n"));
        Assert.Contains("picky()", error.Message, StringComparison.Ordinal);
        Assert.Contains("three is not allowed", error.Message, StringComparison.Ordinal);
        Assert.Equal(0L, Statements.Scalar(connection, "SELECT count(*) FROM totals"));
        var nullArgument = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "SELECT picky(NULL)"));
        Assert.Equal(SharpCoreDBErrorCode.TypeMismatch, nullArgument.ErrorCode);
    }

    [Fact]
    public void RegistrationsBelongToTheConnection()
    {
        using var database = new TestDatabase();
        using SharpCoreDBConnection connection = database.Open();
        connection.CreateAggregate("sum", 0L, (long acc, long x) => acc + (x * 10));
        Statements.Run(connection, "CREATE TABLE n (x INTEGER); INSERT INTO n VALUES (1), (2)");
        Assert.Equal(30L, Statements.Scalar(connection, "SELECT sum(x) FROM n"));

        connection.Close();
        connection.Open();
        Assert.Equal(30L, Statements.Scalar(connection, "SELECT sum(x) FROM n"));
        using (SharpCoreDBConnection other = database.Open())
        {
            Assert.Equal(3L, Statements.Scalar(other, "SELECT sum(x) FROM n"));
        }

        connection.CreateAggregate<long, long>("sum", 0L, null);
        Assert.Equal(3L, Statements.Scalar(connection, "SELECT sum(x) FROM n"));
        var missing = Assert.Throws<SharpCoreDBException>(() => Statements.Run(connection, "SELECT mine(x) FROM n"));
        Assert.Contains("no such function: mine", missing.Message, StringComparison.Ordinal);
    }

    private static string Rows(SharpCoreDBConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(string.Join("|", Enumerable.Range(0, reader.FieldCount).Select(i => reader.IsDBNull(i) ? "NULL" : Convert.ToString(reader.GetValue(i), System.Globalization.CultureInfo.InvariantCulture))));
        }

        return string.Join("\n", rows);
    }
}
