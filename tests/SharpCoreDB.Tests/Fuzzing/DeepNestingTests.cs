// Statements nested far deeper than any real query (long operator chains, stacked
// unary operators, nested CASE and subqueries): the recursive parser, planner and
// evaluators must either run them or reject them with a SharpCoreDBException;
// a stack overflow would kill the whole process, which no catch can turn into an error.
namespace SharpCoreDB.Tests.Fuzzing;

[Trait("Category", "Slow")]
public sealed class DeepNestingTests
{
    public static TheoryData<string, int> Shapes => new()
    {
        { "binary_chain", 20_000 },
        { "unary_minus", 5_000 },
        { "not_chain", 5_000 },
        { "parentheses", 5_000 },
        { "case", 2_000 },
        { "subquery", 2_000 },
        { "concat_chain", 20_000 },
        { "and_chain", 20_000 },
    };

    [Theory]
    [MemberData(nameof(Shapes))]
    public void DeepStatementsRunOrRaiseSharpCoreDBException(string shape, int depth)
    {
        string expression = shape switch
        {
            "binary_chain" => "1" + string.Concat(Enumerable.Repeat(" + 1", depth)),
            "unary_minus" => string.Concat(Enumerable.Repeat("- ", depth)) + "1",
            "not_chain" => string.Concat(Enumerable.Repeat("NOT ", depth)) + "1",
            "parentheses" => new string('(', depth) + "1" + new string(')', depth),
            "case" => string.Concat(Enumerable.Repeat("CASE WHEN 1 THEN ", depth)) + "1" + string.Concat(Enumerable.Repeat(" END", depth)),
            "subquery" => string.Concat(Enumerable.Repeat("(SELECT ", depth)) + "1" + new string(')', depth),
            "concat_chain" => "'a'" + string.Concat(Enumerable.Repeat(" || 'a'", depth)),
            _ => "1" + string.Concat(Enumerable.Repeat(" AND 1", depth)),
        };

        var runner = new SqlFuzzRunner();
        runner.Replay(["CREATE TABLE t(a)", "INSERT INTO t VALUES (1)", $"SELECT {expression} FROM t", $"SELECT * FROM t WHERE {expression}"]);
        string report = string.Join("\n", runner.Failures);
        Assert.True(runner.Failures.Count == 0, report[..Math.Min(4000, report.Length)]);
    }
}
