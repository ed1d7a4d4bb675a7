// Identifiers as the engine reads them: double-quoted, and without a schema. A
// SharpCoreDB file is one database with one namespace ("main"), as a SQLite file is, so
// a schema set on a model (HasDefaultSchema, ToTable(name, schema)) names nothing and is
// left out of the SQL rather than sent as "schema"."table", which would fail. Scripts
// begin transactions with BEGIN TRANSACTION, not the standard START TRANSACTION.
using System.Text;
using Microsoft.EntityFrameworkCore.Storage;

namespace SharpCoreDB.EntityFrameworkCore.Storage;

internal sealed class SharpCoreDBSqlGenerationHelper(RelationalSqlGenerationHelperDependencies dependencies)
    : RelationalSqlGenerationHelper(dependencies)
{
    // Migration scripts open their transaction as the engine's grammar (SQLite's) spells it.
    public override string StartTransactionStatement => "BEGIN TRANSACTION" + StatementTerminator;

    public override string DelimitIdentifier(string name, string? schema) => DelimitIdentifier(name);

    public override void DelimitIdentifier(StringBuilder builder, string name, string? schema) => DelimitIdentifier(builder, name);
}
