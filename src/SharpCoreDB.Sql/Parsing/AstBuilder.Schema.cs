// AST building for CREATE/DROP/ALTER of tables, indexes and views, column
// definitions, constraints and type names.
using Antlr4.Runtime;
using SharpCoreDB.Sql.Ast;
using SharpCoreDB.Sql.Printing;
using static SharpCoreDB.Sql.Generated.SqlGrammarParser;

namespace SharpCoreDB.Sql.Parsing;

internal sealed partial class AstBuilder
{
    public override SqlNode VisitCreateTableStmt(CreateTableStmtContext context)
    {
        ColumnDefContext[] columns = context.columnDef();
        var builtColumns = new ColumnDefinition[columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            builtColumns[i] = Column(columns[i]);
        }

        TableConstraintContext[] constraints = context.tableConstraint();
        var builtConstraints = new TableConstraint[constraints.Length];
        for (int i = 0; i < constraints.Length; i++)
        {
            builtConstraints[i] = TableConstraintOf(constraints[i]);
        }

        return new CreateTableStatement(
            Name(context.qualifiedName()),
            context.IF() is not null,
            context.TEMP() is not null || context.TEMPORARY() is not null,
            ToList(builtColumns),
            ToList(builtConstraints),
            context.selectStmt() is { } select ? Select(select) : null,
            Pos(context));
    }

    private ColumnDefinition Column(ColumnDefContext context)
    {
        ColumnConstraintContext[] constraints = context.columnConstraint();
        var built = new ColumnConstraint[constraints.Length];
        for (int i = 0; i < constraints.Length; i++)
        {
            built[i] = ColumnConstraintOf(constraints[i]);
        }

        return new ColumnDefinition(
            Ident(context.identifier()),
            context.typeName() is { } type ? TypeBeforeGenerated(type, built) : null,
            ToList(built),
            Pos(context));
    }

    // The type words take `GENERATED ALWAYS` in `x INT GENERATED ALWAYS AS (..)` (both are usable as names): as SQLite
    // does, they are taken off the type when the column is generated (a type of only those words is no type).
    private TypeName? TypeBeforeGenerated(TypeNameContext type, ColumnConstraint[] constraints)
    {
        TypeWordContext[] words = type.typeWord();
        int n = words.Length;
        bool generated = constraints.Length > 0 && constraints[0] is GeneratedColumnConstraint && type.typeArgument().Length == 0 && n >= 2
            && words[n - 2].Start.Type == GENERATED && words[n - 1].Start.Type == ALWAYS;
        if (!generated)
        {
            return Type(type);
        }

        if (n == 2)
        {
            return null;
        }

        string text = _sql.Substring(words[0].Start.StartIndex, words[n - 3].Stop.StopIndex - words[0].Start.StartIndex + 1);
        return new TypeName(text, TypeName.AffinityOf(text), SqlList<long>.Empty, Pos(type));
    }

    private ColumnConstraint ColumnConstraintOf(ColumnConstraintContext context)
    {
        string? name = context.name is { } n ? Ident(n) : null;
        SourcePosition pos = Pos(context);
        return context.columnConstraintBody() switch
        {
            PrimaryKeyColumnConstraintContext pk => new PrimaryKeyColumnConstraint(
                name,
                pk.DESC() is not null ? SortDirection.Descending : SortDirection.Ascending,
                pk.AUTOINCREMENT() is not null,
                Conflict(pk.conflictClause()?.conflictResolution()),
                pos),
            NotNullColumnConstraintContext notNull => new NotNullColumnConstraint(name, Conflict(notNull.conflictClause()?.conflictResolution()), pos),
            NullColumnConstraintContext => new NullColumnConstraint(name, pos),
            UniqueColumnConstraintContext unique => new UniqueColumnConstraint(name, Conflict(unique.conflictClause()?.conflictResolution()), pos),
            CheckColumnConstraintContext check => new CheckColumnConstraint(name, Expr(check.expr()), pos),
            DefaultColumnConstraintContext def => new DefaultColumnConstraint(name, DefaultValue(def.defaultValue()), pos),
            CollateColumnConstraintContext collate => new CollateColumnConstraint(name, Ident(collate.identifier()), pos),
            ForeignKeyColumnConstraintContext foreignKey => new ForeignKeyColumnConstraint(name, References(foreignKey.foreignKeyClause()), pos),
            GeneratedColumnConstraintContext generated => new GeneratedColumnConstraint(name, Expr(generated.expr()), generated.STORED() is not null, pos),
            _ => throw SyntaxErrors.At(context.Start, "syntax error"),
        };
    }

    private Expression DefaultValue(DefaultValueContext context)
    {
        if (context.signedLiteral() is { } signed)
        {
            return SignedLiteral(signed);
        }

        if (context.literal() is { } literal)
        {
            return Literal(literal);
        }

        if (context.expr() is { } expr)
        {
            return Expr(expr);
        }

        // SQLite reads a bare word after DEFAULT as a string.
        return new StringLiteral(Ident(context.identifier()), Pos(context));
    }

    private TableConstraint TableConstraintOf(TableConstraintContext context)
    {
        string? name = context.name is { } n ? Ident(n) : null;
        SourcePosition pos = Pos(context);
        return context.tableConstraintBody() switch
        {
            PrimaryKeyTableConstraintContext pk => new PrimaryKeyTableConstraint(name, KeyColumns(pk.indexedColumn()), Conflict(pk.conflictClause()?.conflictResolution()), pos),
            UniqueTableConstraintContext unique => new UniqueTableConstraint(name, KeyColumns(unique.indexedColumn()), Conflict(unique.conflictClause()?.conflictResolution()), pos),
            CheckTableConstraintContext check => new CheckTableConstraint(name, Expr(check.expr()), pos),
            ForeignKeyTableConstraintContext foreignKey => new ForeignKeyTableConstraint(
                name, ToList(Array.ConvertAll(foreignKey.identifier(), Ident)), References(foreignKey.foreignKeyClause()), pos),
            _ => throw SyntaxErrors.At(context.Start, "syntax error"),
        };
    }

    // SQLite keeps the last of repeated ON DELETE / ON UPDATE clauses, and reads MATCH but ignores it.
    private static ForeignKeyClause References(ForeignKeyClauseContext context)
    {
        ForeignKeyAction? onDelete = null;
        ForeignKeyAction? onUpdate = null;
        string? match = null;
        foreach (ForeignKeyOptionContext option in context.foreignKeyOption())
        {
            if (option.MATCH() is not null)
            {
                match = option.identifier() is { } word ? Ident(word) : "FULL";
                continue;
            }

            ForeignKeyActionContext action = option.foreignKeyAction();
            ForeignKeyAction value = action.CASCADE() is not null ? ForeignKeyAction.Cascade
                : action.RESTRICT() is not null ? ForeignKeyAction.Restrict
                : action.NULL() is not null ? ForeignKeyAction.SetNull
                : action.DEFAULT() is not null ? ForeignKeyAction.SetDefault
                : ForeignKeyAction.NoAction;
            if (option.DELETE() is not null)
            {
                onDelete = value;
            }
            else
            {
                onUpdate = value;
            }
        }

        DeferrableClauseContext? deferrable = context.deferrableClause();
        bool? initially = deferrable?.INITIALLY() is null ? null : deferrable.DEFERRED() is not null;
        return new ForeignKeyClause(
            Ident(context.parent),
            ToList(Array.ConvertAll(context.identifier()[1..], Ident)),
            onDelete,
            onUpdate,
            match,
            deferrable is null ? null : deferrable.NOT() is null,
            initially,
            Pos(context));
    }

    // A key column as written: a name (a string literal counts as one, as in SQLite), optionally with COLLATE, or any
    // other expression, which only CREATE INDEX and an UPSERT target accept (KeyColumns refuses it in PRIMARY KEY and
    // UNIQUE).
    private SqlList<IndexedColumn> IndexedColumns(IndexedColumnContext[] columns)
    {
        var built = new IndexedColumn[columns.Length];
        for (int i = 0; i < columns.Length; i++)
        {
            IndexedColumnContext column = columns[i];
            Expression key = Expr(column.expr());
            string? collation = null;
            if (key is CollateExpression collate)
            {
                collation = collate.Collation;
                key = collate.Operand;
            }

            SortDirection direction = column.DESC() is not null ? SortDirection.Descending : SortDirection.Ascending;
            built[i] = key switch
            {
                ColumnReference { Schema: null, Table: null } reference => new IndexedColumn(reference.Column, collation, direction, Pos(column)),
                StringLiteral literal => new IndexedColumn(literal.Value, collation, direction, Pos(column)),
                _ => new IndexedColumn(SqlText.Of(key), collation, direction, Pos(column)) { Expression = key },
            };
        }

        return ToList(built);
    }

    // PRIMARY KEY and UNIQUE name columns only.
    private SqlList<IndexedColumn> KeyColumns(IndexedColumnContext[] columns)
    {
        SqlList<IndexedColumn> built = IndexedColumns(columns);
        foreach (IndexedColumn column in built)
        {
            if (column.Expression is not null)
            {
                throw SyntaxErrors.At(columns[0].Start, "expressions prohibited in PRIMARY KEY and UNIQUE constraints");
            }
        }

        return built;
    }

    private TypeName Type(TypeNameContext context)
    {
        TypeWordContext[] words = context.typeWord();
        string name = words.Length == 1 ? Ident(words[0].identifier()) : string.Join(' ', Array.ConvertAll(words, w => Ident(w.identifier())));
        TypeArgumentContext[] arguments = context.typeArgument();
        var values = new long[arguments.Length];
        for (int i = 0; i < arguments.Length; i++)
        {
            IToken number = arguments[i].INTEGER_LITERAL().Symbol;
            values[i] = IntegerOrReal(number, arguments[i].MINUS() is not null, default) is IntegerLiteral integer
                ? integer.Value
                : throw SyntaxErrors.At(number, "type size out of 64-bit range");
        }

        return new TypeName(SourceText(context), TypeName.AffinityOf(name), ToList(values), Pos(context));
    }

    public override SqlNode VisitDropTableStmt(DropTableStmtContext context) =>
        new DropTableStatement(Name(context.qualifiedName()), context.IF() is not null, Pos(context));

    public override SqlNode VisitDropIndexStmt(DropIndexStmtContext context) =>
        new DropIndexStatement(Name(context.qualifiedName()), context.IF() is not null, Pos(context));

    public override SqlNode VisitDropViewStmt(DropViewStmtContext context) =>
        new DropViewStatement(Name(context.qualifiedName()), context.IF() is not null, Pos(context));

    public override SqlNode VisitAlterTableStmt(AlterTableStmtContext context)
    {
        QualifiedName table = Name(context.qualifiedName());
        SourcePosition pos = Pos(context);
        return context.alterTableAction() switch
        {
            RenameTableContext rename => new RenameTableStatement(table, Ident(rename.newName), pos),
            RenameColumnContext rename => new RenameColumnStatement(table, Ident(rename.oldName), Ident(rename.newName), pos),
            AddColumnContext add => new AddColumnStatement(table, Column(add.columnDef()), pos),
            DropColumnContext drop => new DropColumnStatement(table, Ident(drop.oldName), pos),
            _ => throw SyntaxErrors.At(context.Start, "syntax error"),
        };
    }

    public override SqlNode VisitCreateIndexStmt(CreateIndexStmtContext context) => new CreateIndexStatement(
        Name(context.qualifiedName()),
        Ident(context.table),
        context.UNIQUE() is not null,
        context.IF() is not null,
        IndexedColumns(context.indexedColumn()),
        context.expr() is { } where ? Expr(where) : null,
        Pos(context));

    public override SqlNode VisitCreateViewStmt(CreateViewStmtContext context)
    {
        SelectStmtContext query = context.selectStmt();
        return new CreateViewStatement(
            Name(context.qualifiedName()),
            context.IF() is not null,
            context.TEMP() is not null || context.TEMPORARY() is not null,
            Identifiers(context.identifier()),
            Select(query),
            SourceText(query),
            Pos(context));
    }
}
