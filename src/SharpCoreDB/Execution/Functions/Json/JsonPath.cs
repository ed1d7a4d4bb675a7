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
    private JsonPath(List<Step> steps) => Steps = steps;

    private List<Step> Steps { get; }

    /// <summary>Parses a path; throws SQLite's "bad JSON path" error when it is not one.</summary>
    public static JsonPath Parse(string path)
    {
        var steps = new List<Step>();
        int i = Start(path);
        while (i < path.Length)
        {
            steps.Add(ReadStep(path, ref i));
        }

        return new JsonPath(steps);
    }

    /// <summary>
    /// The node <paramref name="path"/> names in <paramref name="root"/>, or null. As in SQLite, the path is read as it is
    /// walked: a step into a value that cannot have it ('.' into a non-object, '[' into a non-array) ends the walk with
    /// nothing found before the rest of the path is read, so only the part that was walked can be a "bad JSON path".
    /// </summary>
    public static JsonNode? Lookup(JsonNode root, string path)
    {
        JsonNode? node = root;
        int i = Start(path);
        while (node is not null && i < path.Length)
        {
            if ((path[i] == '.' && node.Kind != JsonKind.Object) || (path[i] == '[' && node.Kind != JsonKind.Array))
            {
                return null;
            }

            node = Child(node, ReadStep(path, ref i), out _);
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

    // The node at these steps, or null.
    private JsonNode? Walk(JsonNode root)
    {
        JsonNode? node = root;
        foreach (Step step in Steps)
        {
            node = node is null ? null : Child(node, step, out _);
        }

        return node;
    }

    /// <summary>Applies one json_insert/json_replace/json_set pair; returns the new root (the same one unless the path is '$').</summary>
    public JsonNode Edit(JsonNode root, JsonNode value, JsonEditMode mode)
    {
        if (Steps.Count == 0)
        {
            return mode == JsonEditMode.Insert ? root : value;
        }

        JsonNode node = root;
        for (int s = 0; s < Steps.Count; s++)
        {
            Step step = Steps[s];
            bool last = s == Steps.Count - 1;
            JsonNode? child = Child(node, step, out int index);
            if (child is not null)
            {
                if (!last)
                {
                    node = child;
                    continue;
                }

                if (mode != JsonEditMode.Insert)
                {
                    Replace(node, step, index, value);
                }

                return root;
            }

            // Missing: json_replace changes nothing; the others create it (and any container on the way) where the parent can hold it.
            bool appendable = step.Label is not null ? node.Kind == JsonKind.Object : node.Kind == JsonKind.Array && index == node.Items.Count;
            if (mode == JsonEditMode.Replace || !appendable || !CanCreate(s + 1))
            {
                return root;
            }

            JsonNode created = last ? value : Steps[s + 1].Label is not null ? JsonNode.NewObject() : JsonNode.NewArray();
            if (step.Label is not null)
            {
                node.SetMember(step.Label, created);
            }
            else
            {
                node.Items.Add(created);
            }

            node = created;
        }

        return root;
    }

    // Whether the steps from the given one on can all be created inside new, empty containers: labels can, and an
    // index only when it is the first element ([0] or [#]); otherwise SQLite leaves the document as it was.
    private bool CanCreate(int from)
    {
        for (int s = from; s < Steps.Count; s++)
        {
            if (Steps[s].Label is null && Steps[s].Index != 0)
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Removes the node at this path if it exists; false for the path '$' (the whole value goes).</summary>
    public bool Remove(JsonNode root)
    {
        if (Steps.Count == 0)
        {
            return false;
        }

        JsonNode? parent = new JsonPath(Steps.GetRange(0, Steps.Count - 1)).Walk(root);
        if (parent is not null && Child(parent, Steps[^1], out int index) is not null)
        {
            if (Steps[^1].Label is not null)
            {
                parent.Members.RemoveAt(index);
            }
            else
            {
                parent.Items.RemoveAt(index);
            }
        }

        return true;
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
