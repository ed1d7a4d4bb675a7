// The small data types of the engine's contract with the provider and the shell (Database,
// Session): result-column and catalog descriptions and the parameter-value source.
using SharpCoreDB.Planning;

namespace SharpCoreDB.Engine;

/// <summary>Supplies parameter values at execution.</summary>
internal interface IParameterValues
{
    /// <summary>The value of a parameter; throws SharpCoreDBException(Misuse) naming it when there is none.</summary>
    DbValue GetValue(StatementParameter parameter);
}

/// <summary>
/// A result column as the provider describes it (GetSchemaTable, GetDataTypeName). The
/// other column types each serve one layer: Catalog's ColumnSchema is a table's stored
/// definition, Execution's OutputColumn a plan's output, ColumnInfo the catalog snapshot
/// that GetSchema lists.
/// </summary>
internal sealed record ColumnDescription(
    string Name,
    string? DeclaredType,
    SqlTypeAffinity Affinity,
    string? BaseTable,
    string? BaseColumn,
    bool IsPrimaryKey,
    bool IsUnique,
    bool IsAutoIncrement,
    bool AllowsNull)
{
    /// <summary>A column computed by the statement (no base table): nullable, no key.</summary>
    public static ColumnDescription Computed(string name, SqlTypeAffinity affinity) =>
        new(name, DeclaredType: null, affinity, BaseTable: null, BaseColumn: null,
            IsPrimaryKey: false, IsUnique: false, IsAutoIncrement: false, AllowsNull: true);
}

/// <summary>Tables, indexes and views as of one commit.</summary>
internal sealed record CatalogSnapshot(IReadOnlyList<TableInfo> Tables, IReadOnlyList<IndexInfo> Indexes, IReadOnlyList<ViewInfo> Views,
    IReadOnlyList<ForeignKeyInfo> ForeignKeys);

/// <summary>
/// One column pair of a FOREIGN KEY (as PRAGMA foreign_key_list lists them): the child table and column, the parent table
/// and column (resolved to the parent's PRIMARY KEY when the key names none), the actions and the deferral.
/// </summary>
internal sealed record ForeignKeyInfo(string Table, string ConstraintName, int Id, int Sequence, string From, string ParentTable, string? To,
    string OnUpdate, string OnDelete, bool InitiallyDeferred);

internal sealed record TableInfo(string Name, IReadOnlyList<ColumnInfo> Columns, string Sql);

internal sealed record ColumnInfo(string Name, string? DeclaredType, SqlTypeAffinity Affinity,
    bool IsPrimaryKey, bool IsAutoIncrement, bool NotNull, bool IsUnique, string? DefaultSql, int Ordinal);

internal sealed record IndexInfo(string Name, string Table, IReadOnlyList<string> Columns, bool IsUnique, string? Sql);

internal sealed record ViewInfo(string Name, string Sql);
