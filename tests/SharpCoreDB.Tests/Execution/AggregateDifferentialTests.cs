// Differential test of the aggregates against SQLite: seeded random groups of
// literal values are inserted into an untyped SQLite column and aggregated there
// and by our IAggregate implementations (plain and DISTINCT), comparing value and type.
using Microsoft.Data.Sqlite;
using SharpCoreDB.Execution.Functions;
using SharpCoreDB.TestSupport.Sqlite;
using SharpCoreDB.Values;

namespace SharpCoreDB.Tests.Execution;

public class AggregateDifferentialTests
{
    private static readonly string[] Aggregates =
        ["count(*)", "count(x)", "sum(x)", "total(x)", "avg(x)", "min(x)", "max(x)", "group_concat(x)", "group_concat(x, ';')"];

    [Fact]
    public void RandomGroupsAgreeWithSqlite()
    {
        using SqliteConnection connection = SqliteReference.OpenMemory();
        using var command = connection.CreateCommand();
        var generator = new OperandGenerator(77);
        var failures = new List<string>();
        int compared = 0;
        int excluded = 0;
        for (int group = 0; group < 300; group++)
        {
            command.CommandText = "DROP TABLE IF EXISTS g; CREATE TABLE g(x)";
            command.ExecuteNonQuery();
            int rows = generator.Random.Next(0, 8);
            var values = new List<Operand>();
            bool numbersOnly = generator.Random.Next(2) == 0;
            for (int i = 0; i < rows; i++)
            {
                Operand o = generator.Next();
                while (numbersOnly && o.Value.Type is DbValueType.Text or DbValueType.Blob)
                {
                    o = generator.Next();
                }

                values.Add(o);
                command.CommandText = $"INSERT INTO g VALUES ({o.Sql})";
                command.ExecuteNonQuery();
            }

            foreach (string aggregate in Aggregates)
            {
                foreach (bool distinct in new[] { false, true })
                {
                    if (distinct && (aggregate == "count(*)" || aggregate.Contains(';', StringComparison.Ordinal)))
                    {
                        continue;
                    }

                    string name = aggregate[..aggregate.IndexOf('(')];
                    string sql = distinct ? aggregate.Replace("(x", "(DISTINCT x", StringComparison.Ordinal) : aggregate;
                    command.CommandText = "SELECT " + sql + " FROM g";
                    DbValue expected;
                    string? error = null;
                    try
                    {
                        expected = SqliteValues.ToDbValue(command.ExecuteScalar());
                    }
                    catch (SqliteException e)
                    {
                        expected = DbValue.Null;
                        error = e.Message;
                    }

                    int argumentCount = aggregate == "count(*)" ? 0 : aggregate.Contains(';', StringComparison.Ordinal) ? 2 : 1;
                    Assert.True(FunctionRegistry.TryCreateAggregate(name, argumentCount, distinct, TextCollation.Binary, out IAggregate state));
                    DbValue actual;
                    try
                    {
                        foreach (Operand v in values)
                        {
                            DbValue[] args = argumentCount switch
                            {
                                0 => [],
                                1 => [v.Value],
                                _ => [v.Value, DbValue.FromText(";")],
                            };
                            state.Step(args);
                        }

                        actual = state.Finish();
                    }
                    catch (SharpCoreDBException e)
                    {
                        compared++;
                        if (error is null)
                        {
                            failures.Add($"{sql} over [{string.Join(", ", values.Select(v => v.Sql))}]: we threw {e.Message}");
                        }

                        continue;
                    }

                    compared++;
                    if (error is not null)
                    {
                        failures.Add($"{sql} over [{string.Join(", ", values.Select(v => v.Sql))}]: SQLite failed ({error})");
                    }
                    else if (SqliteValues.SeventeenthDigitOnly(expected, actual))
                    {
                        excluded++;
                    }
                    else if (!SqliteValues.SameValue(expected, actual))
                    {
                        failures.Add($"{sql} over [{string.Join(", ", values.Select(v => v.Sql))}]: SQLite {SqliteValues.Describe(expected)}, we {SqliteValues.Describe(actual)}");
                    }

                    // Reset must make the state reusable for the next group.
                    state.Reset();
                    Assert.True(SqliteValues.SameValue(FreshFinish(name, argumentCount, distinct), state.Finish()));
                }
            }
        }

        Assert.True(failures.Count == 0, $"{failures.Count} of {compared} differ ({excluded} excluded):\n" + string.Join("\n", failures.Take(40)));
    }

    private static DbValue FreshFinish(string name, int argumentCount, bool distinct)
    {
        FunctionRegistry.TryCreateAggregate(name, argumentCount, distinct, TextCollation.Binary, out IAggregate state);
        return state.Finish();
    }
}
