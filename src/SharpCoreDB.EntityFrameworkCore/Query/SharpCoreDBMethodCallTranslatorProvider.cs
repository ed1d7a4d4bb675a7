// The method translators of this provider, beside the relational ones (Equals,
// EF.Functions.Like, Contains on collections, CompareTo, ...): strings, Math, date
// arithmetic and ToString.
using Microsoft.EntityFrameworkCore.Query;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBMethodCallTranslatorProvider : RelationalMethodCallTranslatorProvider
{
    public SharpCoreDBMethodCallTranslatorProvider(RelationalMethodCallTranslatorProviderDependencies dependencies, IRelationalTypeMappingSource typeMappings)
        : base(dependencies)
    {
        ISqlExpressionFactory sql = dependencies.SqlExpressionFactory;
        AddTranslators([
            new SharpCoreDBStringMethodTranslator(sql), new SharpCoreDBMathTranslator(sql), new SharpCoreDBDateTimeMethodTranslator(sql, typeMappings),
            new SharpCoreDBToStringTranslator(sql)]);
    }
}
