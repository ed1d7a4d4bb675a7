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
        { With = With(context.withClause()), Upserts = Upserts(context.upsertClause()) };
    }

    private SqlList<UpsertClause> Upserts(UpsertClauseContext[] clauses)
    {
        var built = new UpsertClause[clauses.Length];
        for (int i = 0; i < clauses.Length; i++)
        {
            UpsertClauseContext clause = clauses[i];
            var set = new List<Assignment>();
            foreach (AssignmentContext assignment in clause.assignment())
            {
                Assign(assignment, set);
            }

            built[i] = new UpsertClause(
                IndexedColumns(clause.indexedColumn()),
                clause.targetWhere is { } targetWhere ? Expr(targetWhere) : null,
                clause.NOTHING() is not null,
                ToList(set.ToArray()),
                clause.updateWhere is { } where ? Expr(where) : null,
                Pos(clause));
        }

        return ToList(built);
    }

    /// <summary>A plain VALUES list becomes ValuesSource; anything else stays a query.</summary>
    private static InsertSource InsertSourceOf(SelectStatement select) =>
        select is { First: ValuesBody values, Compounds.Count: 0, OrderBy.Count: 0, Limit: null, With: null }
            ? new ValuesSource(values.Rows, values.Position)
            : new SelectSource(select, select.Position);

    public override SqlNode VisitUpdateStmt(UpdateStmtContext context)
    {
        var built = new List<Assignment>();
        foreach (AssignmentContext assignment in context.assignment())
        {
            Assign(assignment, built);
        }

        return new UpdateStatement(
            Conflict(context.conflictResolution()),
            Name(context.qualifiedName()),
            context.alias() is { } alias ? Alias(alias) : null,
            ToList(built.ToArray()),
            context.expr() is { } where ? Expr(where) : null,
            Returning(context.returningClause()),
            Pos(context))
        { With = With(context.withClause()), IndexHint = Hint(context.indexHint()) };
    }

    // `SET (a, b) = (x, y)` becomes a = x, b = y; `SET (a, b) = (SELECT ..)` takes each column of the
    // subquery's first row. Both sides are read from the row before the update, as for separate assignments.
    private void Assign(AssignmentContext assignment, List<Assignment> into)
    {
        IdentifierContext[] columns = assignment.identifier();
        Expression value = Expr(assignment.expr());
        if (assignment.OPEN_PAR() is null)
        {
            into.Add(new Assignment(Ident(columns[0]), value, Pos(assignment)));
            return;
        }

        for (int i = 0; i < columns.Length; i++)
        {
            Expression item = value switch
            {
                RowValueExpression row when row.Values.Count == columns.Length => row.Values[i],
                RowValueExpression row => throw SyntaxErrors.At(assignment.Start, $"{columns.Length} columns assigned {row.Values.Count} values"),
                SubqueryExpression subquery => subquery with { Column = i },
                _ when columns.Length == 1 => value,
                _ => throw SyntaxErrors.At(assignment.Start, $"{columns.Length} columns assigned 1 values"),
            };
            into.Add(new Assignment(Ident(columns[i]), item, Pos(assignment)));
        }
    }

    public override SqlNode VisitDeleteStmt(DeleteStmtContext context) => new DeleteStatement(
        Name(context.qualifiedName()),
        context.alias() is { } alias ? Alias(alias) : null,
        context.expr() is { } where ? Expr(where) : null,
        Returning(context.returningClause()),
        Pos(context))
    { With = With(context.withClause()), IndexHint = Hint(context.indexHint()) };

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
