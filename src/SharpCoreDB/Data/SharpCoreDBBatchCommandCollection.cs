// The ordered commands of a SharpCoreDBBatch.
using System.Data.Common;

namespace SharpCoreDB.Data;

/// <summary>The commands of a <see cref="SharpCoreDBBatch"/>.</summary>
public sealed class SharpCoreDBBatchCommandCollection : DbBatchCommandCollection
{
    private readonly List<SharpCoreDBBatchCommand> _items = [];

    internal SharpCoreDBBatchCommandCollection()
    {
    }

    /// <inheritdoc />
    public override int Count => _items.Count;

    /// <inheritdoc />
    public override bool IsReadOnly => false;

    /// <summary>The command at <paramref name="index"/>.</summary>
    public new SharpCoreDBBatchCommand this[int index]
    {
        get => _items[index];
        set => _items[index] = value ?? throw new ArgumentNullException(nameof(value));
    }

    /// <summary>Adds a command with text and returns it (for fluent parameter setup).</summary>
    public SharpCoreDBBatchCommand Add(string commandText)
    {
        var command = new SharpCoreDBBatchCommand(commandText);
        _items.Add(command);
        return command;
    }

    /// <inheritdoc />
    public override void Add(DbBatchCommand item) => _items.Add(Cast(item));

    /// <inheritdoc />
    public override void Clear() => _items.Clear();

    /// <inheritdoc />
    public override bool Contains(DbBatchCommand item) => item is SharpCoreDBBatchCommand c && _items.Contains(c);

    /// <inheritdoc />
    public override void CopyTo(DbBatchCommand[] array, int arrayIndex)
    {
        ArgumentNullException.ThrowIfNull(array);
        for (int i = 0; i < _items.Count; i++)
        {
            array[arrayIndex + i] = _items[i];
        }
    }

    /// <inheritdoc />
    public override IEnumerator<DbBatchCommand> GetEnumerator() => _items.GetEnumerator();

    /// <inheritdoc />
    public override int IndexOf(DbBatchCommand item) => item is SharpCoreDBBatchCommand c ? _items.IndexOf(c) : -1;

    /// <inheritdoc />
    public override void Insert(int index, DbBatchCommand item) => _items.Insert(index, Cast(item));

    /// <inheritdoc />
    public override bool Remove(DbBatchCommand item) => item is SharpCoreDBBatchCommand c && _items.Remove(c);

    /// <inheritdoc />
    public override void RemoveAt(int index) => _items.RemoveAt(index);

    /// <inheritdoc />
    protected override DbBatchCommand GetBatchCommand(int index) => _items[index];

    /// <inheritdoc />
    protected override void SetBatchCommand(int index, DbBatchCommand batchCommand) => _items[index] = Cast(batchCommand);

    private static SharpCoreDBBatchCommand Cast(DbBatchCommand? item) => item switch
    {
        SharpCoreDBBatchCommand c => c,
        null => throw new ArgumentNullException(nameof(item)),
        _ => throw new ArgumentException($"A SharpCoreDBBatch holds SharpCoreDBBatchCommand objects, not {item.GetType().Name}.", nameof(item)),
    };
}
