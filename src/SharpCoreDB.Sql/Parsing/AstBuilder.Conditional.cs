// IF [NOT] EXISTS (select) THEN ... END IF (Ast/Statements/ConditionalStatement.cs). The
// body holds the statements a migration step is made of: DDL, DML and PRAGMAs. What
// cannot run as part of one statement is refused here, naming it: transaction control
// (the block is one statement, so it runs inside whatever transaction is open) and
// VACUUM (which cannot run in a transaction); and positional parameters (below).
using SharpCoreDB.Sql.Ast;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    // Positional parameters (? and ?N) count across statements of a script; the statements of a block run one by
    // one, so only named parameters (which every statement looks up by name) may appear inside one.
    private bool _inConditional;

    public override SqlNode VisitConditionalStatement(ConditionalStatementContext context)
    {
        IfStmtContext block = context.ifStmt();
        _inConditional = true;
        try
        {
            return Conditional(block, Pos(context));
        }
        finally
        {
            _inConditional = false;
        }
    }

    private ConditionalStatement Conditional(IfStmtContext block, SourcePosition position)
    {
        var condition = (SelectStatement)block.selectStmt().Accept(this);
        InnerStatementContext[] inner = block.innerStatement();
        var body = new Statement[inner.Length];
        for (int i = 0; i < inner.Length; i++)
        {
            var statement = (Statement)inner[i].Accept(this);
            if (statement is BeginStatement or CommitStatement or RollbackStatement or SavepointStatement or ReleaseStatement or VacuumStatement)
            {
                string what = statement is VacuumStatement ? "VACUUM" : "transaction control";
                throw SyntaxErrors.At(inner[i].Start, $"{what} cannot run inside IF ... END IF");
            }

            body[i] = statement;
        }

        return new ConditionalStatement(block.NOT() is not null, condition, new SqlList<Statement>(body), position);
    }
}
