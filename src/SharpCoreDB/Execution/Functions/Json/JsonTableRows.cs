// The rows of the table-valued functions json_each(X [, P]) and json_tree(X [, P]), as
// SQLite gives them: json_each lists the elements of the array or object at P (or
// the value itself when it is neither), json_tree that value and everything inside it,
// depth first, each container before its contents. Columns, in order:
//   key      the array index (integer) or member name (text); json_tree's first row has
//            P's last label or index (NULL for '$'), json_each's row for a scalar NULL
//   value    the SQL value (arrays and objects as JSON text, marked as JSON)
//   type     json_type()'s name
//   atom     value for scalars, NULL for arrays and objects
//   id       a number unique within the result, increasing in output order (SQLite's
//            are offsets into its binary form; the numbers differ, the order does not)
//   parent   json_tree: the containing row's id (NULL for the first row); json_each: NULL
//   fullkey  the path of the element ('$.a[2]')
//   path     the path of its container ('$.a')
//   json, root   the hidden argument columns (X and P)

namespace SharpCoreDB.Execution.Functions.Json;

/// <summary>Builds the rows of json_each and json_tree.</summary>
internal static class JsonTableRows
{
    /// <summary>The visible and hidden column names, in order.</summary>
    public static readonly string[] ColumnNames = ["key", "value", "type", "atom", "id", "parent", "fullkey", "path", "json", "root"];

    /// <summary>How many of <see cref="ColumnNames"/> are hidden (not listed by *).</summary>
    public const int HiddenColumns = 2;

    /// <summary>Whether <paramref name="name"/> is one of the two functions.</summary>
    public static bool IsTableFunction(string name) =>
        name.Equals("json_each", StringComparison.OrdinalIgnoreCase) || name.Equals("json_tree", StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// Adds the rows for <paramref name="document"/> from <paramref name="rootPath"/> ('$' when the function has no second
    /// argument; a NULL one gives no rows, as in SQLite).
    /// </summary>
    public static void Build(bool tree, in DbValue document, DbValue? rootPath, List<DbValue[]> rows)
    {
        if (document.IsNull || rootPath is { IsNull: true })
        {
            return;
        }

        string root = rootPath is { } given ? Semantics.SqlTextConversion.ToText(given)! : "$";
        JsonNode? start = JsonPath.Lookup(JsonFunctions.Document(document), root);
        if (start is null)
        {
            return;
        }

        var builder = new Builder(rows, document, rootPath ?? DbValue.Null);
        (DbValue startKey, string container) = LastStep(root);
        if (tree)
        {
            builder.Tree(start, startKey, container, root, DbValue.Null);
        }
        else if (start.Kind == JsonKind.Array)
        {
            for (int i = 0; i < start.Items.Count; i++)
            {
                builder.Add(start.Items[i], DbValue.FromInt64(i), root + "[" + i + "]", root, DbValue.Null);
            }
        }
        else if (start.Kind == JsonKind.Object)
        {
            foreach (JsonMember member in start.Members)
            {
                builder.Add(member.Value, DbValue.FromText(member.Key), root + Label(member.Key), root, DbValue.Null);
            }
        }
        else
        {
            // A scalar at P: one row for P itself, with no key (SQLite's json_each).
            builder.Add(start, DbValue.Null, root, root, DbValue.Null);
        }
    }

    // SQLite writes a member name into a path bare when it reads as an identifier, else in double quotes.
    private static string Label(string key) =>
        key.Length > 0 && char.IsAsciiLetter(key[0]) && key.All(char.IsAsciiLetterOrDigit) ? "." + key : ".\"" + key + "\"";

    // The key of the value a root path ends at (its last label or index; NULL for '$') and the path of its container,
    // read with JsonPath's own step reader so quoted labels holding '.' or '[' split where the path does.
    private static (DbValue Key, string Container) LastStep(string root)
    {
        int i = JsonPath.Start(root), lastStart = 0;
        JsonPath.Step? last = null;
        while (i < root.Length)
        {
            lastStart = i;
            last = JsonPath.ReadStep(root, ref i);
        }

        if (last is not { } step)
        {
            return (DbValue.Null, "$");
        }

        // SQLite reads an index step as a number, so [#-1] (and [#]) give 0.
        DbValue key = step.Label is not null ? DbValue.FromText(step.Label) : DbValue.FromInt64(step.FromEnd ? 0 : step.Index);
        return (key, root[..lastStart]);
    }

    private sealed class Builder(List<DbValue[]> rows, DbValue document, DbValue rootPath)
    {
        private long _nextId;

        public long Add(JsonNode node, DbValue key, string fullKey, string path, DbValue parent)
        {
            long id = _nextId++;
            bool container = node.Kind is JsonKind.Array or JsonKind.Object;
            DbValue value = JsonText.ToSqlValue(node);
            rows.Add(
            [
                key, value, DbValue.FromText(JsonText.TypeName(node.Kind)), container ? DbValue.Null : value,
                DbValue.FromInt64(id), parent, DbValue.FromText(fullKey), DbValue.FromText(path), document, rootPath,
            ]);
            return id;
        }

        public void Tree(JsonNode node, DbValue key, string path, string fullKey, DbValue parent)
        {
            DbValue id = DbValue.FromInt64(Add(node, key, fullKey, path, parent));
            if (node.Kind == JsonKind.Array)
            {
                for (int i = 0; i < node.Items.Count; i++)
                {
                    Tree(node.Items[i], DbValue.FromInt64(i), fullKey, fullKey + "[" + i + "]", id);
                }
            }
            else if (node.Kind == JsonKind.Object)
            {
                foreach (JsonMember member in node.Members)
                {
                    Tree(member.Value, DbValue.FromText(member.Key), fullKey, fullKey + Label(member.Key), id);
                }
            }
        }
    }
}
