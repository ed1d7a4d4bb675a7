// SaveChanges' command for one row, as EF Core builds it, except for a boolean inside a
// JSON column changed on its own: its value is sent as the text 'true' or 'false', which
// SharpCoreDBUpdateSqlGenerator passes through json(), so the document keeps a JSON
// boolean (a BOOLEAN value would be written as 1 or 0, as SQLite writes it).
using Microsoft.EntityFrameworkCore.Metadata;
using Microsoft.EntityFrameworkCore.Update;

namespace SharpCoreDB.EntityFrameworkCore.Update;

internal sealed class SharpCoreDBModificationCommand : ModificationCommand
{
    public SharpCoreDBModificationCommand(in ModificationCommandParameters parameters)
        : base(parameters)
    {
    }

    public SharpCoreDBModificationCommand(in NonTrackedModificationCommandParameters parameters)
        : base(parameters)
    {
    }

    public static bool IsBoolean(IProperty? property)
    {
        if (property is null)
        {
            return false;
        }

        Type type = property.GetTypeMapping().Converter?.ProviderClrType ?? property.ClrType;
        return (Nullable.GetUnderlyingType(type) ?? type) == typeof(bool);
    }

#pragma warning disable EF1001 // EF Core's own processing of a JSON value is kept for every other type.
    protected override void ProcessSinglePropertyJsonUpdate(ref ColumnModificationParameters parameters)
    {
        IProperty property = parameters.Property!;
        if (!IsBoolean(property))
        {
            base.ProcessSinglePropertyJsonUpdate(ref parameters);
            return;
        }

        object? value = property.GetTypeMapping().Converter is { } converter ? converter.ConvertToProvider(parameters.Value) : parameters.Value;
        parameters = parameters with { Value = value is true ? "true" : value is false ? "false" : null };
    }
#pragma warning restore EF1001
}

internal sealed class SharpCoreDBModificationCommandFactory : IModificationCommandFactory
{
    public IModificationCommand CreateModificationCommand(in ModificationCommandParameters modificationCommandParameters) =>
        new SharpCoreDBModificationCommand(modificationCommandParameters);

    public INonTrackedModificationCommand CreateNonTrackedModificationCommand(in NonTrackedModificationCommandParameters modificationCommandParameters) =>
        new SharpCoreDBModificationCommand(modificationCommandParameters);
}
