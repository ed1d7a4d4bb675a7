// Finds, in constant time, the parameter a statement's named parameter binds to, for
// commands with many parameters: Dapper and hand-written IN lists expand `IN @ids` into
// one parameter per element, and searching the collection once per name made binding
// quadratic (17% of a 100-key IN query's time). The index keeps, per bare name (without
// prefix, case-insensitive), the first parameter of each spelling: that is all the
// binding rule needs (a parameter spelled with the statement's prefix, else one added
// without a prefix). It is built on first use and rebuilt when the collection or any
// parameter's name has changed since.
namespace SharpCoreDB.Data;

/// <summary>The first parameter of each spelling of each name in a parameter collection.</summary>
internal sealed class ParameterNameIndex
{
    // The slots of a name's entry: the first parameter spelled @name, :name, $name, and name.
    private const int Unprefixed = 3;

    private readonly Dictionary<string, FirstOfEachSpelling> _byBareName = new(StringComparer.OrdinalIgnoreCase);
    private int _builtAtVersion = -1;
    private long _builtAtRenames = -1;

    /// <summary>True if the index describes the collection at <paramref name="version"/> and no parameter was renamed since.</summary>
    public bool IsCurrent(int version) => version == _builtAtVersion && SharpCoreDBParameter.Renames == _builtAtRenames;

    public void Build(List<SharpCoreDBParameter> items, int version)
    {
        _builtAtRenames = SharpCoreDBParameter.Renames;
        _builtAtVersion = version;
        _byBareName.Clear();
        for (int i = 0; i < items.Count; i++)
        {
            string spelled = items[i].ParameterName;
            bool prefixed = ParameterTypes.HasPrefix(spelled);
            string bare = prefixed ? spelled[1..] : spelled;
            if (!_byBareName.TryGetValue(bare, out FirstOfEachSpelling first))
            {
                ((Span<int>)first).Fill(-1);
            }

            int slot = prefixed ? Slot(spelled[0]) : Unprefixed;
            if (first[slot] < 0)
            {
                first[slot] = i;
                _byBareName[bare] = first;
            }
        }
    }

    /// <summary>The index of the parameter <c>{prefix}{name}</c> binds to; -1 if none.</summary>
    public int Find(char prefix, string name)
    {
        if (!_byBareName.TryGetValue(name, out FirstOfEachSpelling first))
        {
            return -1;
        }

        int slot = Slot(prefix);
        int spelledAlike = slot == Unprefixed ? -1 : first[slot];
        return spelledAlike >= 0 ? spelledAlike : first[Unprefixed];
    }

    private static int Slot(char prefix) => prefix switch
    {
        '@' => 0,
        ':' => 1,
        '$' => 2,
        _ => Unprefixed,
    };

    [System.Runtime.CompilerServices.InlineArray(4)]
    private struct FirstOfEachSpelling
    {
        private int _element;
    }
}
