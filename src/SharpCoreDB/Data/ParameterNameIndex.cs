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
    private readonly Dictionary<string, Spellings> _byBareName = new(StringComparer.OrdinalIgnoreCase);
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
            string bare = ParameterTypes.HasPrefix(spelled) ? spelled[1..] : spelled;
            Spellings first = _byBareName.TryGetValue(bare, out Spellings found) ? found : Spellings.None;
            switch (ParameterTypes.HasPrefix(spelled) ? spelled[0] : '\0')
            {
                case '@' when first.At < 0:
                    first.At = i;
                    break;
                case ':' when first.Colon < 0:
                    first.Colon = i;
                    break;
                case '$' when first.Dollar < 0:
                    first.Dollar = i;
                    break;
                case '\0' when first.Unprefixed < 0:
                    first.Unprefixed = i;
                    break;
            }

            _byBareName[bare] = first;
        }
    }

    /// <summary>The index of the parameter <c>{prefix}{name}</c> binds to; -1 if none.</summary>
    public int Find(char prefix, string name)
    {
        if (!_byBareName.TryGetValue(name, out Spellings first))
        {
            return -1;
        }

        int spelledAlike = prefix switch
        {
            '@' => first.At,
            ':' => first.Colon,
            '$' => first.Dollar,
            _ => -1,
        };
        return spelledAlike >= 0 ? spelledAlike : first.Unprefixed;
    }

    private struct Spellings
    {
        public static readonly Spellings None = new() { At = -1, Colon = -1, Dollar = -1, Unprefixed = -1 };

        public int At;
        public int Colon;
        public int Dollar;
        public int Unprefixed;
    }
}
