// Parser of the SharpCoreDB SQL dialect. The expression rules follow SQLite's
// operator precedence (docs/sql.md has the table):
//   expr        OR, then AND (loops, lowest precedence)
//   equality    =, ==, !=, <>, IS [NOT], [NOT] IN, [NOT] LIKE/GLOB/..., [NOT] BETWEEN,
//               ISNULL, NOTNULL, NOT NULL: all one level, left-associative
//   comparison  <, <=, >, >= above it, then & | << >>, + -, * / %, ||, unary, COLLATE
// NOT is a prefix whose operand is an equality-level expression, so that
// `NOT a = b` is NOT (a = b) and `NOT a AND b` is (NOT a) AND b, as in SQLite. The
// BETWEEN bounds are comparison-level expressions, so `AND` always ends the lower bound.
// Rules that can recurse call EnterNesting() through @init: it turns an exhausted
// stack into a syntax error instead of a crash (see SqlParser.cs).
// After editing, run scripts/regenerate-parser.sh and commit the generated C#.
parser grammar SqlGrammarParser;

options { tokenVocab = SqlGrammarLexer; }

script: SEMI* (statement (SEMI+ statement)* SEMI*)? EOF;

singleExpression: expr EOF;

statement: EXPLAIN (QUERY PLAN)? innerStatement #explainStatement
    | ifStmt #conditionalStatement
    | innerStatement #plainStatement
    ;

// IF [NOT] EXISTS (select) THEN statement; ... END IF: not SQLite's; it runs the statements
// only when the query returns a row (or, with NOT, none). EF Core's idempotent migration
// scripts wrap each command in one (docs/sql-semantics.md, "IF … END IF").
ifStmt: IF NOT? EXISTS OPEN_PAR selectStmt CLOSE_PAR THEN SEMI* innerStatement (SEMI+ innerStatement)* SEMI* END IF;

innerStatement: selectStmt
    | insertStmt
    | updateStmt
    | deleteStmt
    | createTableStmt
    | dropTableStmt
    | alterTableStmt
    | createIndexStmt
    | dropIndexStmt
    | createViewStmt
    | dropViewStmt
    | createTriggerStmt
    | dropTriggerStmt
    | reindexStmt
    | vacuumStmt
    | analyzeStmt
    | beginStmt
    | commitStmt
    | rollbackStmt
    | savepointStmt
    | releaseStmt
    | pragmaStmt
    ;

// ---- SELECT ----------------------------------------------------------------

selectStmt
@init { EnterNesting(); }
    : withClause? selectBody (compoundOperator selectBody)* orderByClause? limitClause?
    ;

// WITH [RECURSIVE] name [(columns)] AS [[NOT] MATERIALIZED] (select), ...: RECURSIVE is
// optional, as in SQLite (a CTE is recursive when its query names it).
withClause: WITH RECURSIVE? commonTableExpression (COMMA commonTableExpression)*;

commonTableExpression: name=identifier (OPEN_PAR columns+=identifier (COMMA columns+=identifier)* CLOSE_PAR)?
        AS (NOT? MATERIALIZED)? OPEN_PAR selectStmt CLOSE_PAR
    ;

selectBody: SELECT (DISTINCT | ALL)? resultColumn (COMMA resultColumn)*
        (FROM fromClause)? (WHERE where=expr)?
        (GROUP BY groupBy+=expr (COMMA groupBy+=expr)*)? (HAVING having=expr)?
        (WINDOW namedWindow (COMMA namedWindow)*)? #selectCore
    | VALUES valuesRow (COMMA valuesRow)* #valuesCore
    ;

valuesRow: OPEN_PAR expr (COMMA expr)* CLOSE_PAR;

// ---- windows ---------------------------------------------------------------

namedWindow: identifier AS OPEN_PAR windowDefinition CLOSE_PAR;

windowDefinition: base=identifier? (PARTITION BY partition+=expr (COMMA partition+=expr)*)? orderByClause? frameSpec?;

frameSpec: unit=(RANGE | ROWS | GROUPS) (BETWEEN start=frameBound AND end=frameBound | single=frameBound)
        (EXCLUDE (NO OTHERS | CURRENT ROW | GROUP | TIES))?
    ;

frameBound: UNBOUNDED PRECEDING #unboundedPreceding
    | UNBOUNDED FOLLOWING #unboundedFollowing
    | CURRENT ROW #currentRow
    | comparison PRECEDING #offsetPreceding
    | comparison FOLLOWING #offsetFollowing
    ;

filterClause: FILTER OPEN_PAR WHERE expr CLOSE_PAR;

overClause: OVER (name=identifier | OPEN_PAR windowDefinition CLOSE_PAR);

compoundOperator: UNION ALL? | INTERSECT | EXCEPT;

resultColumn: STAR #allColumns
    | identifier DOT STAR #tableAllColumns
    | expr (AS? alias)? #expressionColumn
    ;

alias: identifier | STRING_LITERAL;

fromClause: tableSource (joinOperator tableSource joinConstraint?)*;

tableSource
@init { EnterNesting(); }
    : functionName OPEN_PAR (expr (COMMA expr)*)? CLOSE_PAR (AS? alias)? #functionSource
    | qualifiedName (AS? alias)? indexHint? #tableName
    | OPEN_PAR selectStmt CLOSE_PAR (AS? alias)? #subquerySource
    | OPEN_PAR fromClause CLOSE_PAR #nestedSource
    ;

indexHint: INDEXED BY index=identifier | NOT INDEXED;

joinOperator: COMMA | NATURAL? (INNER | CROSS | LEFT OUTER? | RIGHT OUTER? | FULL OUTER?)? JOIN;

joinConstraint: ON expr | USING OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR;

orderByClause: ORDER BY orderingTerm (COMMA orderingTerm)*;

orderingTerm: expr (ASC | DESC)? (NULLS (FIRST | LAST))?;

limitClause: LIMIT limit=expr ((OFFSET | COMMA) offset=expr)?;

// ---- INSERT / UPDATE / DELETE ----------------------------------------------

insertStmt: withClause? (INSERT (OR conflictResolution)? | REPLACE) INTO qualifiedName (AS alias)?
        (OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR)?
        (selectStmt upsertClause* | DEFAULT VALUES) returningClause?
    ;

// ON CONFLICT [(columns) [WHERE e]] DO NOTHING | DO UPDATE SET .. [WHERE e]
upsertClause: ON CONFLICT (OPEN_PAR indexedColumn (COMMA indexedColumn)* CLOSE_PAR (WHERE targetWhere=expr)?)?
        DO (NOTHING | UPDATE SET assignment (COMMA assignment)* (WHERE updateWhere=expr)?)
    ;

conflictResolution: REPLACE | IGNORE | ABORT | FAIL | ROLLBACK;

updateStmt: withClause? UPDATE (OR conflictResolution)? qualifiedName (AS? alias)? indexHint?
        SET assignment (COMMA assignment)* (WHERE expr)? returningClause?
    ;

assignment: (identifier | OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR) ASSIGN expr;

deleteStmt: withClause? DELETE FROM qualifiedName (AS? alias)? indexHint? (WHERE expr)? returningClause?;

returningClause: RETURNING resultColumn (COMMA resultColumn)*;

// ---- schema ----------------------------------------------------------------

createTableStmt: CREATE (TEMP | TEMPORARY)? TABLE (IF NOT EXISTS)? qualifiedName
        ( OPEN_PAR columnDef (COMMA columnDef)* (COMMA tableConstraint)* CLOSE_PAR
        | AS selectStmt
        )
    ;

columnDef: identifier typeName? columnConstraint*;

typeName: typeWord+ (OPEN_PAR typeArgument (COMMA typeArgument)? CLOSE_PAR)?;

typeWord: identifier;

typeArgument: (PLUS | MINUS)? INTEGER_LITERAL;

columnConstraint: (CONSTRAINT name=identifier)? columnConstraintBody;

columnConstraintBody: PRIMARY KEY (ASC | DESC)? conflictClause? AUTOINCREMENT? #primaryKeyColumnConstraint
    | NOT NULL conflictClause? #notNullColumnConstraint
    | NULL conflictClause? #nullColumnConstraint
    | UNIQUE conflictClause? #uniqueColumnConstraint
    | CHECK OPEN_PAR expr CLOSE_PAR #checkColumnConstraint
    | DEFAULT defaultValue #defaultColumnConstraint
    | COLLATE identifier #collateColumnConstraint
    | foreignKeyClause #foreignKeyColumnConstraint
    | (GENERATED ALWAYS)? AS OPEN_PAR expr CLOSE_PAR storage=(STORED | VIRTUAL)? #generatedColumnConstraint
    ;

// REFERENCES parent [(columns)] [ON DELETE|UPDATE action | MATCH name]* [[NOT] DEFERRABLE [INITIALLY DEFERRED|IMMEDIATE]]
foreignKeyClause: REFERENCES parent=identifier (OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR)?
        foreignKeyOption* deferrableClause?
    ;

foreignKeyOption: ON (DELETE | UPDATE) foreignKeyAction
    | MATCH (identifier | FULL)
    ;

foreignKeyAction: SET NULL | SET DEFAULT | CASCADE | RESTRICT | NO ACTION;

deferrableClause: NOT? DEFERRABLE (INITIALLY (DEFERRED | IMMEDIATE))?;

defaultValue: signedLiteral | literal | OPEN_PAR expr CLOSE_PAR | identifier;

signedLiteral: (PLUS | MINUS) (INTEGER_LITERAL | REAL_LITERAL);

conflictClause: ON CONFLICT conflictResolution;

tableConstraint: (CONSTRAINT name=identifier)? tableConstraintBody;

tableConstraintBody: PRIMARY KEY OPEN_PAR indexedColumn (COMMA indexedColumn)* CLOSE_PAR conflictClause? #primaryKeyTableConstraint
    | UNIQUE OPEN_PAR indexedColumn (COMMA indexedColumn)* CLOSE_PAR conflictClause? #uniqueTableConstraint
    | CHECK OPEN_PAR expr CLOSE_PAR #checkTableConstraint
    | FOREIGN KEY OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR foreignKeyClause #foreignKeyTableConstraint
    ;

// A key column: a column name (a COLLATE on it names the key's collation) or, in CREATE INDEX and an UPSERT target,
// an expression; the AST builder tells them apart.
indexedColumn: expr (ASC | DESC)?;

dropTableStmt: DROP TABLE (IF EXISTS)? qualifiedName;

alterTableStmt: ALTER TABLE qualifiedName alterTableAction;

alterTableAction: RENAME TO newName=identifier #renameTable
    | RENAME COLUMN? oldName=identifier TO newName=identifier #renameColumn
    | ADD COLUMN? columnDef #addColumn
    | DROP COLUMN? oldName=identifier #dropColumn
    ;

createIndexStmt: CREATE UNIQUE? INDEX (IF NOT EXISTS)? qualifiedName ON table=identifier
        OPEN_PAR indexedColumn (COMMA indexedColumn)* CLOSE_PAR (WHERE expr)?
    ;

dropIndexStmt: DROP INDEX (IF EXISTS)? qualifiedName;

createViewStmt: CREATE (TEMP | TEMPORARY)? VIEW (IF NOT EXISTS)? qualifiedName
        (OPEN_PAR identifier (COMMA identifier)* CLOSE_PAR)? AS selectStmt
    ;

dropViewStmt: DROP VIEW (IF EXISTS)? qualifiedName;

// SQLite's trigger: one row-level program per table or view; the body's statements are kept as written.
createTriggerStmt: CREATE (TEMP | TEMPORARY)? TRIGGER (IF NOT EXISTS)? qualifiedName
        (BEFORE | AFTER | INSTEAD OF)? triggerEvent ON table=qualifiedName
        (FOR EACH ROW)? (WHEN when=expr)? BEGIN triggerBody END
    ;

triggerEvent: DELETE | INSERT | UPDATE (OF identifier (COMMA identifier)*)?;

triggerBody: (triggerStatement SEMI)+;

triggerStatement: insertStmt | updateStmt | deleteStmt | selectStmt;

dropTriggerStmt: DROP TRIGGER (IF EXISTS)? qualifiedName;

// REINDEX [collation | table | index]
reindexStmt: REINDEX qualifiedName?;

// VACUUM [schema] [INTO file]
vacuumStmt: VACUUM schema=identifier? (INTO into=expr)?;

// ANALYZE [schema | table | index | schema.table | schema.index]
analyzeStmt: ANALYZE qualifiedName?;

// ---- transactions and pragmas ----------------------------------------------

beginStmt: BEGIN (DEFERRED | IMMEDIATE | EXCLUSIVE)? TRANSACTION?;

commitStmt: (COMMIT | END) TRANSACTION?;

rollbackStmt: ROLLBACK TRANSACTION? (TO SAVEPOINT? identifier)?;

savepointStmt: SAVEPOINT identifier;

releaseStmt: RELEASE SAVEPOINT? identifier;

pragmaStmt: PRAGMA qualifiedName (ASSIGN pragmaValue | OPEN_PAR pragmaValue CLOSE_PAR)?;

// SQLite reads any word as a pragma value; the keywords among the words its pragmas take are listed.
pragmaValue: signedLiteral | literal | identifier | ON | DEFAULT | FULL | DELETE | EXCLUSIVE | TEMP;

// ---- expressions -----------------------------------------------------------

expr
@init { EnterNesting(); }
    : andExpr (OR andExpr)*
    ;

andExpr: equality (AND equality)*;

equality: comparison equalityTail*;

equalityTail: op=(ASSIGN | EQ | NOT_EQ1 | NOT_EQ2) comparison #compareTail
    | IS NOT? (DISTINCT FROM)? comparison #isTail
    | NOT? IN OPEN_PAR (selectStmt | expr (COMMA expr)*)? CLOSE_PAR #inTail
    | NOT? IN qualifiedName #inTableTail
    | NOT? op=(LIKE | GLOB | REGEXP | MATCH) comparison (ESCAPE escape=comparison)? #likeTail
    | NOT? BETWEEN low=comparison AND high=comparison #betweenTail
    | (ISNULL | NOTNULL | NOT NULL) #nullTail
    ;

comparison
@init { EnterNesting(); }
    : literal #literalExpr
    | parameter #parameterExpr
    | RAISE OPEN_PAR (IGNORE | kind=(ROLLBACK | ABORT | FAIL) COMMA message=expr) CLOSE_PAR #raiseExpr
    | functionName OPEN_PAR (STAR | (DISTINCT | ALL)? expr (COMMA expr)* orderByClause?)? CLOSE_PAR filterClause? overClause? #functionExpr
    | (identifier DOT)? (identifier DOT)? identifier #columnExpr
    | OPEN_PAR expr (COMMA expr)* CLOSE_PAR #parenExpr
    | OPEN_PAR selectStmt CLOSE_PAR #subqueryExpr
    | EXISTS OPEN_PAR selectStmt CLOSE_PAR #existsExpr
    | CASE operand=expr? caseWhen+ (ELSE elseExpr=expr)? END #caseExpr
    | CAST OPEN_PAR expr AS typeName CLOSE_PAR #castExpr
    | NOT equality #notExpr
    | comparison COLLATE identifier #collateExpr
    | op=(MINUS | PLUS | TILDE) comparison #unaryExpr
    | comparison op=(PIPE2 | PTR | PTR2) comparison #concatExpr
    | comparison op=(STAR | DIV | MOD) comparison #multiplicativeExpr
    | comparison op=(PLUS | MINUS) comparison #additiveExpr
    | comparison op=(LT2 | GT2 | AMP | PIPE) comparison #bitwiseExpr
    | comparison op=(LT | LT_EQ | GT | GT_EQ) comparison #relationalExpr
    ;

caseWhen: WHEN when=expr THEN then=expr;

// LIKE, GLOB, REGEXP and MATCH also name functions (like(p, x), glob(p, x)), as in SQLite.
functionName: identifier | keyword=(LIKE | GLOB | REGEXP | MATCH);

literal: INTEGER_LITERAL
    | REAL_LITERAL
    | STRING_LITERAL
    | BLOB_LITERAL
    | NULL
    | TRUE
    | FALSE
    | CURRENT_DATE
    | CURRENT_TIME
    | CURRENT_TIMESTAMP
    ;

parameter: QUESTION_PARAMETER | NAMED_PARAMETER;

qualifiedName: (schema=identifier DOT)? name=identifier;

// Keywords that cannot start or end a clause are also usable as names, as in SQLite.
identifier: IDENTIFIER
    | QUOTED_IDENTIFIER
    | ABORT
    | ACTION
    | AFTER
    | BEFORE
    | EACH
    | FOR
    | INSTEAD
    | OF
    | RAISE
    | REINDEX
    | VACUUM
    | ANALYZE
    | ALWAYS
    | GENERATED
    | STORED
    | VIRTUAL
    | TRIGGER
    | CASCADE
    | DO
    | NOTHING
    | INITIALLY
    | RESTRICT
    | CURRENT
    | EXCLUDE
    | FILTER
    | FOLLOWING
    | GROUPS
    | NO
    | OTHERS
    | OVER
    | PARTITION
    | PRECEDING
    | RANGE
    | ROW
    | ROWS
    | TIES
    | UNBOUNDED
    | WINDOW
    | CONFLICT
    | DEFERRED
    | EXCLUSIVE
    | FAIL
    | FIRST
    | IGNORE
    | IMMEDIATE
    | INDEXED
    | KEY
    | LAST
    | MATERIALIZED
    | NULLS
    | PLAN
    | QUERY
    | RECURSIVE
    | RELEASE
    | RENAME
    | REPLACE
    | TEMP
    | TEMPORARY
    | TRANSACTION
    | VIEW
    ;
