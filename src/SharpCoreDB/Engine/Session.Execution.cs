// Statement execution for Session: transaction-control statements change the
// session state; queries stream from a read snapshot (or the open write
// transaction); DDL and DML run in the write transaction inside a savepoint.
using SharpCoreDB.Catalog;
using SharpCoreDB.Execution;
using SharpCoreDB.Planning;
using SharpCoreDB.Storage.File;
using SharpCoreDB.Storage.Pages;
using SharpCoreDB.Storage.Transactions;

namespace SharpCoreDB.Engine;

internal sealed partial class Session
{
    private StatementResult ExecuteCore(PreparedStatement prepared, IParameterValues parameters, CancellationToken ct, out WriteTransaction? toCommit)
    {
        toCommit = null;
        ct.ThrowIfCancellationRequested();
        switch (prepared.Statement)
        {
            case BeginStatement begin:
                BeginTransaction(begin.Mode);
                return StatementResult.Count(-1);
            case CommitStatement:
                Commit();
                return StatementResult.Count(-1);
            case RollbackStatement rollback:
                if (rollback.Savepoint is null)
                {
                    Rollback();
                }
                else
                {
                    RollbackToSavepoint(rollback.Savepoint);
                }

                return StatementResult.Count(-1);
            case SavepointStatement savepoint:
                Savepoint(savepoint.Name);
                return StatementResult.Count(-1);
            case ReleaseStatement release:
                ReleaseSavepoint(release.Name);
                return StatementResult.Count(-1);
            case SelectStatement or ExplainStatement:
                return Query(prepared, parameters, ct);
            case PragmaStatement pragma when PragmaRunner.IsSettingWrite(pragma):
                return Write(prepared, parameters, ct, out toCommit);
            case PragmaStatement pragma:
                return Pragma(prepared, pragma);
            case VacuumStatement vacuum:
                return Vacuum(vacuum, parameters, ct);
            case ConditionalStatement block:
                return Conditional(block, parameters, ct);
            default:
                return Write(prepared, parameters, ct, out toCommit);
        }
    }

    private StatementResult Query(PreparedStatement prepared, IParameterValues parameters, CancellationToken ct)
    {
        IPageAccess pages = ReadAccess(out DatabaseState state, out ReadTransaction? read);
        try
        {
            SchemaCatalog catalog = _tx is not null ? CatalogOf(_tx) : Database.CatalogFor(pages, state);
            CompiledStatement compiled = Compiled(prepared, catalog, pages);
            if (compiled.ExplainLines is not null)
            {
                var rows = new List<DbValue[]>();
                foreach (string line in compiled.ExplainLines)
                {
                    rows.Add([DbValue.FromText(line)]);
                }

                read?.Dispose();
                return StatementResult.Materialized(compiled.Columns, rows, -1);
            }

            QueryContext context = compiled.Context;
            context.Begin(pages, Bind(compiled, parameters), ct);
            context.Counters = Triggers.Counters;
            compiled.InUse = true;
            var root = compiled.Select!.Root;
            try
            {
                root.Open();
            }
            catch
            {
                compiled.InUse = false;
                context.End();
                throw;
            }

            ReadTransaction? snapshot = read;
            read = null;
            return StatementResult.Streaming(compiled.Columns, root, context, () =>
            {
                compiled.InUse = false;
                context.End();
                snapshot?.Dispose();
            });
        }
        finally
        {
            read?.Dispose();
        }
    }

    private StatementResult Pragma(PreparedStatement prepared, PragmaStatement pragma)
    {
        IReadOnlyList<ColumnDescription> columns = PragmaRunner.Columns(pragma);
        IPageAccess pages = ReadAccess(out DatabaseState state, out ReadTransaction? read);
        using (read)
        {
            SchemaCatalog catalog = _tx is not null ? CatalogOf(_tx) : Database.CatalogFor(pages, state);
            List<DbValue[]> rows = ForeignKeyPragmas.Handles(pragma)
                ? ForeignKeyPragmas.Run(pragma, ForeignKeys, inTransaction: _explicit, Database.Storage, pages, catalog, Functions)
                : IsRecursiveTriggers(pragma) ? RecursiveTriggers(pragma)
                : PragmaRunner.Run(pragma, Database.Storage, pages, state, catalog, Functions);
            return columns.Count == 0 ? StatementResult.Count(-1) : StatementResult.Materialized(columns, rows, -1);
        }
    }

    private StatementResult Write(PreparedStatement prepared, IParameterValues parameters, CancellationToken ct, out WriteTransaction? toCommit)
    {
        toCommit = null;
        bool autocommit = !_explicit;
        WriteTransaction tx = Writer();
        Savepoint? savepoint = autocommit ? null : tx.BeginSavepoint();
        bool schema = prepared.Statement is not (InsertStatement or UpdateStatement or DeleteStatement);
        StatementResult result;
        Execution.ForeignKeys.ViolationSnapshot deferred = ForeignKeys.Deferred.Save();
        ForeignKeys.Statement.Clear();
        try
        {
            SchemaCatalog catalog = CatalogOf(tx);
            if (schema)
            {
                if (prepared.Statement is DropTableStatement drop)
                {
                    DeleteRowsBeforeDrop(tx, catalog, drop, ct);
                }

                if (prepared.Statement is PragmaStatement pragma)
                {
                    PragmaRunner.WriteSetting(tx, pragma);
                    _txCatalog = catalog;
                }
                else if (prepared.Statement is CreateTableStatement { AsSelect: not null } createAs)
                {
                    _txCatalog = CreateTableAs(tx, catalog, createAs, ct);
                }
                else
                {
                    _txCatalog = DdlExecutor.Execute(tx, catalog, prepared.Statement, IndexRowCompiler.For(catalog, Functions));
                }

                EndStatementKeys(autocommit);
                result = StatementResult.Count(-1);
            }
            else
            {
                CompiledStatement compiled = Compiled(prepared, catalog, tx);
                QueryContext context = compiled.Context;
                context.Begin(tx, Bind(compiled, parameters), ct);
                context.ForeignKeys = EnforcedKeys;
                context.Triggers = Triggers;
                List<DbValue[]>? returned = compiled.Columns.Count > 0 ? [] : null;
                int count;
                try
                {
                    count = compiled.Dml!.Execute(tx, returned);
                }
                finally
                {
                    context.End();
                }

                EndStatementKeys(autocommit);


                result = returned is not null ? StatementResult.Materialized(compiled.Columns, returned, count) : StatementResult.Count(count);
            }

            if (savepoint is not null)
            {
                tx.Release(savepoint);
            }
        }
        catch (Exception e)
        {
            Undo(e, tx, savepoint, deferred);
            throw;
        }

        if (autocommit)
        {
            toCommit = tx;
            ForgetDeferredKeys();
        }

        return result;
    }

    // Cleans up after a failed write statement: undoes the statement (ABORT), keeps its earlier rows (FAIL: in
    // autocommit they commit), or rolls back the transaction (ROLLBACK). FAIL keeps them only while no foreign
    // key is left violated by them; otherwise the statement is undone as under ABORT.
    private void Undo(Exception failure, WriteTransaction tx, Savepoint? savepoint, Execution.ForeignKeys.ViolationSnapshot deferred)
    {
        Triggers.Reset();
        StatementUndo undo = (failure as StatementFailure)?.Undo ?? StatementUndo.Statement;
        if (undo == StatementUndo.None && (!ForeignKeys.Statement.IsClear || (savepoint is null && !ForeignKeys.Deferred.IsClear)))
        {
            undo = StatementUndo.Statement;
        }

        ForeignKeys.Statement.Clear();
        if (undo != StatementUndo.None)
        {
            ForeignKeys.Deferred.Restore(deferred);
        }

        if (savepoint is null)
        {
            _tx = null;
            if (undo == StatementUndo.None)
            {
                // The rows written before the failing one are the statement's result: they commit like any autocommit.
                _tx = tx;
                CommitAutocommit(tx);
                ForgetDeferredKeys();
            }
            else
            {
                _txCatalog = null;
                tx.Rollback();
            }
        }
        else if (undo == StatementUndo.Transaction)
        {
            FinishExplicit();
            _txCatalog = null;
            tx.Rollback();
        }
        else
        {
            if (undo == StatementUndo.Statement)
            {
                tx.RollbackTo(savepoint);
            }

            tx.Release(savepoint);
            _txCatalog = null;
        }
    }
}
