// AST building for INSERT, UPDATE, DELETE, transaction control and PRAGMA.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    public override SqlNode VisitInsertStmt(InsertStmtContext context)
    {
        ConflictResolution conflict = context.INSERT() is null
            ? ConflictResolution.Replace
            : Conflict(context.conflictResolution());
        InsertSource source = context.selectStmt() is { } select
            ? InsertSourceOf(Select(select))
            : new DefaultValuesSource(Pos(context.DEFAULT().Symbol));
        return new InsertStatement(
            conflict,
            Name(context.qualifiedName()),
            context.alias() is { } alias ? Alias(alias) : null,
            Identifiers(context.identifier()),
            source,
            Returning(context.returningClause()),
            Pos(context))
        { With = With(context.withClause()) };
    }

    /// <summary>A plain VALUES list becomes ValuesSource; anything else stays a query.</summary>
    private static InsertSource InsertSourceOf(SelectStatement select) =>
        select is { First: ValuesBody values, Compounds.Count: 0, OrderBy.Count: 0, Limit: null, With: null }
            ? new ValuesSource(values.Rows, values.Position)
            : new SelectSource(select, select.Position);

    public override SqlNode VisitUpdateStmt(UpdateStmtContext context)
    {
        AssignmentContext[] assignments = context.assignment();
        var built = new Assignment[assignments.Length];
        for (int i = 0; i < assignments.Length; i++)
        {
            built[i] = new Assignment(Ident(assignments[i].identifier()), Expr(assignments[i].expr()), Pos(assignments[i]));
        }

        return new UpdateStatement(
            Conflict(context.conflictResolution()),
            Name(context.qualifiedName()),
            context.alias() is { } alias ? Alias(alias) : null,
            ToList(built),
            context.expr() is { } where ? Expr(where) : null,
            Returning(context.returningClause()),
            Pos(context))
        { With = With(context.withClause()) };
    }

    public override SqlNode VisitDeleteStmt(DeleteStmtContext context) => new DeleteStatement(
        Name(context.qualifiedName()),
        context.alias() is { } alias ? Alias(alias) : null,
        context.expr() is { } where ? Expr(where) : null,
        Returning(context.returningClause()),
        Pos(context))
    { With = With(context.withClause()) };

    private SqlList<ResultColumn> Returning(ReturningClauseContext? context) =>
        context is null ? SqlList<ResultColumn>.Empty : ResultColumns(context.resultColumn());

    private static ConflictResolution Conflict(ConflictResolutionContext? context) => context?.Start.Type switch
    {
        null => ConflictResolution.Default,
        REPLACE => ConflictResolution.Replace,
        IGNORE => ConflictResolution.Ignore,
        ABORT => ConflictResolution.Abort,
        FAIL => ConflictResolution.Fail,
        _ => ConflictResolution.Rollback,
    };

    public override SqlNode VisitBeginStmt(BeginStmtContext context)
    {
        TransactionMode mode = context.IMMEDIATE() is not null ? TransactionMode.Immediate
            : context.EXCLUSIVE() is not null ? TransactionMode.Exclusive
            : TransactionMode.Deferred;
        return new BeginStatement(mode, Pos(context));
    }

    public override SqlNode VisitCommitStmt(CommitStmtContext context) => new CommitStatement(Pos(context));

    public override SqlNode VisitRollbackStmt(RollbackStmtContext context) =>
        new RollbackStatement(context.identifier() is { } name ? Ident(name) : null, Pos(context));

    public override SqlNode VisitSavepointStmt(SavepointStmtContext context) =>
        new SavepointStatement(Ident(context.identifier()), Pos(context));

    public override SqlNode VisitReleaseStmt(ReleaseStmtContext context) =>
        new ReleaseStatement(Ident(context.identifier()), Pos(context));

    public override SqlNode VisitPragmaStmt(PragmaStmtContext context)
    {
        Expression? value = null;
        if (context.pragmaValue() is { } pragmaValue)
        {
            if (pragmaValue.signedLiteral() is { } signedLiteral)
            {
                value = SignedLiteral(signedLiteral);
            }
            else if (pragmaValue.literal() is { } literal)
            {
                value = Literal(literal);
            }
            else if (pragmaValue.identifier() is { } identifier)
            {
                value = new StringLiteral(Ident(identifier), Pos(identifier));
            }
            else
            {
                // A keyword (ON, DEFAULT, FULL, DELETE, ...), kept as the word.
                value = new StringLiteral(pragmaValue.GetText(), Pos(pragmaValue));
            }
        }

        return new PragmaStatement(Name(context.qualifiedName()), value, Pos(context));
    }
}
