// SQLite's JSON functions over JSON text give SQLite's answers (Microsoft.Data.Sqlite's
// SQLite in the same test): minified output that keeps numbers and escapes as written,
// paths with labels, quoted labels, [N], [#-N] and [#], the -> and ->> operators, JSON
// nested through the functions (SQLite's JSON subtype) but not through plain text,
// edits that create what is missing, merge patches, group aggregates, and SQLite's
// errors. Values stored in a table and read back after reopening keep working.
namespace SharpCoreDB.Data.Tests.EndToEnd;

public sealed class JsonFunctionTests : SqliteComparisonTests
{
    [Theory]
    [InlineData("""json(' { "a" : [1, 2.50, "x\u0041y", true, false, null], "b": {"c": -1e3} } '), json(5), json('null'), json('{"a":1,"a":2}')""")]
    [InlineData("""json_valid('{"a":1}'), json_valid('{a:1}'), json_valid(NULL), json_valid('5'), json_valid(''), json_valid('[1,]'), json_valid('[1]', 1)""")]
    [InlineData("""json_type('{"a":[1,2.5,"t",true,false,null,{}]}'), json_type('{"a":[1]}', '$.a'), json_type('[1,2.5]', '$[1]'), json_type('[1]', '$[5]'), json_type('{"a":1}', NULL)""")]
    [InlineData("""json_extract('{"a":{"b":[10,20,30]}}', '$.a.b[1]'), json_extract('{"a":{"b":[10,20,30]}}', '$.a.b'), json_extract('{"a":{"b":[10,20]}}', '$.a.b[#-1]'), json_extract('{"a":"x"}', '$.a', '$.zz', '$')""")]
    [InlineData("""json_extract('{"a":true,"b":false,"c":null}', '$.a'), json_extract('{"b":false}', '$.b'), json_extract('{"c":null}', '$.c'), json_extract('{"d":1.5}', '$.d'), json_extract('{"e":"s\"q"}', '$.e'), typeof(json_extract('{"d":1.5}', '$.d'))""")]
    [InlineData("""json_extract('[12345678901234567890, 1e400, 1.5e2]', '$[0]'), json_extract('[1e400]', '$[0]'), json_extract('[1.5e2]', '$[0]'), json_extract('{"a":1,"a":2}', '$.a')""")]
    [InlineData("""json_extract('{"a":{"b":1}}', '$."a".b'), json_extract('{"a.b":2}', '$."a.b"'), json_extract('{"a":1}', '$[0]'), json_extract('{"a":1}', '$[x]'), json_extract('[1]', '$.a')""")]
    [InlineData("""'{"a":{"b":[1,{"c":"x\u0041"}]}, "z":1}' ->> '$.a.b[1].c', '{"a":{"b":[1,{"c":"x\u0041"}]}}' -> '$.a.b[1].c', '[true,false,null]' -> 0, '[true,false,null]' -> 2, '[true]' ->> 0, '[1,2,3]' -> '$[#-1]'""")]
    [InlineData("""'{"a":{"b":[1,"two"]}}' -> '$.a', '{"a":{"b":[1,"two"]}}' ->> '$.a.b[1]', '{"a":{"b":[1,"two"]}}' -> '$.a.b[1]', '[10,20,30]' -> 1, '[10,20,30]' ->> -1, '{"a b":7}' ->> 'a b', '{"x":1}' -> 'y'""")]
    [InlineData("""json_array(1, 2.5, 'x', NULL, json_array(3), json('{"k":1}'), '[1]'), json_array(), json_object(), json_object('a', 1, 'b', json_object('c', 'd'), 'e', '{"not":"json"}')""")]
    [InlineData("""json_array(0.1 + 0.2, 1e100, 1.0, -0.0, 100000000000000000000, 9223372036854775807, 1.5e300 * 1e10), json_array('{"a":1}' -> '$.a', '[[1]]' -> '$[0]')""")]
    [InlineData("""json_array_length('[1,2,3]'), json_array_length('{"a":[1,2]}', '$.a'), json_array_length('{"a":1}'), json_array_length('[1]', '$[3]')""")]
    [InlineData("""json_insert('{"a":1}', '$.a', 9, '$.b', 2), json_replace('{"a":1}', '$.a', 9, '$.b', 2), json_set('{"a":1}', '$.a', 9, '$.b', 2), json_set('{}', '$.x.y', 1), json_set('[1,2]', '$[#]', 3), json_set('[1,2]', '$[5]', 3)""")]
    [InlineData("""json_set('{"a":1}', '$', json('[1]')), json_replace('{"a":1}', '$', 5), json_insert('{"a":1}', '$', 5), json_set('{"a":1}', '$.b', json_array(1,2)), json_set('{"a":1}', '$.b', '[1,2]')""")]
    [InlineData("""json_set('{"a":1}', '$.b[0]', 5), json_set('{"a":1}', '$.b[1]', 5), json_set('{"a":1}', '$.b[#]', 5), json_set('[]', '$[0].x', 5), json_insert('[1,2]', '$[2]', 3)""")]
    [InlineData("""json_remove('[0,1,2,3]', '$[1]', '$[1]'), json_remove('{"a":1,"b":2}', '$.a'), json_remove('{"a":1}', '$'), json_remove('{"a":1}', '$.zz'), json_remove('[1,2]', '$[#-1]')""")]
    [InlineData("""json_patch('{"a":1,"b":{"c":2,"d":3}}', '{"b":{"c":null,"e":4},"f":5}'), json_patch('{"a":1}', '[1]'), json_patch('[1]', '{"a":1}'), json_patch(NULL, '{}')""")]
    [InlineData("""json_quote('a"b\c'), json_quote(3.5), json_quote(NULL), json_quote(json('[1]')), json_quote(char(10) || char(1)), json_quote(10), json_quote('é')""")]
    public void AnswersAsSqlite(string expressions) => Both.AssertSameRows("SELECT " + expressions);

    [Fact]
    public void GroupAggregatesAndStoredDocumentsAsSqlite()
    {
        foreach (string sql in new[]
        {
            "CREATE TABLE t (id INTEGER PRIMARY KEY, g TEXT, v, doc TEXT)",
            """INSERT INTO t VALUES (1, 'a', 1, '{"n":1,"tags":["x","y"]}'), (2, 'a', 'x', '{"n":2}'), (3, 'b', NULL, NULL), (4, 'b', 2.5, '[1,2]'), (5, 'c', json('{"n":1}'), '{"n":"5"}')""",
            "CREATE INDEX t_n ON t (json_extract(doc, '$.n'))",
        })
        {
            Both.Execute(sql);
        }

        Both.AssertSameRows("SELECT g, json_group_array(v), json_group_object('k' || id, v) FROM t GROUP BY g ORDER BY g");
        Both.AssertSameRows("SELECT json_group_array(v), json_group_object('k', v) FROM t WHERE id > 100");
        Both.AssertSameRows("SELECT id, doc ->> '$.n', doc -> 'tags', json_array_length(doc, '$.tags'), json_type(doc) FROM t ORDER BY id");
        Both.AssertSameRows("SELECT id FROM t WHERE json_extract(doc, '$.n') = 1 ORDER BY id");
        Both.AssertSameRows("UPDATE t SET doc = json_set(doc, '$.seen', 1) WHERE json_type(doc) = 'object' RETURNING id, doc");
        Both.AssertSameRows("SELECT json_group_array(json_object('id', id, 'doc', json(doc))) FROM t WHERE doc IS NOT NULL");
    }

    // json_each and json_tree as SQLite lists them (every column but id, whose numbers are SQLite's offsets into its
    // binary form; ours are unique and increase in the same order), alone, joined to a table row by row (LEFT JOIN
    // too), in IN subqueries (how applications pass a list as one parameter), and with `*` leaving the hidden columns out.
    [Theory]
    [InlineData("SELECT key, value, type, atom, fullkey, path, parent FROM json_each('[1, \"two\", [3], {\"f\":4}, null, 2.5, true]')")]
    [InlineData("SELECT key, value, type, atom, fullkey, path FROM json_each('{\"a\":1,\"b c\":[2],\"_d\":\"x\",\"e9\":null}')")]
    [InlineData("SELECT key, value, fullkey, path FROM json_each('{\"a\":{\"b\":[10,20]}}', '$.a.b')")]
    [InlineData("SELECT key, value, fullkey, path FROM json_each('{\"a\":5}', '$.a')")]
    [InlineData("SELECT key, value, fullkey, path FROM json_each('5')")]
    [InlineData("SELECT count(*) FROM json_each('{\"a\":5}', '$.zz')")]
    [InlineData("SELECT count(*) FROM json_each(NULL)")]
    [InlineData("SELECT count(*) FROM json_each()")]
    [InlineData("SELECT key, value, type, atom, fullkey, path, parent IS NULL FROM json_tree('{\"a\":[1,{\"b\":2}],\"c\":\"x\"}')")]
    [InlineData("SELECT key, value, fullkey, path FROM json_tree('{\"a\":[1,{\"b\":2}],\"c\":\"x\"}', '$.a')")]
    [InlineData("SELECT key, fullkey, path FROM json_tree('{\"a\":{\"b c\":[5]}}', '$.a.\"b c\"')")]
    [InlineData("SELECT key, fullkey, path FROM json_tree('{\"x\":{\"a.b\":[5]}}', '$.x.\"a.b\"')")]
    [InlineData("SELECT key, value, type, atom, fullkey, path FROM json_each('[1,2]') AS e")]
    [InlineData("SELECT json, root, value FROM json_each('[1,2]', '$')")]
    [InlineData("SELECT count(*), sum(value) FROM json_each('[1,2,3,4]') WHERE value > 1")]
    [InlineData("SELECT a.value, b.value FROM json_each('[1,2]') a, json_each('[10,20]') b ORDER BY 1, 2")]
    [InlineData("SELECT json_array(value), json_group_array(value) FROM json_each('[[1,2],{\"a\":1}]')")]
    public void TableFunctionsAsSqlite(string sql) => Both.AssertSameRows(sql);

    [Fact]
    public void TableFunctionsJoinedToRowsAsSqlite()
    {
        Both.Execute("CREATE TABLE d (id INTEGER PRIMARY KEY, doc TEXT)");
        Both.Execute("""INSERT INTO d VALUES (1, '{"tags":["a","b"]}'), (2, '{"tags":["c"]}'), (3, '{"tags":[]}'), (4, NULL)""");
        Both.AssertSameRows("SELECT d.id, t.value FROM d, json_each(d.doc, '$.tags') AS t ORDER BY d.id, t.key");
        Both.AssertSameRows("SELECT d.id, t.value FROM d LEFT JOIN json_each(d.doc, '$.tags') AS t ORDER BY d.id, t.key");
        Both.AssertSameRows("SELECT id FROM d WHERE 'c' IN (SELECT value FROM json_each(d.doc, '$.tags'))");
        Both.AssertSameRows("SELECT id FROM d WHERE id IN (SELECT value FROM json_each('[2,4,9]')) ORDER BY id");
        Both.AssertSameRows("SELECT p.id, t.fullkey FROM d p JOIN json_tree(p.doc) t WHERE t.type = 'text' ORDER BY 1, 2");
        Assert.Equal(["key", "value", "type", "atom", "id", "parent", "fullkey", "path"], ColumnNames("SELECT * FROM json_each('[1]')"));
    }

    private List<string> ColumnNames(string sql)
    {
        using var command = Both.Engine.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        return [.. Enumerable.Range(0, reader.FieldCount).Select(reader.GetName)];
    }

    // A document written by json_set into a file, read back after the database is closed and opened again: through
    // ->>, json_each, and an index on a json_extract expression.
    [Fact]
    public void DocumentsSurviveReopening()
    {
        using var directory = new TempDirectory();
        string connectionString = $"Data Source={Path.Combine(directory.Path, "json.scdb")}";
        using (var connection = new SharpCoreDBConnection(connectionString))
        {
            connection.Open();
            Statements.Run(connection, "CREATE TABLE items (id INTEGER PRIMARY KEY, doc TEXT NOT NULL)");
            Statements.Run(connection, "CREATE INDEX items_sku ON items (doc ->> '$.sku')");
            for (int i = 1; i <= 50; i++)
            {
                Statements.Run(connection, $$"""INSERT INTO items VALUES ({{i}}, json_set('{"tags":[]}', '$.sku', 'S{{i}}', '$.tags[#]', 'even' || ({{i}} % 2 = 0)))""");
            }
        }

        using var reopened = new SharpCoreDBConnection(connectionString);
        reopened.Open();
        Assert.Equal(7L, Statements.Scalar(reopened, "SELECT id FROM items WHERE doc ->> '$.sku' = 'S7'"));
        Assert.Equal(25L, Statements.Scalar(reopened, "SELECT count(*) FROM items, json_each(items.doc, '$.tags') t WHERE t.value = 'even1'"));
        using var explain = reopened.CreateCommand();
        explain.CommandText = "EXPLAIN QUERY PLAN SELECT id FROM items WHERE doc ->> '$.sku' = 'S7'";
        using var plan = explain.ExecuteReader();
        var lines = new List<string>();
        while (plan.Read())
        {
            lines.Add(plan.GetString(plan.FieldCount - 1));
        }

        Assert.Contains(lines, line => line.Contains("items_sku", StringComparison.Ordinal));
    }

    [Theory]
    [InlineData("SELECT * FROM json_each('[1]', '$', 3)", "too many arguments on json_each() - max 2")]
    [InlineData("SELECT * FROM json_each('[1')", "malformed JSON")]
    [InlineData("SELECT * FROM no_such_function(1)", "no such table: no_such_function")]
    [InlineData("SELECT json('[1,2')", "malformed JSON")]
    [InlineData("SELECT json_extract('{\"a\":1,', '$.a')", "malformed JSON")]
    [InlineData("SELECT '[1,2' -> 0", "malformed JSON")]
    [InlineData("SELECT json_extract('{\"a\":1}', 'a')", "bad JSON path: 'a'")]
    [InlineData("SELECT json_extract('{\"a\":[1]}', '$.a[')", "bad JSON path: '$.a['")]
    [InlineData("SELECT json_extract('{\"a\":[1]}', '$.a[ 0 ]')", "bad JSON path: '$.a[ 0 ]'")]
    [InlineData("SELECT json_object('a', 1, 'b')", "json_object() requires an even number of arguments")]
    [InlineData("SELECT json_object(1, 2)", "json_object() labels must be TEXT")]
    [InlineData("SELECT json_insert('{}', '$.a')", "json_insert() needs an odd number of arguments")]
    [InlineData("SELECT json_valid('{}', 16)", "FLAGS parameter to json_valid() must be between 1 and 15")]
    public void ErrorsAsSqlite(string sql, string message) => Both.AssertSameError(sql, message);

    // SQLite reads a BLOB as binary JSONB, which SharpCoreDB does not have: an error naming it, never another answer.
    [Theory]
    [InlineData("SELECT json_array(x'00')")]
    [InlineData("SELECT json(x'7b7d')")]
    [InlineData("SELECT json_valid('{}', 4)")]
    public void JsonbIsRefusedByName(string sql)
    {
        var error = Assert.ThrowsAny<SharpCoreDBException>(() => Statements.Run(Both.Engine, sql));
        Assert.Matches("JSONB|malformed JSON", error.Message);
    }
}
