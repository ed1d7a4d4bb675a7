// SaveChanges' command for one row, as EF Core builds it, except for two kinds of value inside
// a JSON column changed on their own. A boolean is sent as the text 'true' or 'false', which
// SharpCoreDBUpdateSqlGenerator passes through json(), so the document keeps a JSON boolean (a
// BOOLEAN value would be written as 1 or 0, as SQLite writes it). A TimeOnly or TimeSpan is
// sent as itself, which binds as its ticks, the JSON number the provider writes for it in
// documents (SharpCoreDBJsonReaderWriters); EF Core would send the JSON text of a value
// without its quotes, which for a number cuts off its first and last digits.
using Microsoft.EntityFrameworkCore;
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

    public static bool IsBoolean(IProperty? property) => property is not null && ProviderType(property) == typeof(bool);

    private static Type ProviderType(IProperty property)
    {
        Type type = property.GetTypeMapping().Converter?.ProviderClrType ?? property.ClrType;
        return Nullable.GetUnderlyingType(type) ?? type;
    }

#pragma warning disable EF1001 // EF Core's own processing of a JSON value is kept for every other type.
    protected override void ProcessSinglePropertyJsonUpdate(ref ColumnModificationParameters parameters)
    {
        IProperty property = parameters.Property!;
        Type type = ProviderType(property);
        if (type == typeof(TimeOnly) || type == typeof(TimeSpan))
        {
            parameters = parameters with { TypeMapping = property.GetRelationalTypeMapping() };
            return;
        }

        if (type != typeof(bool))
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
