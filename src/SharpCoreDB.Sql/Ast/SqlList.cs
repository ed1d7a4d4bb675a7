// An immutable list with value equality, used for every list inside the AST.
// ImmutableArray and IReadOnlyList compare by reference, which would make record
// equality of two identical trees false; this compares element by element.
using System.Collections;
using System.Runtime.CompilerServices;

namespace SharpCoreDB.Sql.Ast;

/// <summary>Creates <see cref="SqlList{T}"/> instances (also from collection expressions).</summary>
internal static class SqlList
{
    /// <summary>Copies the items into a new list.</summary>
    public static SqlList<T> Create<T>(ReadOnlySpan<T> items) =>
        items.IsEmpty ? SqlList<T>.Empty : new SqlList<T>(items.ToArray());
}

/// <summary>An immutable, ordered list of AST items that compares by value.</summary>
[CollectionBuilder(typeof(SqlList), nameof(SqlList.Create))]
internal sealed class SqlList<T> : IReadOnlyList<T>, IEquatable<SqlList<T>>
{
    private readonly T[] _items;

    internal SqlList(T[] items) => _items = items;

    /// <summary>The empty list.</summary>
    public static SqlList<T> Empty { get; } = new([]);

    /// <inheritdoc />
    public int Count => _items.Length;

    /// <inheritdoc />
    public T this[int index] => _items[index];

    /// <summary>The items as a span, for allocation-free iteration.</summary>
    public ReadOnlySpan<T> AsSpan() => _items;

    /// <summary>A struct enumerator, so that foreach does not allocate.</summary>
    public ReadOnlySpan<T>.Enumerator GetEnumerator() => new ReadOnlySpan<T>(_items).GetEnumerator();

    IEnumerator<T> IEnumerable<T>.GetEnumerator() => ((IEnumerable<T>)_items).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => _items.GetEnumerator();

    /// <inheritdoc />
    public bool Equals(SqlList<T>? other)
    {
        if (ReferenceEquals(this, other))
        {
            return true;
        }

        if (other is null || other._items.Length != _items.Length)
        {
            return false;
        }

        var comparer = EqualityComparer<T>.Default;
        for (int i = 0; i < _items.Length; i++)
        {
            if (!comparer.Equals(_items[i], other._items[i]))
            {
                return false;
            }
        }

        return true;
    }

    /// <inheritdoc />
    public override bool Equals(object? obj) => Equals(obj as SqlList<T>);

    /// <inheritdoc />
    public override int GetHashCode()
    {
        var hash = new HashCode();
        foreach (T item in _items)
        {
            hash.Add(item);
        }

        return hash.ToHashCode();
    }

    /// <inheritdoc />
    public override string ToString() => "[" + string.Join(", ", _items) + "]";
}
