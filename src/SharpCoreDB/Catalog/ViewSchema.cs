// A view: its name, optional column names and the parsed query that defines it.

namespace SharpCoreDB.Catalog;

/// <summary>A stored SELECT that can be queried like a table.</summary>
internal sealed record ViewSchema(string Name, IReadOnlyList<string> ColumnNames, SelectStatement Query, string Sql, long CatalogId);
