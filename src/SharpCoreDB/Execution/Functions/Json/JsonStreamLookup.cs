// The fast path of json_extract(X, P), X ->> P and X -> P: instead of building X's tree,
// Utf8JsonReader walks X once, skipping every value the path does not enter, and only
// the value found becomes an SQL value (a container found is parsed on its own). The
// rest of X is still read to its end, so a document that is not JSON fails as it does
// through the tree ("malformed JSON"), and the path is read as it is walked (JsonPath's
// rules). A step counted from the end ([#-N]) needs the array's length first; those
// lookups go through the tree.
using System.Buffers;
using System.Globalization;
using System.Text;
using System.Text.Json;

namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>Finds one path in JSON text without building its tree.</summary>
internal static class JsonStreamLookup
{
    private const int MaxDepth = 1000;

    /// <summary>
    /// The value <paramref name="path"/> (or, when null, the single <paramref name="step"/>) names in
    /// <paramref name="document"/>: as JSON text when <paramref name="asJson"/> (->), else as an SQL value; NULL when
    /// nothing is there. False when the lookup needs the tree (a step from the end).
    /// </summary>
    public static bool TryFind(string document, string? path, JsonPath.Step step, bool asJson, out DbValue result)
    {
        byte[] buffer = ArrayPool<byte>.Shared.Rent(Encoding.UTF8.GetMaxByteCount(document.Length));
        try
        {
            int length = Encoding.UTF8.GetBytes(document, buffer);
            var reader = new Utf8JsonReader(buffer.AsSpan(0, length), new JsonReaderOptions { MaxDepth = MaxDepth });
            try
            {
                if (!reader.Read())
                {
                    throw Malformed();
                }

                bool found = Walk(ref reader, path, step, out bool needsTree);
                if (needsTree)
                {
                    result = default;
                    return false;
                }

                result = found ? Value(ref reader, buffer, asJson) : DbValue.Null;
                while (reader.Read())
                {
                    // Reads the rest: a document is checked whole, as when its tree is built.
                }

                return true;
            }
            catch (JsonException)
            {
                throw Malformed();
            }
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    // Moves the reader onto the value the path names; false when there is none (the reader is then somewhere inside).
    private static bool Walk(ref Utf8JsonReader reader, string? path, JsonPath.Step single, out bool needsTree)
    {
        needsTree = false;
        int i = path is null ? 0 : JsonPath.Start(path);
        bool singleDone = false;
        while (path is null ? !singleDone : i < path.Length)
        {
            JsonTokenType container = reader.TokenType;
            // As JsonPath's walk: an index step into a non-array ends before the index is read, a label is read first.
            if (path is not null && path[i] == '[' && container != JsonTokenType.StartArray)
            {
                return false;
            }

            JsonPath.Step step = path is null ? single : JsonPath.ReadStep(path, ref i);
            singleDone = true;
            if (step.Label is not null ? container != JsonTokenType.StartObject : container != JsonTokenType.StartArray)
            {
                return false;
            }

            if (step.Label is null && step.FromEnd)
            {
                needsTree = true;
                return false;
            }

            if (!(step.Label is not null ? EnterMember(ref reader, step.Label) : EnterElement(ref reader, step.Index)))
            {
                return false;
            }
        }

        return true;
    }

    // From an object's start onto the value of its first member named label.
    private static bool EnterMember(ref Utf8JsonReader reader, string label)
    {
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            bool match = reader.ValueTextEquals(label);
            reader.Read();
            if (match)
            {
                return true;
            }

            reader.Skip();
        }

        return false;
    }

    // From an array's start onto its element at index.
    private static bool EnterElement(ref Utf8JsonReader reader, long index)
    {
        for (long k = 0; reader.Read() && reader.TokenType != JsonTokenType.EndArray; k++)
        {
            if (k == index)
            {
                return true;
            }

            reader.Skip();
        }

        return false;
    }

    private static DbValue Value(ref Utf8JsonReader reader, byte[] buffer, bool asJson)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject or JsonTokenType.StartArray:
                int start = (int)reader.TokenStartIndex;
                reader.Skip();
                JsonNode node = JsonNode.Parse(Encoding.UTF8.GetString(buffer, start, (int)reader.BytesConsumed - start));
                return asJson ? JsonText.ToJsonValue(node) : JsonText.ToSqlValue(node);
            case JsonTokenType.String:
                return asJson ? JsonText.MarkedText("\"" + Encoding.UTF8.GetString(reader.ValueSpan) + "\"") : DbValue.FromText(reader.GetString()!);
            case JsonTokenType.Number when asJson:
                return JsonText.MarkedText(Encoding.UTF8.GetString(reader.ValueSpan));
            case JsonTokenType.Number:
                // An integer within 64 bits straight from the bytes; anything else (a real, a huge integer) as a double.
                return reader.ValueSpan.IndexOfAny("."u8[0], (byte)'e', (byte)'E') < 0 && reader.TryGetInt64(out long n)
                    ? DbValue.FromInt64(n)
                    : DbValue.FromDouble(double.Parse(Encoding.UTF8.GetString(reader.ValueSpan), NumberStyles.Float, CultureInfo.InvariantCulture));
            case JsonTokenType.True:
                return asJson ? JsonText.ToJsonValue(JsonNode.Boolean(true)) : DbValue.FromInt64(1);
            case JsonTokenType.False:
                return asJson ? JsonText.ToJsonValue(JsonNode.Boolean(false)) : DbValue.FromInt64(0);
            default:
                // A fresh string each time (never a shared literal): the JSON mark belongs to the string instance.
                return asJson ? JsonText.ToJsonValue(JsonNode.Null) : DbValue.Null;
        }
    }

    private static SharpCoreDBException Malformed() => new(SharpCoreDBErrorCode.SemanticError, "malformed JSON");
}
