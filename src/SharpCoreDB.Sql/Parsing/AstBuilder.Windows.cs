// AST building for window functions: OVER clauses, WINDOW clauses and frames.
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    private WindowDefinition Over(OverClauseContext context) => context.name is { } name
        ? new WindowDefinition(Ident(name), SqlList<Expression>.Empty, SqlList<OrderingTerm>.Empty, null, Pos(context))
        : Window(context.windowDefinition());

    private SqlList<NamedWindow> NamedWindows(NamedWindowContext[] windows)
    {
        var built = new NamedWindow[windows.Length];
        for (int i = 0; i < windows.Length; i++)
        {
            built[i] = new NamedWindow(Ident(windows[i].identifier()), Window(windows[i].windowDefinition()), Pos(windows[i]));
        }

        return ToList(built);
    }

    private WindowDefinition Window(WindowDefinitionContext context) => new(
        context.@base is { } baseName ? Ident(baseName) : null,
        Expressions([.. context._partition]),
        context.orderByClause() is { } order ? OrderBy(order) : SqlList<OrderingTerm>.Empty,
        context.frameSpec() is { } frame ? Frame(frame) : null,
        Pos(context));

    private WindowFrame Frame(FrameSpecContext context)
    {
        FrameUnit unit = context.unit.Type switch
        {
            ROWS => FrameUnit.Rows,
            GROUPS => FrameUnit.Groups,
            _ => FrameUnit.Range,
        };
        FrameExclusion exclusion = context.EXCLUDE() is null || context.NO() is not null ? FrameExclusion.NoOthers
            : context.CURRENT() is not null ? FrameExclusion.CurrentRow
            : context.GROUP() is not null ? FrameExclusion.Group
            : FrameExclusion.Ties;
        if (context.single is { } single)
        {
            return new WindowFrame(unit, Bound(single), new FrameBound(FrameBoundKind.CurrentRow, null, Pos(single)), exclusion, Pos(context));
        }

        return new WindowFrame(unit, Bound(context.start), Bound(context.end), exclusion, Pos(context));
    }

    private FrameBound Bound(FrameBoundContext context) => context switch
    {
        UnboundedPrecedingContext => new FrameBound(FrameBoundKind.UnboundedPreceding, null, Pos(context)),
        UnboundedFollowingContext => new FrameBound(FrameBoundKind.UnboundedFollowing, null, Pos(context)),
        CurrentRowContext => new FrameBound(FrameBoundKind.CurrentRow, null, Pos(context)),
        OffsetPrecedingContext preceding => new FrameBound(FrameBoundKind.Preceding, Comparison(preceding.comparison()), Pos(context)),
        OffsetFollowingContext following => new FrameBound(FrameBoundKind.Following, Comparison(following.comparison()), Pos(context)),
        _ => throw SyntaxErrors.At(context.Start, "syntax error"),
    };
}
