// A parsed JSON value, as SQLite's JSON functions see one: object members keep their
// order and their duplicates (the first match wins a lookup, as in SQLite), numbers and
// strings keep the text they were written with (json('1.50') gives 1.50 back and
// json('"\u0041"') gives "\u0041", as SQLite copies its input), and the tree is mutable
// so json_set, json_insert, json_replace, json_remove and json_patch edit a parse of
// their argument in place.
//
// Parsing uses System.Text.Json's Utf8JsonReader (strict RFC 8259 text, depth limit
// 1000 like SQLite's); anything it rejects is SQLite's "malformed JSON".
using System.Text;
using System.Text.Json;

namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>What a JSON value is; the names are json_type()'s answers.</summary>
internal enum JsonKind : byte
{
    Null,
    True,
    False,
    Integer,
    Real,
    Text,
    Array,
    Object,
}

/// <summary>One JSON value: a scalar with its source text, or an array or object of child nodes.</summary>
internal sealed class JsonNode
{
    private const int MaxDepth = 1000;

    private JsonNode(JsonKind kind, string? raw = null)
    {
        Kind = kind;
        Raw = raw;
    }

    public JsonKind Kind { get; }

    /// <summary>Integer and Real: the number as written. Text: the string's content as written, escapes kept, quotes dropped.</summary>
    public string? Raw { get; }

    /// <summary>Array: the elements in order.</summary>
    public List<JsonNode> Items { get; } = [];

    /// <summary>Object: the members in order, each with its decoded key (for lookups) and its key as written (for output).</summary>
    public List<JsonMember> Members { get; } = [];

    public static JsonNode Null { get; } = new(JsonKind.Null);

    public static JsonNode NewArray() => new(JsonKind.Array);

    public static JsonNode NewObject() => new(JsonKind.Object);

    public static JsonNode Boolean(bool value) => new(value ? JsonKind.True : JsonKind.False);

    /// <summary>A number node from its JSON text (which must be a valid JSON number).</summary>
    public static JsonNode Number(string text, bool real) => new(real ? JsonKind.Real : JsonKind.Integer, text);

    /// <summary>A string node holding <paramref name="value"/> (escaped for output here).</summary>
    public static JsonNode String(string value) => new(JsonKind.Text, JsonText.Escape(value));

    /// <summary>The first member named <paramref name="key"/>, or null.</summary>
    public JsonNode? Member(string key)
    {
        foreach (JsonMember member in Members)
        {
            if (member.Key == key)
            {
                return member.Value;
            }
        }

        return null;
    }

    /// <summary>Sets the first member named <paramref name="key"/>, or appends one.</summary>
    public void SetMember(string key, JsonNode value)
    {
        int index = Members.FindIndex(m => m.Key == key);
        if (index >= 0)
        {
            Members[index] = Members[index] with { Value = value };
        }
        else
        {
            Members.Add(new JsonMember(key, JsonText.Escape(key), value));
        }
    }

    /// <summary>A text node's string, escapes decoded.</summary>
    public string DecodedText() => JsonText.Unescape(Raw!);

    /// <summary>Parses JSON text; null when it is not well-formed JSON.</summary>
    public static JsonNode? TryParse(string text)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(text);
        var reader = new Utf8JsonReader(utf8, new JsonReaderOptions { MaxDepth = MaxDepth });
        try
        {
            if (!reader.Read())
            {
                return null;
            }

            JsonNode root = Read(ref reader);
            return reader.Read() ? null : root;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    /// <summary>Parses JSON text, failing as SQLite does when it is not JSON.</summary>
    public static JsonNode Parse(string text) =>
        TryParse(text) ?? throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "malformed JSON");

    // Reads the value the reader stands on (and everything inside it), leaving the reader on its last token.
    private static JsonNode Read(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartArray:
                var array = NewArray();
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    array.Items.Add(Read(ref reader));
                }

                return array;
            case JsonTokenType.StartObject:
                var obj = NewObject();
                while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                {
                    string rawKey = Encoding.UTF8.GetString(reader.ValueSpan);
                    string key = reader.GetString()!;
                    reader.Read();
                    obj.Members.Add(new JsonMember(key, rawKey, Read(ref reader)));
                }

                return obj;
            case JsonTokenType.String:
                return new JsonNode(JsonKind.Text, Encoding.UTF8.GetString(reader.ValueSpan));
            case JsonTokenType.Number:
                string number = Encoding.UTF8.GetString(reader.ValueSpan);
                return new JsonNode(number.AsSpan().IndexOfAny(".eE") >= 0 ? JsonKind.Real : JsonKind.Integer, number);
            case JsonTokenType.True:
                return Boolean(true);
            case JsonTokenType.False:
                return Boolean(false);
            default:
                return Null;
        }
    }

    /// <summary>A deep copy (a value that json_set inserts twice must not be shared).</summary>
    public JsonNode Clone()
    {
        if (Kind is not (JsonKind.Array or JsonKind.Object))
        {
            return this;
        }

        var copy = new JsonNode(Kind);
        copy.Items.AddRange(Items.Select(i => i.Clone()));
        copy.Members.AddRange(Members.Select(m => m with { Value = m.Value.Clone() }));
        return copy;
    }
}

/// <summary>An object member: its decoded key, its key as written, its value.</summary>
internal readonly record struct JsonMember(string Key, string RawKey, JsonNode Value);
