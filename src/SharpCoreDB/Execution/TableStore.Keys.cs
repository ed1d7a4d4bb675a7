// How TableStore encodes index keys: a row's key values (columns, or the values of an
// index's expressions, evaluated over the row) encoded into the store's reused key
// buffer with the rowid after them, a copy kept aside when the next encoding must not
// overwrite it, and SQLite's message when a key is not unique.
using SharpCoreDB.Catalog;
using SharpCoreDB.Storage.Records;

namespace SharpCoreDB.Execution;

internal sealed partial class TableStore
{
    /// <summary>
    /// SQLite's message for a broken uniqueness: the key's columns, or for an index with an expression key the index.
    /// </summary>
    public static SharpCoreDBException UniqueFailed(TableSchema table, IndexSchema index)
    {
        string what = index.HasExpressions ? $"index '{index.Name}'" : string.Join(", ", index.Columns.Select((_, p) => table.Name + "." + index.KeyName(table, p)));
        return new SharpCoreDBException(index.IsPrimaryKey ? SharpCoreDBErrorCode.PrimaryKeyConstraint : SharpCoreDBErrorCode.UniqueConstraint,
            "UNIQUE constraint failed: " + what);
    }

    // Copies the key last encoded into _key (its first length bytes) to buffer, growing it, so that
    // the next EncodeKey does not overwrite it.
    private ReadOnlySpan<byte> KeepKey(ref byte[] buffer, int length)
    {
        if (buffer.Length < length)
        {
            buffer = new byte[Math.Max(length, buffer.Length * 2)];
        }

        _key.AsSpan(0, length).CopyTo(buffer);
        return buffer.AsSpan(0, length);
    }

    // Encodes index i's key for `row` into _key, with `suffixRowId` (by default the row's own) after the values; a key
    // with expressions evaluates them over the row, loaded here.
    private int EncodeKey(int i, DbValue[] row, long rowId, out bool hasNull, long? suffixRowId = null)
    {
        IndexSchema index = _table.Indexes[i];
        if (_indexRows[i] is { } evaluators && index.HasExpressions)
        {
            evaluators.Load(row, rowId);
        }

        Span<DbValue> values = _keyValues.AsSpan(0, index.Columns.Length);
        hasNull = IndexRowEvaluators.KeyValues(index, _indexRows[i], _table, row, rowId, values);
        long suffix = suffixRowId ?? rowId;
        int size = KeyEncoder.GetSize(values) + RowIdKey.MaxSuffixSize;
        if (_key.Length < size)
        {
            _key = new byte[Math.Max(size, _key.Length * 2)];
        }

        return KeyEncoder.EncodeIndexKey(values, suffix, _key);
    }
}
