// json_group_array(X) and json_group_object(NAME, VALUE): a group's values as one JSON
// array or object, in the order the rows arrive (SQLite's order too), NULLs included
// as null; an empty group gives [] or {}. A value that is JSON (another JSON
// function's result) is nested as JSON, as in SQLite.
namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>json_group_array.</summary>
internal sealed class JsonGroupArrayAggregate : IAggregate
{
    private JsonNode _array = JsonNode.NewArray();

    public void Step(ReadOnlySpan<DbValue> args) => _array.Items.Add(JsonText.ToNode(args[0]));

    public DbValue Finish() => JsonText.ToJsonValue(_array);

    public void Reset() => _array = JsonNode.NewArray();
}

/// <summary>json_group_object.</summary>
internal sealed class JsonGroupObjectAggregate : IAggregate
{
    private JsonNode _object = JsonNode.NewObject();

    public void Step(ReadOnlySpan<DbValue> args)
    {
        // SQLite skips a row whose name is NULL; any other name is its text.
        if (args[0].IsNull)
        {
            return;
        }

        string key = Semantics.SqlTextConversion.ToText(args[0])!;
        _object.Members.Add(new JsonMember(key, JsonText.Escape(key), JsonText.ToNode(args[1])));
    }

    public DbValue Finish() => JsonText.ToJsonValue(_object);

    public void Reset() => _object = JsonNode.NewObject();
}
