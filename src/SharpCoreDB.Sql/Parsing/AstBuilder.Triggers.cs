// AST building for CREATE TRIGGER, DROP TRIGGER and RAISE (and REINDEX, VACUUM and
// ANALYZE, the maintenance statements). SQLite's parse-time
// rules for trigger bodies are applied here, with its messages: the statements
// name their tables without a schema, take no INDEXED BY, WITH or RETURNING, and
// use no parameters (a stored trigger has nobody to bind them); RAISE is only
// valid inside a trigger.
using Antlr4.Runtime;
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    // Set while the body and WHEN of a CREATE TRIGGER are built.
    private bool _inTrigger;

    public override SqlNode VisitCreateTriggerStmt(CreateTriggerStmtContext context)
    {
        TriggerTiming timing = context.AFTER() is not null ? TriggerTiming.After
            : context.INSTEAD() is not null ? TriggerTiming.InsteadOf
            : TriggerTiming.Before;
        TriggerEventContext triggerEvent = context.triggerEvent();
        TriggerEvent kind = triggerEvent.INSERT() is not null ? TriggerEvent.Insert
            : triggerEvent.DELETE() is not null ? TriggerEvent.Delete
            : TriggerEvent.Update;
        _inTrigger = true;
        try
        {
            Expression? when = context.when is { } condition ? Expr(condition) : null;
            TriggerStatementContext[] statements = context.triggerBody().triggerStatement();
            var body = new Statement[statements.Length];
            for (int i = 0; i < body.Length; i++)
            {
                body[i] = BodyStatement(statements[i]);
            }

            return new CreateTriggerStatement(
                Name(context.qualifiedName(0)),
                context.IF() is not null,
                context.TEMP() is not null || context.TEMPORARY() is not null,
                timing,
                kind,
                Identifiers(triggerEvent.identifier()),
                Name(context.table),
                context.FOR() is not null,
                when,
                context.when is { } written ? SourceText(written) : null,
                ToList(body),
                SourceText(context.triggerBody()),
                Pos(context));
        }
        finally
        {
            _inTrigger = false;
        }
    }

    public override SqlNode VisitReindexStmt(ReindexStmtContext context) =>
        new ReindexStatement(context.qualifiedName() is { } name ? Name(name) : null, Pos(context));

    public override SqlNode VisitAnalyzeStmt(AnalyzeStmtContext context) =>
        new AnalyzeStatement(context.qualifiedName() is { } name ? Name(name) : null, Pos(context));

    public override SqlNode VisitVacuumStmt(VacuumStmtContext context) =>
        new VacuumStatement(context.schema is { } schema ? Ident(schema) : null, context.into is { } into ? Expr(into) : null, Pos(context));

    public override SqlNode VisitDropTriggerStmt(DropTriggerStmtContext context) =>
        new DropTriggerStatement(Name(context.qualifiedName()), context.IF() is not null, Pos(context));

    public override SqlNode VisitRaiseExpr(RaiseExprContext context)
    {
        if (!_inTrigger)
        {
            throw SyntaxErrors.At(context.Start, "RAISE() may only be used within a trigger-program");
        }

        if (context.IGNORE() is not null)
        {
            return new RaiseExpression(RaiseKind.Ignore, null, Pos(context));
        }

        RaiseKind kind = context.kind.Type switch
        {
            ROLLBACK => RaiseKind.Rollback,
            ABORT => RaiseKind.Abort,
            _ => RaiseKind.Fail,
        };
        return new RaiseExpression(kind, Expr(context.message), Pos(context));
    }

    private Statement BodyStatement(TriggerStatementContext context)
    {
        var statement = (Statement)context.GetChild(0).Accept(this);
        (QualifiedName? target, bool indexed, bool with, bool returning) = statement switch
        {
            InsertStatement insert => (insert.Table, false, insert.With is not null, insert.Returning.Count > 0),
            UpdateStatement update => (update.Table, update.IndexHint is not null, update.With is not null, update.Returning.Count > 0),
            DeleteStatement delete => (delete.Table, delete.IndexHint is not null, delete.With is not null, delete.Returning.Count > 0),
            _ => ((QualifiedName?)null, false, false, false),
        };
        IToken start = context.Start;
        if (target?.Schema is not null)
        {
            throw SyntaxErrors.At(start, "qualified table names are not allowed on INSERT, UPDATE, and DELETE statements within triggers");
        }

        if (indexed)
        {
            throw SyntaxErrors.At(start, "the INDEXED BY clause is not allowed on UPDATE or DELETE statements within triggers");
        }

        if (with)
        {
            throw SyntaxErrors.At(start, "a WITH clause is not allowed before INSERT, UPDATE or DELETE within triggers");
        }

        return returning ? throw SyntaxErrors.At(start, "cannot use RETURNING in a trigger") : statement;
    }
}
