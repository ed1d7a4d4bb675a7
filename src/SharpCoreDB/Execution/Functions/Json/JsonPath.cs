// SQLite's JSON path: '$' then any of .label, ."quoted label", [N], [#-N] and [#] (one
// past the last element, where json_insert and json_set append). A path that does not
// read so is SQLite's "bad JSON path: '...'". The right side of -> and ->> may also be a
// bare label ('a' means '$.a') or an integer (2 means '$[2]', -1 means '$[#-1]').
//
// Lookup walks a path; Edit does json_insert's, json_replace's and json_set's step for
// one path (creating missing objects and arrays on the way where the mode creates, as
// SQLite does); Remove does json_remove's.
using System.Globalization;

namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>Which of json_insert (create only), json_replace (overwrite only) and json_set (both) is editing.</summary>
internal enum JsonEditMode
{
    Insert,
    Replace,
    Set,
}

/// <summary>A parsed JSON path.</summary>
internal sealed class JsonPath
{
    /// <summary>
    /// The node <paramref name="path"/> names in <paramref name="root"/>, or null. As in SQLite, the path is read as it is
    /// walked: a step into a value that cannot have it ends the walk with nothing found before the rest of the path is
    /// read (see CanStep), so only the part that was walked can be a "bad JSON path".
    /// </summary>
    public static JsonNode? Lookup(JsonNode root, string path)
    {
        JsonNode? node = root;
        int i = Start(path);
        while (node is not null && i < path.Length)
        {
            if (!CanStep(node, path[i]))
            {
                return null;
            }

            Step step = ReadStep(path, ref i);
            node = step.Label is not null && node.Kind != JsonKind.Object ? null : Child(node, step, out _);
        }

        return node;
    }

    /// <summary>The node the right side of -> or ->> names: a path, a bare label ('a' is '$.a'), or an index (-1 is '$[#-1]').</summary>
    public static JsonNode? LookupOperand(JsonNode root, in DbValue operand)
    {
        if (operand.Type is DbValueType.Integer or DbValueType.Boolean)
        {
            long n = operand.AsInt64();
            return root.Kind == JsonKind.Array ? Child(root, new Step(null, n < 0 ? -n : n, FromEnd: n < 0), out _) : null;
        }

        string text = Semantics.SqlTextConversion.ToText(operand)!;
        return text.StartsWith('$') ? Lookup(root, text) : root.Kind == JsonKind.Object ? Child(root, new Step(text, 0, FromEnd: false), out _) : null;
    }

    internal static int Start(string path) => path.Length > 0 && path[0] == '$' ? 1 : throw Bad(path);

    // Reads the step at path[i] ('.' or '[') and moves i past it.
    internal static Step ReadStep(string path, ref int i)
    {
        if (path[i] == '.')
        {
            i++;
            string label;
            if (i < path.Length && path[i] == '"')
            {
                int close = path.IndexOf('"', i + 1);
                label = close < 0 ? throw Bad(path) : path[(i + 1)..close];
                i = close + 1;
            }
            else
            {
                int end = path.IndexOfAny(['.', '['], i);
                end = end < 0 ? path.Length : end;
                label = end == i ? throw Bad(path) : path[i..end];
                i = end;
            }

            return new Step(label, 0, FromEnd: false);
        }

        int bracket = path[i] == '[' ? path.IndexOf(']', i) : throw Bad(path);
        Step step = bracket < 0 ? throw Bad(path) : ParseIndex(path.AsSpan(i + 1, bracket - i - 1), path);
        i = bracket + 1;
        return step;
    }

    private static Step ParseIndex(ReadOnlySpan<char> inside, string path)
    {
        bool fromEnd = inside.StartsWith("#");
        ReadOnlySpan<char> digits = fromEnd ? inside[1..] : inside;
        if (fromEnd && digits.IsEmpty)
        {
            return new Step(null, 0, FromEnd: true);
        }

        if (fromEnd)
        {
            digits = digits.StartsWith("-") ? digits[1..] : throw Bad(path);
        }

        return !digits.IsEmpty && long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out long n)
            ? new Step(null, n, fromEnd)
            : throw Bad(path);
    }

    private static SharpCoreDBException Bad(string path) =>
        new(SharpCoreDBErrorCode.SemanticError, $"bad JSON path: '{path}'");

    /// <summary>
    /// Applies one json_insert/json_replace/json_set pair; returns the new root (the same one unless the path is '$').
    /// Read as walked, like <see cref="Lookup"/>: a step into a value that cannot have it leaves the document as it is;
    /// once the walk reaches what is missing, the rest of the path is read whole, and what it names is created (with any
    /// object or array on the way) where the mode creates and an empty container can hold it.
    /// </summary>
    public static JsonNode Edit(JsonNode root, string path, JsonNode value, JsonEditMode mode)
    {
        int i = Start(path);
        if (i == path.Length)
        {
            return mode == JsonEditMode.Insert ? root : value;
        }

        JsonNode node = root;
        while (true)
        {
            if (!CanStep(node, path[i]))
            {
                return root;
            }

            Step step = ReadStep(path, ref i);
            if (step.Label is not null && node.Kind != JsonKind.Object)
            {
                return root;
            }

            JsonNode? child = Child(node, step, out int index);
            if (child is not null && i < path.Length)
            {
                node = child;
                continue;
            }

            if (child is not null)
            {
                if (mode != JsonEditMode.Insert)
                {
                    Replace(node, step, index, value);
                }

                return root;
            }

            var rest = new List<Step>();
            while (i < path.Length)
            {
                rest.Add(ReadStep(path, ref i));
            }

            bool appendable = step.Label is not null || index == node.Items.Count;
            if (mode == JsonEditMode.Replace || !appendable || rest.Exists(s => s.Label is null && s.Index != 0))
            {
                return root;
            }

            JsonNode created = rest.Count == 0 ? value : rest[0].Label is not null ? JsonNode.NewObject() : JsonNode.NewArray();
            Add(node, step, created);
            for (int r = 0; r < rest.Count; r++)
            {
                JsonNode next = r == rest.Count - 1 ? value : rest[r + 1].Label is not null ? JsonNode.NewObject() : JsonNode.NewArray();
                Add(created, rest[r], next);
                created = next;
            }

            return root;
        }
    }

    /// <summary>Removes what the path names, if anything (read as walked); false for the path '$' (the whole value goes).</summary>
    public static bool Remove(JsonNode root, string path)
    {
        int i = Start(path);
        if (i == path.Length)
        {
            return false;
        }

        JsonNode node = root;
        while (CanStep(node, path[i]))
        {
            Step step = ReadStep(path, ref i);
            if (step.Label is not null && node.Kind != JsonKind.Object)
            {
                break;
            }

            JsonNode? child = Child(node, step, out int index);
            if (child is null)
            {
                break;
            }

            if (i == path.Length)
            {
                if (step.Label is not null)
                {
                    node.Members.RemoveAt(index);
                }
                else
                {
                    node.Items.RemoveAt(index);
                }

                break;
            }

            node = child;
        }

        return true;
    }

    // As SQLite's walk: an index step into a value that is not an array ends it before the index is read; a label is
    // read first (so '$.' is a bad path anywhere) and only then checked against an object. Any other character reads
    // on, to ReadStep's "bad JSON path".
    private static bool CanStep(JsonNode node, char c) => c != '[' || node.Kind == JsonKind.Array;

    private static void Add(JsonNode parent, Step step, JsonNode child)
    {
        if (step.Label is not null)
        {
            parent.SetMember(step.Label, child);
        }
        else
        {
            parent.Items.Add(child);
        }
    }

    private static void Replace(JsonNode parent, Step step, int index, JsonNode value)
    {
        if (step.Label is not null)
        {
            parent.Members[index] = parent.Members[index] with { Value = value };
        }
        else
        {
            parent.Items[index] = value;
        }
    }

    // The child a step names, with its position (a missing array element's position is where it would go).
    private static JsonNode? Child(JsonNode node, Step step, out int index)
    {
        if (step.Label is not null)
        {
            index = node.Kind == JsonKind.Object ? node.Members.FindIndex(m => m.Key == step.Label) : -1;
            return index >= 0 ? node.Members[index].Value : null;
        }

        long position = step.FromEnd ? node.Items.Count - step.Index : step.Index;
        index = position is >= 0 and <= int.MaxValue ? (int)position : -1;
        return node.Kind == JsonKind.Array && index >= 0 && index < node.Items.Count ? node.Items[index] : null;
    }

    /// <summary>One step of a path: a member label, or an array index (counted from the end when FromEnd).</summary>
    internal readonly record struct Step(string? Label, long Index, bool FromEnd);
}
