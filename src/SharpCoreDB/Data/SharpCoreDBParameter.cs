// A command parameter. Its DbType is inferred from the value until set
// explicitly (ResetDbType returns to inference). Values are converted to engine
// values (ParameterValueBinder) only when a statement runs, and bound, never
// pasted into SQL text. A name without a prefix binds to @name, :name and $name.
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB.Data;

/// <summary>A parameter of a SharpCoreDBCommand.</summary>
public sealed class SharpCoreDBParameter : DbParameter
{
    private static long _renames;

    private string _parameterName = "";
    private string _sourceColumn = "";
    private DbType? _dbType;
    private object? _value;

    /// <summary>An unnamed parameter with no value.</summary>
    public SharpCoreDBParameter()
    {
    }

    /// <summary>A named parameter with a value.</summary>
    public SharpCoreDBParameter(string? name, object? value)
    {
        ParameterName = name;
        _value = value;
    }

    /// <summary>A named parameter of an explicit type.</summary>
    public SharpCoreDBParameter(string? name, DbType type)
    {
        ParameterName = name;
        _dbType = type;
    }

    /// <summary>A named parameter of an explicit type and size.</summary>
    public SharpCoreDBParameter(string? name, DbType type, int size)
        : this(name, type) => Size = size;

    /// <summary>The type; inferred from <see cref="Value"/> until set.</summary>
    public override DbType DbType
    {
        get => _dbType ?? ParameterTypes.InferDbType(_value);
        set
        {
            if (!Enum.IsDefined(value))
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "Not a DbType.");
            }

            _dbType = value;
        }
    }

    /// <summary>True once <see cref="DbType"/> was set explicitly.</summary>
    internal bool HasExplicitDbType => _dbType.HasValue;

    /// <summary>Only <see cref="ParameterDirection.Input"/>: SQL statements of SharpCoreDB have no output parameters.</summary>
    public override ParameterDirection Direction
    {
        get => ParameterDirection.Input;
        set
        {
            if (value != ParameterDirection.Input)
            {
                throw new ArgumentException($"SharpCoreDB supports only input parameters, not {value}.", nameof(value));
            }
        }
    }

    /// <inheritdoc />
    public override bool IsNullable { get; set; }

    /// <summary>The name, with or without its prefix (@, : or $).</summary>
    [AllowNull]
    public override string ParameterName
    {
        get => _parameterName;
        set
        {
            _parameterName = value ?? "";
            Interlocked.Increment(ref _renames);
        }
    }

    /// <summary>Counts name changes of every parameter, so that a collection's name index knows when it is stale.</summary>
    internal static long Renames => Interlocked.Read(ref _renames);

    /// <summary>The name without its prefix.</summary>
    internal string BareName => ParameterTypes.HasPrefix(_parameterName) ? _parameterName[1..] : _parameterName;

    /// <summary>The maximum size used for text and binary values; 0 sends the whole value.</summary>
    public override int Size { get; set; }

    /// <inheritdoc />
    [AllowNull]
    public override string SourceColumn
    {
        get => _sourceColumn;
        set => _sourceColumn = value ?? "";
    }

    /// <inheritdoc />
    public override bool SourceColumnNullMapping { get; set; }

    /// <summary>Which version of a DataRow a DataAdapter reads the value from: Current by default, as ADO.NET specifies.</summary>
    public override DataRowVersion SourceVersion { get; set; } = DataRowVersion.Current;

    /// <summary>
    /// The value; DBNull.Value binds SQL NULL. Left null (never set), the statement fails with InvalidOperationException.
    /// A DateTime of Kind Local is converted to UTC when bound (Unspecified is taken as UTC) and reads back with Kind
    /// Utc; a DateTimeOffset is stored as its UTC instant and reads back with offset zero (docs/adonet.md).
    /// </summary>
    public override object? Value
    {
        get => _value;
        set => _value = value;
    }

    /// <summary>Returns <see cref="DbType"/> to inference from the value.</summary>
    public override void ResetDbType() => _dbType = null;

    /// <inheritdoc />
    public override string ToString() => _parameterName;
}
