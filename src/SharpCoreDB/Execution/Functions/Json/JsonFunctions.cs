// SQLite's JSON functions over JSON text (docs/sql-semantics.md "JSON"): json,
// json_valid, json_type, json_extract, json_array_length, json_array, json_object,
// json_insert, json_replace, json_set, json_remove, json_patch, json_quote, and the
// -> and ->> operators. A NULL document gives NULL; a document that is not JSON is
// SQLite's "malformed JSON"; a BLOB is refused, since SQLite reads a BLOB as its binary
// JSONB form, which SharpCoreDB does not have (an error, never another meaning).
// Every result that is JSON text carries the JSON mark (JsonText.MarkedText), so
// nesting one JSON function inside another nests values, not strings.
namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>Bodies of the JSON functions and operators.</summary>
internal static class JsonFunctions
{
    private const int Many = int.MaxValue;

    /// <summary>Registers every scalar JSON function.</summary>
    public static void Register(ScalarFunctionAdder add)
    {
        add("JSON", 1, 1, args => args[0].IsNull ? DbValue.Null : JsonText.ToJsonValue(Document(args[0])), true, SqlTypeAffinity.None);
        add("JSON_VALID", 1, 2, Valid, true, SqlTypeAffinity.None);
        add("JSON_TYPE", 1, 2, Type, true, SqlTypeAffinity.None);
        add("JSON_EXTRACT", 2, Many, Extract, true, SqlTypeAffinity.None);
        add("JSON_ARRAY_LENGTH", 1, 2, ArrayLength, true, SqlTypeAffinity.None);
        add("JSON_ARRAY", 0, Many, Array, true, SqlTypeAffinity.None);
        add("JSON_OBJECT", 0, Many, Object, true, SqlTypeAffinity.None);
        add("JSON_INSERT", 1, Many, args => Edit(args, JsonEditMode.Insert, "json_insert"), true, SqlTypeAffinity.None);
        add("JSON_REPLACE", 1, Many, args => Edit(args, JsonEditMode.Replace, "json_replace"), true, SqlTypeAffinity.None);
        add("JSON_SET", 1, Many, args => Edit(args, JsonEditMode.Set, "json_set"), true, SqlTypeAffinity.None);
        add("JSON_REMOVE", 1, Many, Remove, true, SqlTypeAffinity.None);
        add("JSON_PATCH", 2, 2, Patch, true, SqlTypeAffinity.None);
        add("JSON_QUOTE", 1, 1, args => JsonText.IsJson(args[0]) ? args[0] : JsonText.ToJsonValue(JsonText.ToNode(args[0])), true, SqlTypeAffinity.None);
    }

    /// <summary>X -> P: the part of X that P names, as JSON text (NULL when there is none).</summary>
    public static DbValue Arrow(in DbValue document, in DbValue path) => Part(document, path, asJson: true);

    /// <summary>X ->> P: the part of X that P names, as an SQL value (as json_extract with one path).</summary>
    public static DbValue ArrowText(in DbValue document, in DbValue path) => Part(document, path, asJson: false);

    private static DbValue Part(in DbValue document, in DbValue path, bool asJson)
    {
        if (document.IsNull || path.IsNull)
        {
            return DbValue.Null;
        }

        if (TryStream(document, path, asJson, out DbValue found))
        {
            return found;
        }

        JsonNode? node = JsonPath.LookupOperand(Document(document), path);
        return node is null ? DbValue.Null : asJson ? JsonText.ToJsonValue(node) : JsonText.ToSqlValue(node);
    }

    // The -> / ->> / json_extract lookup without the document's tree (JsonStreamLookup), when it can do without.
    private static bool TryStream(in DbValue document, in DbValue operand, bool asJson, out DbValue found)
    {
        found = default;
        if (document.Type == DbValueType.Blob)
        {
            return false;
        }

        string text = Semantics.SqlTextConversion.ToText(document)!;
        if (operand.Type is DbValueType.Integer or DbValueType.Boolean)
        {
            long n = operand.AsInt64();
            return JsonStreamLookup.TryFind(text, null, new JsonPath.Step(null, n < 0 ? -n : n, FromEnd: n < 0), asJson, out found);
        }

        string path = Semantics.SqlTextConversion.ToText(operand)!;
        return path.StartsWith('$')
            ? JsonStreamLookup.TryFind(text, path, default, asJson, out found)
            : JsonStreamLookup.TryFind(text, null, new JsonPath.Step(path, 0, FromEnd: false), asJson, out found);
    }

    // The JSON document an argument holds (its text form for numbers, as SQLite reads them).
    internal static JsonNode Document(in DbValue value) => value.Type == DbValueType.Blob
        ? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "malformed JSON")
        : JsonNode.Parse(Semantics.SqlTextConversion.ToText(value)!);

    private static string PathText(in DbValue value) =>
        Semantics.SqlTextConversion.ToText(value) ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "bad JSON path: NULL");

    private static DbValue Valid(ReadOnlySpan<DbValue> args)
    {
        if (args.Length == 2)
        {
            long flags = args[1].Type is DbValueType.Integer ? args[1].AsInt64() : 0;
            if (flags is < 1 or > 15)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "FLAGS parameter to json_valid() must be between 1 and 15");
            }

            if (flags != 1)
            {
                throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "json_valid() flags other than 1 (JSON5 text and JSONB) are not supported");
            }
        }

        return args[0].IsNull ? DbValue.Null
            : DbValue.FromInt64(args[0].Type != DbValueType.Blob && JsonNode.TryParse(Semantics.SqlTextConversion.ToText(args[0])!) is not null ? 1 : 0);
    }

    private static DbValue Type(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || (args.Length == 2 && args[1].IsNull))
        {
            return DbValue.Null;
        }

        JsonNode root = Document(args[0]);
        JsonNode? node = args.Length == 2 ? JsonPath.Lookup(root, PathText(args[1])) : root;
        return node is null ? DbValue.Null : DbValue.FromText(JsonText.TypeName(node.Kind));
    }

    private static DbValue Extract(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull)
        {
            return DbValue.Null;
        }

        if (args.Length == 2 && !args[1].IsNull && PathText(args[1]) is { } single && single.StartsWith('$')
            && TryStream(args[0], DbValue.FromText(single), asJson: false, out DbValue found))
        {
            return found;
        }

        JsonNode root = Document(args[0]);
        if (args.Length == 2)
        {
            JsonNode? node = args[1].IsNull ? null : JsonPath.Lookup(root, PathText(args[1]));
            return node is null ? DbValue.Null : JsonText.ToSqlValue(node);
        }

        // Several paths: a JSON array of the parts, null for a path that names nothing.
        JsonNode result = JsonNode.NewArray();
        foreach (ref readonly DbValue path in args[1..])
        {
            if (path.IsNull)
            {
                return DbValue.Null;
            }

            result.Items.Add(JsonPath.Lookup(root, PathText(path)) ?? JsonNode.Null);
        }

        return JsonText.ToJsonValue(result);
    }

    private static DbValue ArrayLength(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull || (args.Length == 2 && args[1].IsNull))
        {
            return DbValue.Null;
        }

        JsonNode root = Document(args[0]);
        JsonNode? node = args.Length == 2 ? JsonPath.Lookup(root, PathText(args[1])) : root;
        return node is null ? DbValue.Null : DbValue.FromInt64(node.Kind == JsonKind.Array ? node.Items.Count : 0);
    }

    private static DbValue Array(ReadOnlySpan<DbValue> args)
    {
        JsonNode array = JsonNode.NewArray();
        foreach (ref readonly DbValue value in args)
        {
            array.Items.Add(JsonText.ToNode(value));
        }

        return JsonText.ToJsonValue(array);
    }

    private static DbValue Object(ReadOnlySpan<DbValue> args)
    {
        if (args.Length % 2 != 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "json_object() requires an even number of arguments");
        }

        JsonNode obj = JsonNode.NewObject();
        for (int i = 0; i < args.Length; i += 2)
        {
            string key = args[i].Type == DbValueType.Text
                ? args[i].AsText()
                : throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "json_object() labels must be TEXT");
            obj.Members.Add(new JsonMember(key, JsonText.Escape(key), JsonText.ToNode(args[i + 1])));
        }

        return JsonText.ToJsonValue(obj);
    }

    private static DbValue Edit(ReadOnlySpan<DbValue> args, JsonEditMode mode, string name)
    {
        if (args.Length % 2 == 0)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, $"{name}() needs an odd number of arguments");
        }

        if (args[0].IsNull)
        {
            return DbValue.Null;
        }

        JsonNode root = Document(args[0]);
        for (int i = 1; i < args.Length; i += 2)
        {
            // A NULL path edits nothing (SQLite's json_set('{}', NULL, 1) is '{}').
            if (!args[i].IsNull)
            {
                root = JsonPath.Edit(root, PathText(args[i]), JsonText.ToNode(args[i + 1], inserted: true).Clone(), mode);
            }
        }

        return JsonText.ToJsonValue(root);
    }

    private static DbValue Remove(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull)
        {
            return DbValue.Null;
        }

        JsonNode root = Document(args[0]);
        foreach (ref readonly DbValue path in args[1..])
        {
            if (path.IsNull || !JsonPath.Remove(root, PathText(path)))
            {
                return DbValue.Null;
            }
        }

        return JsonText.ToJsonValue(root);
    }

    // RFC 7396 MergePatch, as SQLite's json_patch.
    // The target is read (and must be JSON) before a NULL patch gives NULL, as in SQLite.
    private static DbValue Patch(ReadOnlySpan<DbValue> args)
    {
        if (args[0].IsNull)
        {
            return DbValue.Null;
        }

        JsonNode target = Document(args[0]);
        return args[1].IsNull ? DbValue.Null : JsonText.ToJsonValue(MergePatch(target, Document(args[1])));
    }

    private static JsonNode MergePatch(JsonNode? target, JsonNode patch)
    {
        if (patch.Kind != JsonKind.Object)
        {
            return patch;
        }

        JsonNode result = target is { Kind: JsonKind.Object } ? target : JsonNode.NewObject();
        foreach (JsonMember member in patch.Members)
        {
            if (member.Value.Kind == JsonKind.Null)
            {
                result.Members.RemoveAll(m => m.Key == member.Key);
            }
            else
            {
                result.SetMember(member.Key, MergePatch(result.Member(member.Key), member.Value));
            }
        }

        return result;
    }
}
