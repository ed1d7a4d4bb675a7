// One column of a plan's output as the executor produces it: its name, affinity and, for a
// plain column reference, the table column it comes from (the provider's schema table and
// GetDataTypeName read those). It lives with execution because plans (SELECT and DML with
// RETURNING) hand it to the layers above without those layers reaching into the planner.
using SharpCoreDB.Catalog;

namespace SharpCoreDB.Execution;

/// <summary>A result column: its name, affinity and, for a plain column reference, where it comes from.</summary>
internal sealed record OutputColumn(string Name, SqlTypeAffinity Affinity, string? DeclaredType, TableSchema? Table, ColumnSchema? Column);
