// SharpCoreDB Studio: the SQL editor. A textarea (so typing, selection, undo and
// the clipboard are the browser's own) over a highlighted copy of its text, with
// line numbers beside it. Completion offers keywords, functions, table names and
// column names (after "table." only that table's columns) in a list at the caret;
// Ctrl-Enter runs; an error is marked at its line and column until the text changes.
import { KEYWORDS, FUNCTIONS, highlight, offsetOf } from './studio-sql.js';

const MAX_SUGGESTIONS = 12;

export class SqlEditor {
  constructor(host, { onRun }) {
    this.onRun = onRun;
    this.tables = new Map(); // lower-case table name -> { name, columns }
    this.errorOffset = -1;
    this.errorLine = 0;
    host.classList.add('editor');
    host.innerHTML = `<div class="editor-gutter" aria-hidden="true"></div>
      <div class="editor-body"><pre class="editor-highlight" aria-hidden="true"></pre>
      <textarea class="editor-input" spellcheck="false" autocomplete="off" autocapitalize="off"
        aria-label="SQL editor"></textarea></div>
      <ul class="completion" role="listbox" hidden></ul>`;
    this.gutter = host.querySelector('.editor-gutter');
    this.overlay = host.querySelector('.editor-highlight');
    this.input = host.querySelector('.editor-input');
    this.list = host.querySelector('.completion');
    this.host = host;
    this.input.addEventListener('input', () => { this.clearError(); this.render(); this.suggest(false); });
    this.input.addEventListener('scroll', () => this.syncScroll());
    this.input.addEventListener('keydown', e => this.onKey(e));
    this.input.addEventListener('blur', () => setTimeout(() => this.closeList(), 150));
    this.list.addEventListener('mousedown', e => {
      const item = e.target.closest('li');
      if (item) { e.preventDefault(); this.accept(Number(item.dataset.index)); }
    });
    this.render();
  }

  get value() { return this.input.value; }

  set value(text) {
    this.input.value = text;
    this.clearError();
    this.render();
  }

  /** The text to run: the selection if there is one, with the offset it starts at. */
  get runnable() {
    const { selectionStart: start, selectionEnd: end, value } = this.input;
    return start !== end ? { text: value.slice(start, end), offset: start } : { text: value, offset: 0 };
  }

  focus() { this.input.focus(); }

  /** Tables and their columns for completion: [{ name, columns: [{ name }] }]. */
  setSchema(relations) {
    this.tables = new Map(relations.map(r => [r.name.toLowerCase(), { name: r.name, columns: r.columns.map(c => c.name) }]));
  }

  /** Marks the error at 1-based line and column of the text starting at baseOffset. */
  setError(line, column, baseOffset = 0) {
    const base = this.input.value.slice(0, baseOffset);
    const startLine = base.split('\n').length;
    const startColumn = baseOffset - base.lastIndexOf('\n');
    const absoluteLine = startLine + line - 1;
    const absoluteColumn = line === 1 ? startColumn + column - 1 : column;
    this.markOffset(offsetOf(this.input.value, absoluteLine, absoluteColumn));
    return { line: absoluteLine, column: absoluteColumn };
  }

  /** Marks the token at an offset of the whole text. */
  markOffset(offset) {
    this.errorOffset = offset;
    this.errorLine = this.input.value.slice(0, offset).split('\n').length;
    this.render();
  }

  clearError() {
    if (this.errorOffset < 0) return;
    this.errorOffset = -1;
    this.errorLine = 0;
    this.render();
  }

  render() {
    const text = this.input.value;
    this.overlay.innerHTML = highlight(text, this.errorOffset);
    const lines = text.split('\n').length;
    let numbers = '';
    for (let i = 1; i <= lines; i++) {
      numbers += i === this.errorLine ? `<div class="error-line">${i}</div>` : `<div>${i}</div>`;
    }
    this.gutter.innerHTML = numbers;
    this.syncScroll();
  }

  syncScroll() {
    this.overlay.scrollTop = this.input.scrollTop;
    this.overlay.scrollLeft = this.input.scrollLeft;
    this.gutter.scrollTop = this.input.scrollTop;
  }

  onKey(e) {
    const open = !this.list.hidden;
    if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
      e.preventDefault();
      this.closeList();
      this.onRun();
    } else if (e.ctrlKey && e.key === ' ') {
      e.preventDefault();
      this.suggest(true);
    } else if (open && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
      e.preventDefault();
      const count = this.suggestions.length;
      this.selected = (this.selected + (e.key === 'ArrowDown' ? 1 : count - 1)) % count;
      this.navigated = true;
      this.drawList();
    } else if (open && (e.key === 'Tab' || e.key === 'Enter' && this.navigated)) {
      // Enter takes a suggestion only once the user has moved through the list (or asked for it
      // with Ctrl-Space); otherwise it ends the line as typed, which is what typing SQL expects.
      e.preventDefault();
      this.accept(this.selected);
    } else if (open && e.key === 'Escape') {
      e.preventDefault();
      this.closeList();
    } else if (open && e.key === 'Enter') {
      this.closeList();
    } else if (e.key === 'Tab' && !e.shiftKey) {
      e.preventDefault();
      this.insert('  ', 0);
    }
  }

  // The word being typed before the caret, and the table named before a dot, if any.
  wordAtCaret() {
    const text = this.input.value;
    const caret = this.input.selectionStart;
    let start = caret;
    while (start > 0 && /[A-Za-z0-9_$\u0080-\uffff]/.test(text[start - 1])) start--;
    let qualifier = null;
    if (text[start - 1] === '.') {
      let q = start - 1;
      while (q > 0 && /[A-Za-z0-9_$"\u0080-\uffff]/.test(text[q - 1])) q--;
      qualifier = text.slice(q, start - 1).replaceAll('"', '');
    }
    return { word: text.slice(start, caret), start, caret, qualifier };
  }

  suggest(forced) {
    const { word, qualifier } = this.wordAtCaret();
    if (!forced && word.length === 0 && qualifier === null) { this.closeList(); return; }
    const lower = word.toLowerCase();
    const seen = new Set();
    const out = [];
    const add = (label, kind) => {
      if (out.length >= MAX_SUGGESTIONS || seen.has(label.toLowerCase()) || !label.toLowerCase().startsWith(lower)) return;
      if (label.toLowerCase() === lower && !forced) return;
      seen.add(label.toLowerCase());
      out.push({ label, kind });
    };
    if (qualifier !== null) {
      const table = this.tables.get(qualifier.toLowerCase());
      (table ? table.columns : []).forEach(c => add(c, 'column'));
    } else {
      const upper = word.length > 0 && word === word.toUpperCase() && /[A-Z]/.test(word);
      const caseOf = k => (upper || word.length === 0 ? k : k.toLowerCase());
      this.tables.forEach(t => add(t.name, 'table'));
      this.tables.forEach(t => t.columns.forEach(c => add(c, 'column')));
      KEYWORDS.forEach(k => add(caseOf(k), 'keyword'));
      FUNCTIONS.forEach(f => add(f, 'function'));
    }
    if (out.length === 0) { this.closeList(); return; }
    this.suggestions = out;
    this.selected = 0;
    this.navigated = forced;
    this.drawList();
    this.placeList();
  }

  drawList() {
    this.list.innerHTML = '';
    this.suggestions.forEach((s, index) => {
      const li = document.createElement('li');
      li.dataset.index = index;
      li.setAttribute('role', 'option');
      li.className = index === this.selected ? 'selected' : '';
      const label = document.createElement('span');
      label.textContent = s.label;
      const kind = document.createElement('small');
      kind.textContent = s.kind;
      li.append(label, kind);
      this.list.append(li);
    });
    this.list.hidden = false;
  }

  // Monospace text without wrapping: the caret's place is its line and column times the glyph size.
  placeList() {
    const text = this.input.value.slice(0, this.input.selectionStart);
    const line = text.split('\n').length - 1;
    const column = text.length - text.lastIndexOf('\n') - 1;
    const style = getComputedStyle(this.input);
    const lineHeight = parseFloat(style.lineHeight);
    const charWidth = this.charWidth ??= measureChar(style.font);
    const body = this.input.parentElement;
    const x = body.offsetLeft + parseFloat(style.paddingLeft) + column * charWidth - this.input.scrollLeft;
    const y = body.offsetTop + parseFloat(style.paddingTop) + (line + 1) * lineHeight - this.input.scrollTop;
    this.list.style.left = `${Math.max(0, x)}px`;
    this.list.style.top = `${y + 2}px`;
  }

  accept(index) {
    const choice = this.suggestions[index];
    if (!choice) return;
    const { word } = this.wordAtCaret();
    const needsQuotes = !/^[A-Za-z_][A-Za-z0-9_]*$/.test(choice.label) && choice.kind !== 'keyword';
    const label = needsQuotes ? `"${choice.label.replaceAll('"', '""')}"` : choice.label;
    this.insert(label + (choice.kind === 'function' ? '(' : ''), word.length);
    this.closeList();
  }

  // Replaces the `replace` characters before the caret with text, through the browser's
  // editing command so that Ctrl-Z undoes it like typing.
  insert(text, replace) {
    const caret = this.input.selectionStart;
    this.input.setSelectionRange(caret - replace, this.input.selectionEnd);
    if (!document.execCommand('insertText', false, text)) {
      this.input.setRangeText(text, caret - replace, this.input.selectionEnd, 'end');
      this.input.dispatchEvent(new Event('input'));
    }
  }

  closeList() { this.list.hidden = true; }
}

function measureChar(font) {
  const context = document.createElement('canvas').getContext('2d');
  context.font = font;
  return context.measureText('0000000000').width / 10;
}
