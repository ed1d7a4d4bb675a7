// Where the next page of a table starts: the sort column's value and the rowid of
// the last row shown (keyset paging), or, for a view, which has no rowid, the number
// of rows already shown. The page holds it as an opaque string and sends it back;
// the value travels as text and kind (CellValues) so it is bound with its exact
// storage class. A cursor that does not decode is the page's mistake (400).
using System.Buffers.Text;
using System.Text.Json;
using System.Text.Json.Serialization;

namespace SharpCoreDB.Studio.Data;

/// <summary>The position after the last row of a page.</summary>
internal sealed record PageCursor(
    [property: JsonPropertyName("k")] char Kind,
    [property: JsonPropertyName("v")] string? Value,
    [property: JsonPropertyName("r")] long RowId,
    [property: JsonPropertyName("o")] long Offset)
{
    /// <summary>The sort value to bind, in its storage class.</summary>
    [JsonIgnore]
    public object? SortValue => CellValues.Parse(Value, Kind);

    public string Encode() => Base64Url.EncodeToString(JsonSerializer.SerializeToUtf8Bytes(this));

    public static PageCursor Decode(string text)
    {
        try
        {
            return JsonSerializer.Deserialize<PageCursor>(Base64Url.DecodeFromChars(text)) ?? throw new FormatException("empty page cursor");
        }
        catch (Exception e) when (e is JsonException or FormatException or ArgumentException)
        {
            throw new FormatException("The page cursor is not one this server made.", e);
        }
    }
}
