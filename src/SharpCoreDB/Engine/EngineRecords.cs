// The small data types of the engine API (ENGINE_API.md): result-column and
// catalog descriptions, statement parameters and the parameter-value source.
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Values;

namespace SharpCoreDB.Engine;

/// <summary>A parameter a statement uses; Name is without prefix, null for '?'.</summary>
internal sealed record StatementParameter(int Ordinal, string? Name, char Prefix);

/// <summary>Supplies parameter values at execution.</summary>
internal interface IParameterValues
{
    /// <summary>The value of a parameter; throws SharpCoreDBException(Misuse) naming it when there is none.</summary>
    DbValue GetValue(StatementParameter parameter);
}

/// <summary>A result column as the provider describes it.</summary>
internal sealed record ResultColumn(
    string Name,
    string? DeclaredType,
    SqlTypeAffinity Affinity,
    string? BaseTable,
    string? BaseColumn,
    bool IsPrimaryKey,
    bool IsUnique,
    bool IsAutoIncrement,
    bool AllowsNull);

/// <summary>Tables, indexes and views as of one commit.</summary>
internal sealed record CatalogSnapshot(IReadOnlyList<TableInfo> Tables, IReadOnlyList<IndexInfo> Indexes, IReadOnlyList<ViewInfo> Views);

internal sealed record TableInfo(string Name, IReadOnlyList<ColumnInfo> Columns, string Sql);

internal sealed record ColumnInfo(string Name, string? DeclaredType, SqlTypeAffinity Affinity,
    bool IsPrimaryKey, bool IsAutoIncrement, bool NotNull, bool IsUnique, string? DefaultSql, int Ordinal);

internal sealed record IndexInfo(string Name, string Table, IReadOnlyList<string> Columns, bool IsUnique, string? Sql);

internal sealed record ViewInfo(string Name, string Sql);
