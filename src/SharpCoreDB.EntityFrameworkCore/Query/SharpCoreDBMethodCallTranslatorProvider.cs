// The method translators of this provider, beside the relational ones (Equals,
// EF.Functions.Like, Contains on collections, CompareTo, ...).
using Microsoft.EntityFrameworkCore.Query;

namespace SharpCoreDB.EntityFrameworkCore.Query;

internal sealed class SharpCoreDBMethodCallTranslatorProvider : RelationalMethodCallTranslatorProvider
{
    public SharpCoreDBMethodCallTranslatorProvider(RelationalMethodCallTranslatorProviderDependencies dependencies)
        : base(dependencies)
    {
        ISqlExpressionFactory sql = dependencies.SqlExpressionFactory;
        AddTranslators([new SharpCoreDBStringMethodTranslator(sql), new SharpCoreDBMathTranslator(sql)]);
    }
}
