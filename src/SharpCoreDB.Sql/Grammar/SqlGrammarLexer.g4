// Lexer of the SharpCoreDB SQL dialect (a subset of SQLite's). Keywords are
// case-insensitive. Every input character lexes to some token (the catch-all
// UNEXPECTED_CHAR and the UNTERMINATED_* rules come last), so the lexer never
// reports an error of its own: the parser reports the bad token with its position.
// After editing, run scripts/regenerate-parser.sh and commit the generated C#.
lexer grammar SqlGrammarLexer;

options { caseInsensitive = true; }

SEMI: ';';
DOT: '.';
OPEN_PAR: '(';
CLOSE_PAR: ')';
COMMA: ',';
ASSIGN: '=';
STAR: '*';
PLUS: '+';
MINUS: '-';
TILDE: '~';
PIPE2: '||';
PTR: '->';
PTR2: '->>';
DIV: '/';
MOD: '%';
LT2: '<<';
GT2: '>>';
AMP: '&';
PIPE: '|';
LT: '<';
LT_EQ: '<=';
GT: '>';
GT_EQ: '>=';
EQ: '==';
NOT_EQ1: '!=';
NOT_EQ2: '<>';

ABORT: 'ABORT';
ACTION: 'ACTION';
ADD: 'ADD';
AFTER: 'AFTER';
ALL: 'ALL';
ALWAYS: 'ALWAYS';
ANALYZE: 'ANALYZE';
ALTER: 'ALTER';
AND: 'AND';
AS: 'AS';
ASC: 'ASC';
AUTOINCREMENT: 'AUTOINCREMENT';
BEFORE: 'BEFORE';
BEGIN: 'BEGIN';
BETWEEN: 'BETWEEN';
BY: 'BY';
CASCADE: 'CASCADE';
CASE: 'CASE';
CAST: 'CAST';
CHECK: 'CHECK';
COLLATE: 'COLLATE';
COLUMN: 'COLUMN';
COMMIT: 'COMMIT';
CONFLICT: 'CONFLICT';
CONSTRAINT: 'CONSTRAINT';
CREATE: 'CREATE';
CROSS: 'CROSS';
CURRENT: 'CURRENT';
CURRENT_DATE: 'CURRENT_DATE';
CURRENT_TIME: 'CURRENT_TIME';
CURRENT_TIMESTAMP: 'CURRENT_TIMESTAMP';
DEFAULT: 'DEFAULT';
DEFERRABLE: 'DEFERRABLE';
DEFERRED: 'DEFERRED';
DELETE: 'DELETE';
DESC: 'DESC';
DISTINCT: 'DISTINCT';
DO: 'DO';
DROP: 'DROP';
EACH: 'EACH';
ELSE: 'ELSE';
END: 'END';
ESCAPE: 'ESCAPE';
EXCEPT: 'EXCEPT';
EXCLUDE: 'EXCLUDE';
EXCLUSIVE: 'EXCLUSIVE';
EXISTS: 'EXISTS';
EXPLAIN: 'EXPLAIN';
FAIL: 'FAIL';
FALSE: 'FALSE';
FILTER: 'FILTER';
FIRST: 'FIRST';
FOLLOWING: 'FOLLOWING';
FOR: 'FOR';
FOREIGN: 'FOREIGN';
FROM: 'FROM';
FULL: 'FULL';
GENERATED: 'GENERATED';
GLOB: 'GLOB';
GROUP: 'GROUP';
GROUPS: 'GROUPS';
HAVING: 'HAVING';
IF: 'IF';
IGNORE: 'IGNORE';
IMMEDIATE: 'IMMEDIATE';
IN: 'IN';
INDEX: 'INDEX';
INDEXED: 'INDEXED';
INITIALLY: 'INITIALLY';
INNER: 'INNER';
INSERT: 'INSERT';
INSTEAD: 'INSTEAD';
INTERSECT: 'INTERSECT';
INTO: 'INTO';
IS: 'IS';
ISNULL: 'ISNULL';
JOIN: 'JOIN';
KEY: 'KEY';
LAST: 'LAST';
LEFT: 'LEFT';
LIKE: 'LIKE';
LIMIT: 'LIMIT';
MATCH: 'MATCH';
MATERIALIZED: 'MATERIALIZED';
NATURAL: 'NATURAL';
NO: 'NO';
NOT: 'NOT';
NOTHING: 'NOTHING';
NOTNULL: 'NOTNULL';
NULL: 'NULL';
NULLS: 'NULLS';
OF: 'OF';
OFFSET: 'OFFSET';
ON: 'ON';
OR: 'OR';
ORDER: 'ORDER';
OTHERS: 'OTHERS';
OUTER: 'OUTER';
OVER: 'OVER';
PARTITION: 'PARTITION';
PLAN: 'PLAN';
PRAGMA: 'PRAGMA';
PRECEDING: 'PRECEDING';
PRIMARY: 'PRIMARY';
QUERY: 'QUERY';
RAISE: 'RAISE';
RANGE: 'RANGE';
RECURSIVE: 'RECURSIVE';
REFERENCES: 'REFERENCES';
REINDEX: 'REINDEX';
REGEXP: 'REGEXP';
RELEASE: 'RELEASE';
RENAME: 'RENAME';
REPLACE: 'REPLACE';
RESTRICT: 'RESTRICT';
RETURNING: 'RETURNING';
RIGHT: 'RIGHT';
ROLLBACK: 'ROLLBACK';
ROW: 'ROW';
ROWS: 'ROWS';
SAVEPOINT: 'SAVEPOINT';
SELECT: 'SELECT';
SET: 'SET';
STORED: 'STORED';
TABLE: 'TABLE';
TEMP: 'TEMP';
TEMPORARY: 'TEMPORARY';
THEN: 'THEN';
TIES: 'TIES';
TO: 'TO';
TRANSACTION: 'TRANSACTION';
TRIGGER: 'TRIGGER';
TRUE: 'TRUE';
UNBOUNDED: 'UNBOUNDED';
UNION: 'UNION';
UNIQUE: 'UNIQUE';
UPDATE: 'UPDATE';
USING: 'USING';
VACUUM: 'VACUUM';
VALUES: 'VALUES';
VIRTUAL: 'VIRTUAL';
VIEW: 'VIEW';
WHEN: 'WHEN';
WHERE: 'WHERE';
WINDOW: 'WINDOW';
WITH: 'WITH';

// Identifiers: bare, or quoted with "x", [x] or `x` (a doubled quote escapes itself).
IDENTIFIER: [A-Z_\u0080-\uFFFF] [A-Z_0-9$\u0080-\uFFFF]*;
QUOTED_IDENTIFIER: '"' (~'"' | '""')* '"' | '`' (~'`' | '``')* '`' | '[' ~']'* ']';

// Parameters: ?, ?NNN, @name, :name, $name.
QUESTION_PARAMETER: '?' DIGIT*;
NAMED_PARAMETER: [@:$] [A-Z_0-9\u0080-\uFFFF]+;

// Numbers. The sign is a unary operator; range checks happen when the AST is built.
INTEGER_LITERAL: DIGIT+ | '0X' HEX_DIGIT+;
REAL_LITERAL: (DIGIT+ '.' DIGIT* | '.' DIGIT+) EXPONENT? | DIGIT+ EXPONENT;
// A number running into letters (1e, 12abc, 0x) is one bad token, as in SQLite,
// not a number followed by an alias. Valid literals of the same length win (rule order).
MALFORMED_NUMBER: (DIGIT+ ('.' DIGIT*)? | '.' DIGIT+) [A-Z_] [A-Z_0-9]*;

STRING_LITERAL: '\'' (~'\'' | '\'\'')* '\'';
BLOB_LITERAL: 'X' '\'' HEX_DIGIT* '\'';

LINE_COMMENT: '--' ~[\r\n]* -> channel(HIDDEN);
BLOCK_COMMENT: '/*' .*? '*/' -> channel(HIDDEN);
WHITESPACE: [ \t\r\n\f\u000B]+ -> channel(HIDDEN);

// Malformed input still becomes tokens so that the parser can name it precisely.
// A terminated literal is always longer than its unterminated prefix, so these
// only win when the closing quote is missing.
UNTERMINATED_STRING: '\'' (~'\'' | '\'\'')*;
UNTERMINATED_IDENTIFIER: '"' (~'"' | '""')* | '`' (~'`' | '``')* | '[' ~']'*;
UNTERMINATED_COMMENT: '/*' (~'*' | '*'+ ~[*/])* '*'* EOF;
UNEXPECTED_CHAR: .;

fragment DIGIT: [0-9];
fragment HEX_DIGIT: [0-9A-F];
fragment EXPONENT: 'E' [+-]? DIGIT+;
