// VACUUM INTO 'file': the file name is any expression over constants and parameters,
// which must give text (SQLite's rule); the copy is written by
// Execution/DatabaseFileCopier from one snapshot, encrypted with the database's own
// password or key unless the caller names another (SharpCoreDBConnection.VacuumInto).
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Execution.Evaluators;
using SharpCoreDB.Planning;
using SharpCoreDB.Storage.Encryption;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    /// <summary>Writes a compacted copy of the database to <paramref name="path"/>, encrypted with <paramref name="secret"/>.</summary>
    public void VacuumInto(string path, EncryptionSettings? secret, CancellationToken ct = default) =>
        DatabaseFileCopier.CopyTo(Database.Storage, path, secret, ct);

    private void VacuumInto(Expression into, IParameterValues parameters, CancellationToken ct)
    {
        var planning = new PlanningContext(SchemaCatalog.Empty, new QueryContext(null));
        Evaluator name = planning.Expressions.Compile(into, null);
        DbValue[] values = [.. planning.Parameters.Select(parameters.GetValue)];
        using ReadTransaction read = Database.Storage.BeginRead();
        planning.Query.Begin(read, values, ct);
        DbValue file;
        try
        {
            file = name.Evaluate();
        }
        finally
        {
            planning.Query.End();
        }

        if (file.Type != DbValueType.Text)
        {
            throw new SharpCoreDBException(SharpCoreDBErrorCode.SemanticError, "non-text filename");
        }

        VacuumInto(file.AsText(), Database.Storage.Secret, ct);
    }
}
