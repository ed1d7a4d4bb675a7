// The reader's column metadata and typed getters. A column's field type comes
// from its declared type (stable across rows, NULLs included); for columns
// without one (expressions of no static type) it is taken from the first non-NULL
// value seen and then kept. GetValue returns values in the field type.
using System.Data;
using SharpCoreDB.Engine;

namespace SharpCoreDB.Data;

public sealed partial class SharpCoreDBDataReader
{
    /// <inheritdoc />
    public override string GetName(int ordinal) => Column(ordinal).Name;

    /// <inheritdoc />
    public override int GetOrdinal(string name)
    {
        ArgumentNullException.ThrowIfNull(name);
        ThrowIfClosed();
        for (int i = 0; i < _columns.Count; i++)
        {
            if (string.Equals(_columns[i].Name, name, StringComparison.Ordinal))
            {
                return i;
            }
        }

        for (int i = 0; i < _columns.Count; i++)
        {
            if (string.Equals(_columns[i].Name, name, StringComparison.OrdinalIgnoreCase))
            {
                return i;
            }
        }

        throw new IndexOutOfRangeException($"The result has no column named '{name}'.");
    }

    /// <summary>The declared type (e.g. VARCHAR(30)), or the affinity's name for expressions.</summary>
    public override string GetDataTypeName(int ordinal)
    {
        ColumnDescription column = Column(ordinal);
        return column.DeclaredType ?? ColumnTypes.TypeName(column.Affinity);
    }

    /// <summary>The column's .NET type: from the declared type, the same for every row.</summary>
    public override Type GetFieldType(int ordinal)
    {
        ColumnDescription column = Column(ordinal);
        if (_fieldTypes[ordinal] is { } known)
        {
            return known;
        }

        Type? type = ColumnTypes.FieldType(column.DeclaredType, column.Affinity);
        if (type is null && _result is not null && (_onRow || _peeked && _peekedHasRow))
        {
            DbValue value = _result[ordinal];
            type = value.IsNull ? null : FieldValueConverter.NaturalType(value.Type);
        }

        if (type is null)
        {
            return typeof(object);
        }

        _fieldTypes[ordinal] = type;
        return type;
    }

    /// <inheritdoc />
    public override object GetValue(int ordinal)
    {
        DbValue value = Value(ordinal);
        if (value.IsNull)
        {
            return DBNull.Value;
        }

        Type fieldType = GetFieldType(ordinal);
        if (fieldType == typeof(object) || FieldValueConverter.NaturalType(value.Type) == fieldType)
        {
            return FieldValueConverter.ToObject(value);
        }

        try
        {
            return FieldValueConverter.ToObjectOf(value, fieldType)!;
        }
        catch (Exception e) when (e is InvalidCastException or FormatException or OverflowException)
        {
            // A value the column's type cannot hold (SQLite-style dynamic typing): return it as it is.
            return FieldValueConverter.ToObject(value);
        }
    }

    /// <inheritdoc />
    public override int GetValues(object[] values)
    {
        ArgumentNullException.ThrowIfNull(values);
        ThrowIfNoResultSet();
        int count = Math.Min(values.Length, FieldCount);
        for (int i = 0; i < count; i++)
        {
            values[i] = GetValue(i);
        }

        return count;
    }

    /// <inheritdoc />
    public override bool IsDBNull(int ordinal) => Value(ordinal).IsNull;

    /// <inheritdoc />
    public override Task<bool> IsDBNullAsync(int ordinal, CancellationToken cancellationToken) =>
        cancellationToken.IsCancellationRequested ? Task.FromCanceled<bool>(cancellationToken) : Task.FromResult(IsDBNull(ordinal));

    /// <inheritdoc />
    public override T GetFieldValue<T>(int ordinal) => Read<T>(ordinal);

    /// <inheritdoc />
    public override bool GetBoolean(int ordinal) => Read<bool>(ordinal);

    /// <inheritdoc />
    public override byte GetByte(int ordinal) => Read<byte>(ordinal);

    /// <inheritdoc />
    public override char GetChar(int ordinal) => Read<char>(ordinal);

    /// <inheritdoc />
    public override DateTime GetDateTime(int ordinal) => Read<DateTime>(ordinal);

    /// <inheritdoc />
    public override decimal GetDecimal(int ordinal) => Read<decimal>(ordinal);

    /// <inheritdoc />
    public override double GetDouble(int ordinal) => Read<double>(ordinal);

    /// <inheritdoc />
    public override float GetFloat(int ordinal) => Read<float>(ordinal);

    /// <inheritdoc />
    public override Guid GetGuid(int ordinal) => Read<Guid>(ordinal);

    /// <inheritdoc />
    public override short GetInt16(int ordinal) => Read<short>(ordinal);

    /// <inheritdoc />
    public override int GetInt32(int ordinal) => Read<int>(ordinal);

    /// <inheritdoc />
    public override long GetInt64(int ordinal) => Read<long>(ordinal);

    /// <inheritdoc />
    public override string GetString(int ordinal)
    {
        DbValue value = Value(ordinal);
        return value.IsNull ? throw FieldValueConverter.NullCast(typeof(string)) : FieldValueConverter.ToText(value);
    }

    /// <summary>The value as a DateTimeOffset (UTC).</summary>
    public DateTimeOffset GetDateTimeOffset(int ordinal) => Read<DateTimeOffset>(ordinal);

    /// <summary>The value as a TimeSpan.</summary>
    public TimeSpan GetTimeSpan(int ordinal) => Read<TimeSpan>(ordinal);

    /// <inheritdoc />
    public override long GetBytes(int ordinal, long dataOffset, byte[]? buffer, int bufferOffset, int length) =>
        FieldValueConverter.CopyBytes(NotNull(ordinal, typeof(byte[])), dataOffset, buffer, bufferOffset, length);

    /// <inheritdoc />
    public override long GetChars(int ordinal, long dataOffset, char[]? buffer, int bufferOffset, int length) =>
        FieldValueConverter.CopyChars(NotNull(ordinal, typeof(char[])), dataOffset, buffer, bufferOffset, length);

    /// <summary>A read-only stream over a blob (or the UTF-8 bytes of a text).</summary>
    public override Stream GetStream(int ordinal) => new MemoryStream(FieldValueConverter.ToBytes(NotNull(ordinal, typeof(Stream))), writable: false);

    /// <summary>A reader over a text.</summary>
    public override TextReader GetTextReader(int ordinal) => new StringReader(FieldValueConverter.ToText(NotNull(ordinal, typeof(TextReader))));

    /// <inheritdoc />
    public override Type GetProviderSpecificFieldType(int ordinal) => GetFieldType(ordinal);

    /// <inheritdoc />
    /// <summary>The columns' schema; null for a statement without a result set (an INSERT, a DELETE ...), as ADO.NET specifies.</summary>
    public override DataTable? GetSchemaTable() => _columns.Count == 0 ? null : ReaderSchemaTable.Build(_columns, this);

    // A statement without a result set has no columns to read: a misuse (InvalidOperationException), not a bad ordinal.
    private void ThrowIfNoResultSet()
    {
        ThrowIfClosed();
        if (_columns.Count == 0)
        {
            throw new InvalidOperationException("The statement returned no result set: there are no columns to read.");
        }
    }

    private ColumnDescription Column(int ordinal)
    {
        ThrowIfNoResultSet();
        if ((uint)ordinal >= (uint)_columns.Count)
        {
            throw new IndexOutOfRangeException($"Column ordinal {ordinal} is out of range (the result has {_columns.Count} columns).");
        }

        return _columns[ordinal];
    }

    private DbValue Value(int ordinal)
    {
        Column(ordinal);
        if (!_onRow || _result is null)
        {
            throw new InvalidOperationException("No row is current: call Read first (and check it returned true).");
        }

        return _result[ordinal];
    }

    private DbValue NotNull(int ordinal, Type target)
    {
        DbValue value = Value(ordinal);
        return value.IsNull ? throw FieldValueConverter.NullCast(target) : value;
    }

    // A value that cannot become T (out of T's range, not in T's format) is an InvalidCastException, as DbDataReader's
    // getters document, so callers catch one exception type; the converter's own exception is kept as the inner one.
    // (The specification suite asks for OverflowException from GetInt16/GetInt32 but InvalidCastException from
    // GetByte, GetChar and GetDecimal out of range; one rule for every getter is easier to rely on.)
    private T Read<T>(int ordinal)
    {
        DbValue value = Value(ordinal);
        try
        {
            return FieldValueConverter.To<T>(value);
        }
        catch (Exception e) when (e is FormatException or OverflowException)
        {
            throw new InvalidCastException($"The {value.Type} value in column {ordinal} cannot be read as {typeof(T).Name}: {e.Message}", e);
        }
    }
}
