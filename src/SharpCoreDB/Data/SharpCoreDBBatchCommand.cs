// One command of a SharpCoreDBBatch: its text, parameters, and the rows it
// changed once the batch ran.
using System.Data;
using System.Data.Common;
using System.Diagnostics.CodeAnalysis;

namespace SharpCoreDB.Data;

/// <summary>A command of a <see cref="SharpCoreDBBatch"/>.</summary>
public sealed class SharpCoreDBBatchCommand : DbBatchCommand
{
    private string _commandText = "";
    private int _recordsAffected = -1;

    /// <summary>A batch command without text.</summary>
    public SharpCoreDBBatchCommand()
    {
    }

    /// <summary>A batch command with text.</summary>
    public SharpCoreDBBatchCommand(string commandText) => CommandText = commandText;

    /// <inheritdoc />
    [AllowNull]
    public override string CommandText
    {
        get => _commandText;
        set => _commandText = value ?? "";
    }

    /// <summary>Only <see cref="CommandType.Text"/>.</summary>
    public override CommandType CommandType
    {
        get => CommandType.Text;
        set
        {
            if (value != CommandType.Text)
            {
                throw new ArgumentException($"SharpCoreDB supports only CommandType.Text, not {value}.", nameof(value));
            }
        }
    }

    /// <summary>Rows inserted, updated or deleted by this command's statements; -1 before it ran or when none changed rows.</summary>
    public override int RecordsAffected => _recordsAffected;

    /// <summary>The parameters.</summary>
    public new SharpCoreDBParameterCollection Parameters { get; } = new();

    /// <inheritdoc />
    protected override DbParameterCollection DbParameterCollection => Parameters;

    /// <inheritdoc />
    public override bool CanCreateParameter => true;

    /// <inheritdoc />
    public override DbParameter CreateParameter() => new SharpCoreDBParameter();

    internal void ResetRecordsAffected() => _recordsAffected = -1;

    internal void AddRecordsAffected(int count) => _recordsAffected = _recordsAffected < 0 ? count : _recordsAffected + count;
}
