// The parameters of a command or batch command. Lookups by name ignore case (SQL
// names do) and accept a name with or without its prefix, so "@id", "id" and
// ":id" find the same parameter; binding (FindForStatement) prefers an exact prefix match.
using System.Collections;
using System.Data;
using System.Data.Common;

namespace SharpCoreDB.Data;

/// <summary>The parameters of a SharpCoreDBCommand.</summary>
public sealed class SharpCoreDBParameterCollection : DbParameterCollection
{
    // Above this many parameters, binding looks names up in an index instead of searching the list.
    private const int IndexedAbove = 8;

    private readonly List<SharpCoreDBParameter> _items = [];
    private ParameterNameIndex? _index;
    private int _version;

    internal SharpCoreDBParameterCollection()
    {
    }

    /// <inheritdoc />
    public override int Count => _items.Count;

    /// <inheritdoc />
    public override object SyncRoot => ((ICollection)_items).SyncRoot;

    /// <summary>The parameter at <paramref name="index"/>.</summary>
    public new SharpCoreDBParameter this[int index]
    {
        get => _items[index];
        set
        {
            _items[index] = value ?? throw new ArgumentNullException(nameof(value));
            _version++;
        }
    }

    /// <summary>The parameter named <paramref name="parameterName"/> (with or without prefix).</summary>
    public new SharpCoreDBParameter this[string parameterName]
    {
        get => (SharpCoreDBParameter)GetParameter(parameterName);
        set => SetParameter(parameterName, value);
    }

    /// <summary>Adds a parameter.</summary>
    public SharpCoreDBParameter Add(SharpCoreDBParameter parameter)
    {
        ArgumentNullException.ThrowIfNull(parameter);
        _items.Add(parameter);
        _version++;
        return parameter;
    }

    /// <summary>Adds a parameter of an explicit type.</summary>
    public SharpCoreDBParameter Add(string? parameterName, DbType type) => Add(new SharpCoreDBParameter(parameterName, type));

    /// <summary>Adds a parameter with a value; its DbType is inferred.</summary>
    public SharpCoreDBParameter AddWithValue(string? parameterName, object? value) => Add(new SharpCoreDBParameter(parameterName, value));

    /// <inheritdoc />
    public override int Add(object value)
    {
        _items.Add(Cast(value));
        _version++;
        return _items.Count - 1;
    }

    /// <inheritdoc />
    public override void AddRange(Array values)
    {
        ArgumentNullException.ThrowIfNull(values);
        foreach (object? value in values)
        {
            _items.Add(Cast(value));
            _version++;
        }
    }

    /// <inheritdoc />
    public override void Clear()
    {
        _items.Clear();
        _version++;
    }

    /// <inheritdoc />
    public override bool Contains(object value) => value is SharpCoreDBParameter p && _items.Contains(p);

    /// <inheritdoc />
    public override bool Contains(string value) => IndexOf(value) >= 0;

    /// <inheritdoc />
    public override void CopyTo(Array array, int index) => ((ICollection)_items).CopyTo(array, index);

    /// <inheritdoc />
    public override IEnumerator GetEnumerator() => _items.GetEnumerator();

    /// <inheritdoc />
    public override int IndexOf(object value) => value is SharpCoreDBParameter p ? _items.IndexOf(p) : -1;

    /// <summary>The index of the parameter with this name (exact spelling first, then without prefix); -1 if none, or for null.</summary>
    public override int IndexOf(string parameterName)
    {
        // A null name names no parameter (the ADO.NET specification asks for -1, and so false from Contains).
        if (parameterName is null)
        {
            return -1;
        }

        for (int i = 0; i < _items.Count; i++)
        {
            if (string.Equals(_items[i].ParameterName, parameterName, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        string bare = ParameterTypes.HasPrefix(parameterName) ? parameterName[1..] : parameterName;
        for (int i = 0; i < _items.Count; i++)
        {
            if (string.Equals(_items[i].BareName, bare, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        return -1;
    }

    /// <inheritdoc />
    public override void Insert(int index, object value)
    {
        _items.Insert(index, Cast(value));
        _version++;
    }

    /// <inheritdoc />
    public override void Remove(object value)
    {
        _items.Remove(Cast(value));
        _version++;
    }

    /// <inheritdoc />
    public override void RemoveAt(int index)
    {
        _items.RemoveAt(index);
        _version++;
    }

    /// <inheritdoc />
    public override void RemoveAt(string parameterName) => RemoveAt(IndexOrThrow(parameterName));

    /// <summary>
    /// The parameter a statement's <c>{prefix}{name}</c> binds to: one spelled with that prefix, else one
    /// added without a prefix. A parameter spelled with another prefix does not match; null when none does.
    /// </summary>
    internal SharpCoreDBParameter? FindForStatement(char prefix, string name)
    {
        if (_items.Count > IndexedAbove)
        {
            _index ??= new ParameterNameIndex();
            if (!_index.IsCurrent(_version))
            {
                _index.Build(_items, _version);
            }

            int found = _index.Find(prefix, name);
            return found >= 0 ? _items[found] : null;
        }

        SharpCoreDBParameter? unprefixed = null;
        foreach (SharpCoreDBParameter p in _items)
        {
            string spelled = p.ParameterName;
            if (ParameterTypes.HasPrefix(spelled))
            {
                if (spelled[0] == prefix && spelled.AsSpan(1).Equals(name, StringComparison.OrdinalIgnoreCase))
                {
                    return p;
                }
            }
            else if (unprefixed is null && spelled.Equals(name, StringComparison.OrdinalIgnoreCase))
            {
                unprefixed = p;
            }
        }

        return unprefixed;
    }

    /// <inheritdoc />
    protected override DbParameter GetParameter(int index) => _items[index];

    /// <inheritdoc />
    protected override DbParameter GetParameter(string parameterName) => _items[IndexOrThrow(parameterName)];

    /// <inheritdoc />
    protected override void SetParameter(int index, DbParameter value) => this[index] = Cast(value);

    /// <inheritdoc />
    protected override void SetParameter(string parameterName, DbParameter value) => this[IndexOrThrow(parameterName)] = Cast(value);

    private int IndexOrThrow(string parameterName)
    {
        int index = IndexOf(parameterName);
        return index >= 0 ? index : throw new IndexOutOfRangeException($"No parameter named '{parameterName}' in the collection.");
    }

    private static SharpCoreDBParameter Cast(object? value) => value switch
    {
        SharpCoreDBParameter p => p,
        null => throw new ArgumentNullException(nameof(value)),
        _ => throw new InvalidCastException($"A SharpCoreDBParameterCollection holds SharpCoreDBParameter objects, not {value.GetType().Name}."),
    };
}
