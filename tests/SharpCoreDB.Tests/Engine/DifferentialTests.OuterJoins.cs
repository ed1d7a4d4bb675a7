// The differential test's RIGHT and FULL JOINs: FROM clauses of three or four relations
// joined left to right by random kinds (inner, LEFT, RIGHT, FULL, CROSS), each relation a
// table, a view, a subquery (filtered, or grouped) or a CTE; USING and NATURAL joins whose
// merged columns the query reads unqualified; and joins whose right side is a parenthesized
// join. The ON conditions mix hashable equalities with IS, OR, a short id range and
// expressions, each selective enough that four relations stay small as the tables grow over
// a long run. The queries read the join's rows, `*`, DISTINCT rows, aggregates and groups,
// with WHERE on any relation (often on a NULL-extended one) and, in order, ORDER BY every
// result column.
using System.Text;

namespace SharpCoreDB.Tests.Engine;

public sealed partial class DifferentialTests
{
    private static readonly string[] Aliases = ["p", "q", "r", "s"];

    // The USING column lists; the last is NATURAL's, every column the relations have.
    private static readonly string[][] MergedColumns = [["a"], ["d"], ["a", "d"], ["b"], ["id", "a", "b", "c", "d"]];

    private static string OuterJoins(Random random)
    {
        int count = 3 + random.Next(2);
        string[] used = Aliases[..count];
        var from = new StringBuilder(Relation(random, "p"));
        bool crossed = false;
        for (int i = 1; i < count; i++)
        {
            // One cross join at most: two of them over grown tables make results too large to compare often.
            string kind = Pick(random, crossed ? ["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"] : ["JOIN", "LEFT JOIN", "RIGHT JOIN", "RIGHT JOIN", "FULL JOIN", "FULL JOIN", "CROSS JOIN"]);
            crossed |= kind == "CROSS JOIN";
            from.Append(' ').Append(kind).Append(' ').Append(Relation(random, Aliases[i]));
            if (kind != "CROSS JOIN")
            {
                from.Append(" ON ").Append(OnCondition(random, Aliases[random.Next(i)], Aliases[i]));
            }
        }

        string where = JoinWhere(random, used);
        string with = CommonTable(random);
        switch (random.Next(5))
        {
            case 0:
                {
                    string key = Pick(random, used) + ".d";
                    bool grouped = random.Next(2) == 0;
                    return $"{with}SELECT {(grouped ? key + ", " : string.Empty)}count(*), count({Pick(random, used)}.id), sum({Pick(random, used)}.a), " +
                        $"min({Pick(random, used)}.b), max({Pick(random, used)}.c) FROM {from}{where}{(grouped ? " GROUP BY " + key : string.Empty)}";
                }

            case 1:
                return $"{with}SELECT * FROM {from}{where}";
            default:
                {
                    string columns = string.Join(", ", used.Select(a => a + ".id")) + $", {Pick(random, used)}.b, {Pick(random, used)}.c";
                    string order = random.Next(3) == 0 ? " ORDER BY " + string.Join(", ", Enumerable.Range(1, count + 2)) : string.Empty;
                    return $"{with}SELECT {(random.Next(5) == 0 ? "DISTINCT " : string.Empty)}{columns} FROM {from}{where}{order}";
                }
        }
    }

    // Two or three relations joined by USING the same columns (or NATURAL), one join at least RIGHT or FULL:
    // the merged columns are read unqualified, everything else through its relation.
    private static string UsingOuterJoins(Random random)
    {
        int count = 2 + random.Next(2);
        string[] used = Aliases[..count];
        string[] merged = MergedColumns[random.Next(MergedColumns.Length)];
        bool natural = merged.Length == 5;
        string[] kinds = [.. Enumerable.Range(1, count - 1).Select(_ => Pick(random, ["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"]))];
        if (!kinds.Any(k => k is "RIGHT JOIN" or "FULL JOIN"))
        {
            kinds[random.Next(kinds.Length)] = Pick(random, ["RIGHT JOIN", "FULL JOIN"]);
        }

        var from = new StringBuilder(Relation(random, "p"));
        for (int i = 1; i < count; i++)
        {
            from.Append(natural ? " NATURAL " : " ").Append(kinds[i - 1]).Append(' ').Append(Relation(random, Aliases[i]));
            if (!natural)
            {
                from.Append(" USING (").Append(string.Join(", ", merged)).Append(')');
            }
        }

        string column = Pick(random, merged);
        string where = random.Next(4) switch
        {
            0 => string.Empty,
            1 => " WHERE " + Predicate(random, Pick(random, used)),
            2 => $" WHERE {column} IS NULL OR {column} {(column == "b" ? $"> '{(char)('a' + random.Next(5))}'" : $"> {random.Next(20)}")}",
            _ => natural ? " WHERE " + Predicate(random, null) : $" WHERE {column} IN ({Value(random, column == "b" ? 'b' : 'a')}, {Value(random, column == "b" ? 'b' : 'a')})",
        };
        string keys = string.Join(", ", merged);
        return $"{CommonTable(random)}" + random.Next(3) switch
        {
            0 => $"SELECT * FROM {from}{where}",
            1 => $"SELECT {keys}, count(*), count({Pick(random, used)}.id) FROM {from}{where} GROUP BY {keys}",
            _ => $"SELECT {keys}, {string.Join(", ", used.Select(a => a + ".id"))} FROM {from}{where} ORDER BY " +
                string.Join(", ", Enumerable.Range(1, merged.Length + count)),
        };
    }

    // An outer (or inner) join whose right side is a parenthesized join of two relations.
    private static string NestedOuterJoin(Random random)
    {
        string outer = Pick(random, ["LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "JOIN"]);
        string inner = Pick(random, ["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"]);
        string from = $"{Relation(random, "p")} {outer} ({Relation(random, "q")} {inner} {Relation(random, "r")} ON {OnCondition(random, "q", "r")}) " +
            $"ON {OnCondition(random, "p", Pick(random, ["q", "r"]))}";
        return $"{CommonTable(random)}SELECT p.id, q.id, r.id, q.b, r.c FROM {from}{JoinWhere(random, ["p", "q", "r"])}";
    }

    private static string Relation(Random random, string alias) => random.Next(8) switch
    {
        0 or 1 or 2 => $"{Pick(random, Tables)} AS {alias}",
        3 => $"{Pick(random, ["v1", "v2"])} AS {alias}",
        4 => $"(SELECT * FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}) AS {alias}",
        5 => $"(SELECT d AS id, count(*) AS a, max(b) AS b, sum(c) AS c, min(a) AS d FROM {Pick(random, Tables)} GROUP BY d) AS {alias}",
        _ => $"w AS {alias}",
    };

    // The CTE a relation may name as w.
    private static string CommonTable(Random random) => $"WITH w AS (SELECT * FROM {Pick(random, Tables)} WHERE {Predicate(random, null)}) ";

    private static string OnCondition(Random random, string left, string right) => random.Next(10) switch
    {
        0 => $"{left}.a = {right}.d",
        1 => $"{right}.a = {left}.d",
        2 => $"{left}.a = {right}.a AND {right}.c > {random.Next(100)}.5",
        3 => $"{left}.b = {right}.b",
        4 => $"{left}.id = {right}.id",
        5 => $"{left}.a IS {right}.d",
        6 => $"({left}.a = {right}.a OR {left}.d = {right}.d)",
        7 => $"{right}.id BETWEEN {left}.id AND {left}.id + 3",
        8 => $"{left}.a + 1 = {right}.d",
        _ => $"{right}.id = {left}.id + 1 AND {right}.a > {left}.d",
    };

    private static string JoinWhere(Random random, string[] aliases) => random.Next(3) switch
    {
        0 => string.Empty,
        1 => " WHERE " + Predicate(random, Pick(random, aliases)),
        _ => $" WHERE {Pick(random, aliases)}.id IS NULL OR {Predicate(random, Pick(random, aliases))}",
    };
}
