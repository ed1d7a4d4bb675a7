// SharpCoreDB Studio: the SQL tokenizer behind the editor's highlighting and completion.
// It splits text into tokens with their offsets (comments, strings, quoted identifiers,
// numbers, blobs, parameters, keywords, words, operators) the way the engine's lexer
// does for SQLite's dialect, so highlighting and error marks line up with what the
// engine reads. It never fails: an unterminated string or comment runs to the end.

export const KEYWORDS = `ABORT ACTION ADD AFTER ALL ALTER ALWAYS ANALYZE AND AS ASC ATTACH AUTOINCREMENT BEFORE BEGIN
BETWEEN BY CASCADE CASE CAST CHECK COLLATE COLUMN COMMIT CONFLICT CONSTRAINT CREATE CROSS CURRENT CURRENT_DATE
CURRENT_TIME CURRENT_TIMESTAMP DEFAULT DEFERRABLE DEFERRED DELETE DESC DISTINCT DO DROP EACH ELSE END ESCAPE
EXCEPT EXCLUDE EXISTS EXPLAIN FAIL FALSE FILTER FIRST FOLLOWING FOR FOREIGN FROM FULL GENERATED GLOB GROUP
GROUPS HAVING IF IGNORE IMMEDIATE IN INDEX INDEXED INITIALLY INNER INSERT INSTEAD INTERSECT INTO IS ISNULL JOIN
KEY LAST LEFT LIKE LIMIT MATCH MATERIALIZED NATURAL NO NOT NOTHING NOTNULL NULL NULLS OF OFFSET ON OR ORDER
OTHERS OUTER OVER PARTITION PLAN PRAGMA PRECEDING PRIMARY QUERY RAISE RANGE RECURSIVE REFERENCES REGEXP
REINDEX RELEASE RENAME REPLACE RESTRICT RETURNING RIGHT ROLLBACK ROW ROWS SAVEPOINT SELECT SET STORED TABLE
TEMP TEMPORARY THEN TIES TO TRANSACTION TRIGGER TRUE UNBOUNDED UNION UNIQUE UPDATE USING VACUUM VALUES VIEW
VIRTUAL WHEN WHERE WINDOW WITH WITHOUT INTEGER REAL TEXT BLOB NUMERIC BOOLEAN DATETIME DECIMAL`.split(/\s+/);

const KEYWORD_SET = new Set(KEYWORDS);

/** Common functions, offered by completion after the keywords. */
export const FUNCTIONS = `abs avg char coalesce count date datetime group_concat hex ifnull instr json json_extract
length lower ltrim max min nullif printf random replace round rtrim substr sum time total trim typeof upper`.split(/\s+/);

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * Splits text into tokens: { type, start, end }, with type one of
 * space, comment, string, identifier (quoted), number, blob, parameter, keyword, word, operator.
 */
export function tokenize(text) {
  const tokens = [];
  let i = 0;
  const push = (type, start, end) => tokens.push({ type, start, end });
  const until = (from, closer) => {
    const end = text.indexOf(closer, from);
    return end < 0 ? text.length : end + closer.length;
  };
  while (i < text.length) {
    const c = text[i];
    const start = i;
    if (/\s/.test(c)) {
      while (i < text.length && /\s/.test(text[i])) i++;
      push('space', start, i);
    } else if (c === '-' && text[i + 1] === '-') {
      i = until(i, '\n');
      push('comment', start, i);
    } else if (c === '/' && text[i + 1] === '*') {
      i = until(i + 2, '*/');
      push('comment', start, i);
    } else if ((c === 'x' || c === 'X') && text[i + 1] === "'") {
      i = quoted(text, i + 1, "'");
      push('blob', start, i);
    } else if (c === "'") {
      i = quoted(text, i, "'");
      push('string', start, i);
    } else if (c === '"' || c === '`') {
      i = quoted(text, i, c);
      push('identifier', start, i);
    } else if (c === '[') {
      i = until(i, ']');
      push('identifier', start, i);
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] || ''))) {
      i = number(text, i);
      push('number', start, i);
    } else if ((c === '@' || c === ':' || c === '$') && WORD_PART.test(text[i + 1] || '')) {
      i++;
      while (i < text.length && WORD_PART.test(text[i])) i++;
      push('parameter', start, i);
    } else if (c === '?') {
      i++;
      while (i < text.length && /[0-9]/.test(text[i])) i++;
      push('parameter', start, i);
    } else if (WORD_START.test(c)) {
      while (i < text.length && WORD_PART.test(text[i])) i++;
      push(KEYWORD_SET.has(text.slice(start, i).toUpperCase()) ? 'keyword' : 'word', start, i);
    } else {
      const two = text.slice(i, i + 2);
      i += ['<=', '>=', '<>', '!=', '==', '||', '<<', '>>', '->'].includes(two) ? (text.slice(i, i + 3) === '->>' ? 3 : 2) : 1;
      push('operator', start, i);
    }
  }
  return tokens;
}

// A quoted run whose quote is escaped by doubling it; returns the offset after the closing quote.
function quoted(text, i, quote) {
  i++;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) { i += 2; continue; }
      return i + 1;
    }
    i++;
  }
  return text.length;
}

function number(text, i) {
  if (text[i] === '0' && /[xX]/.test(text[i + 1] || '')) {
    i += 2;
    while (i < text.length && /[0-9a-fA-F]/.test(text[i])) i++;
    return i;
  }
  while (i < text.length && /[0-9.]/.test(text[i])) i++;
  if (/[eE]/.test(text[i] || '') && /[-+0-9]/.test(text[i + 1] || '')) {
    i += 2;
    while (i < text.length && /[0-9]/.test(text[i])) i++;
  }
  return i;
}

/** Text as HTML: & < > " escaped. */
export function escapeHtml(text) {
  return text.replace(/[&<>"]/g, ch => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);
}

/**
 * The text as highlighted HTML: one span per token of a kind worth a colour. The token
 * covering errorOffset (or the one just before it, at the end of the text) is marked.
 */
export function highlight(text, errorOffset = -1) {
  const tokens = tokenize(text);
  let marked = -1;
  if (errorOffset >= 0) {
    marked = tokens.findIndex(t => t.type !== 'space' && errorOffset >= t.start && errorOffset < t.end);
    if (marked < 0) marked = tokens.findLastIndex(t => t.type !== 'space' && t.start <= errorOffset);
  }
  let html = '';
  tokens.forEach((token, index) => {
    const piece = escapeHtml(text.slice(token.start, token.end));
    const classes = [];
    if (token.type !== 'space' && token.type !== 'word' && token.type !== 'operator') classes.push('tk-' + token.type);
    if (index === marked) classes.push('tk-error');
    html += classes.length ? `<span class="${classes.join(' ')}">${piece}</span>` : piece;
  });
  // A trailing newline needs a character after it, or the overlay ends a line short of the textarea.
  return html + '\n';
}

/** The offset of 1-based line and column in text. */
export function offsetOf(text, line, column) {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return Math.min(text.length, offset + column - 1);
}

/** The 1-based line and column of an offset in text. */
export function positionOf(text, offset) {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where a name occurs as a word or quoted identifier outside strings and comments, or -1. */
export function findName(text, name) {
  const wanted = name.toLowerCase();
  for (const token of tokenize(text)) {
    let word = text.slice(token.start, token.end);
    if (token.type === 'identifier') word = word.slice(1, -1);
    else if (token.type !== 'word' && token.type !== 'keyword') continue;
    if (word.toLowerCase() === wanted) return token.start;
  }
  return -1;
}
