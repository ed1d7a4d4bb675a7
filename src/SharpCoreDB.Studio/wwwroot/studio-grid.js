// SharpCoreDB Studio: the data grid, used for a table's pages and for query results.
// It draws what it is given and reports what the user does: a click on a column
// header cycles its sort (ascending, descending, none), typing in the filter row
// filters (after a pause, or at Enter), a double-click on a cell of an editable
// grid edits it (Enter saves, Escape gives up, the NULL button saves NULL), the x
// at the start of a row deletes it. Values come as text and a kind letter per cell
// (see CellValues.cs): NULL is drawn apart from the text 'NULL', numbers align right.
import { escapeHtml } from './studio-sql.js';

const KIND_CLASS = { n: 'null', i: 'num', r: 'num', m: 'num', b: 'blob', T: 'cut', o: 'bool', d: 'date', g: 'guid', t: '' };
const FILTER_PAUSE_MS = 400;

export class Grid {
  /**
   * options: { sortable, filterable, editable, onSort(column), onFilter(filters),
   *            onEdit(row, column, textOrNull), onDelete(row), onInsert(values) }
   */
  constructor(host, options = {}) {
    this.host = host;
    this.options = options;
    this.columns = [];
    this.rows = [];
    this.filters = {};
    this.host.addEventListener('click', e => this.onClick(e));
    this.host.addEventListener('dblclick', e => this.onDoubleClick(e));
  }

  /** columns: [{ name, type?, indexed? }]; rows: [{ id, v, t }]; sort: { column, direction } or null. */
  render({ columns, rows, sort = null, editable = false, message = '' }) {
    this.columns = columns;
    this.rows = rows;
    this.editable = editable && this.options.editable;
    const head = columns.map((c, i) => {
      const active = sort && sort.column === c.name;
      const arrow = active ? (sort.direction === 'Descending' ? '▼' : '▲') : '';
      const hint = c.indexed ? ' title="indexed: sorting uses the index"' : '';
      const type = c.type ? `<small>${escapeHtml(c.type)}</small>` : '';
      const sortable = this.options.sortable ? ' sortable' : '';
      return `<th data-col="${i}" class="${active ? 'sorted' : ''}${sortable}"${hint}>` +
        `<span class="col-name">${escapeHtml(c.name)}</span>${type}<span class="arrow">${arrow}</span></th>`;
    }).join('');
    const lead = this.editable ? '<th class="lead"></th>' : '';
    let filterRow = '';
    if (this.options.filterable) {
      filterRow = '<tr class="filters">' + (this.editable ? '<th class="lead"></th>' : '') + columns.map((c, i) =>
        `<th><input data-filter="${i}" placeholder="filter" value="${escapeHtml(this.filters[c.name] ?? '')}"` +
        ` aria-label="filter ${escapeHtml(c.name)}"></th>`).join('') + '</tr>';
    }
    const body = rows.map((row, r) => this.rowHtml(row, r)).join('');
    const empty = rows.length === 0
      ? `<tr class="empty"><td colspan="${columns.length + (this.editable ? 1 : 0)}">${escapeHtml(message || 'No rows')}</td></tr>` : '';
    this.host.innerHTML = `<table class="grid"><thead><tr>${lead}${head}</tr>${filterRow}</thead>` +
      `<tbody>${body}${empty}</tbody></table>`;
    this.host.querySelectorAll('input[data-filter]').forEach(input => {
      input.addEventListener('input', () => this.filterSoon(input));
      input.addEventListener('keydown', e => { if (e.key === 'Enter') this.filterNow(input); });
      // Filtering redraws the grid: the filter being typed in keeps the focus.
      if (Number(input.dataset.filter) === this.refocus) {
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      }
    });
    this.refocus = null;
  }

  rowHtml(row, r) {
    const cells = row.v.map((text, c) => {
      const kind = row.t[c];
      const cls = KIND_CLASS[kind] ?? '';
      const shown = kind === 'n' ? 'NULL' : escapeHtml(text);
      return `<td data-col="${c}"${cls ? ` class="${cls}"` : ''}>${shown}</td>`;
    }).join('');
    const lead = this.editable ? `<td class="lead"><button class="row-delete" title="delete this row" aria-label="delete row">×</button></td>` : '';
    return `<tr data-row="${r}">${lead}${cells}</tr>`;
  }

  /** Replaces row r with the row as stored after an edit (or marks it deleted when row is null). */
  replaceRow(r, row) {
    const tr = this.host.querySelector(`tr[data-row="${r}"]`);
    this.clearRowError(r);
    if (!tr) return;
    if (row === null) {
      tr.classList.add('deleted');
      tr.querySelectorAll('button').forEach(b => { b.disabled = true; });
      return;
    }
    this.rows[r] = row;
    this.drawRow(tr, r, { changed: true });
  }

  /** Draws row r again as it was (after an edit was given up or refused), keeping its changed mark. */
  restoreRow(r) {
    const tr = this.host.querySelector(`tr[data-row="${r}"]`);
    if (tr) this.drawRow(tr, r, { changed: tr.classList.contains('changed') });
  }

  drawRow(tr, r, { changed }) {
    const template = document.createElement('tbody');
    template.innerHTML = this.rowHtml(this.rows[r], r);
    const fresh = template.firstElementChild;
    fresh.classList.toggle('changed', changed);
    tr.replaceWith(fresh);
  }

  /** Shows an error under row r (or under the new-row form when r is 'new'). */
  showRowError(r, message) {
    this.clearRowError(r);
    const tr = this.host.querySelector(r === 'new' ? 'tr.new-row' : `tr[data-row="${r}"]`);
    if (!tr) return;
    tr.classList.add('has-error');
    const error = document.createElement('tr');
    error.className = 'row-error';
    error.dataset.errorFor = String(r);
    const td = document.createElement('td');
    td.colSpan = this.columns.length + (this.editable ? 1 : 0);
    td.textContent = message;
    error.append(td);
    tr.after(error);
  }

  clearRowError(r) {
    this.host.querySelector(`tr.row-error[data-error-for="${r}"]`)?.remove();
    this.host.querySelector(r === 'new' ? 'tr.new-row' : `tr[data-row="${r}"]`)?.classList.remove('has-error');
  }

  /** Opens a form row at the top for a new row; empty inputs take the column's default. */
  openInsertRow() {
    if (!this.editable || this.host.querySelector('tr.new-row')) return;
    const tbody = this.host.querySelector('tbody');
    const tr = document.createElement('tr');
    tr.className = 'new-row';
    const lead = document.createElement('td');
    lead.className = 'lead';
    const save = button('Save', 'row-save');
    const cancel = button('×', 'row-cancel');
    lead.append(save, cancel);
    tr.append(lead);
    this.columns.forEach(c => {
      const td = document.createElement('td');
      const input = document.createElement('input');
      input.dataset.column = c.name;
      input.placeholder = c.type || 'value';
      input.setAttribute('aria-label', 'new ' + c.name);
      input.addEventListener('keydown', e => { if (e.key === 'Enter') save.click(); if (e.key === 'Escape') cancel.click(); });
      td.append(input);
      tr.append(td);
    });
    save.addEventListener('click', () => {
      const values = {};
      tr.querySelectorAll('input[data-column]').forEach(i => { if (i.value !== '') values[i.dataset.column] = i.value; });
      this.options.onInsert?.(values);
    });
    cancel.addEventListener('click', () => this.closeInsertRow());
    tbody.prepend(tr);
    tbody.querySelector('tr.empty')?.remove();
    tr.querySelector('input')?.focus();
  }

  closeInsertRow() {
    this.clearRowError('new');
    this.host.querySelector('tr.new-row')?.remove();
  }

  onClick(e) {
    const th = e.target.closest('thead tr:first-child th[data-col]');
    if (th && this.options.sortable) {
      this.options.onSort?.(this.columns[Number(th.dataset.col)].name);
      return;
    }
    const del = e.target.closest('button.row-delete');
    if (del) {
      const r = Number(del.closest('tr').dataset.row);
      this.options.onDelete?.(r, this.rows[r]);
    }
  }

  onDoubleClick(e) {
    const td = e.target.closest('tbody td[data-col]');
    if (!td || !this.editable || td.querySelector('input')) return;
    const tr = td.closest('tr[data-row]');
    if (!tr || tr.classList.contains('deleted')) return;
    const r = Number(tr.dataset.row);
    const c = Number(td.dataset.col);
    const row = this.rows[r];
    if (row.t[c] === 'T' || row.t[c] === 'b' && row.v[c].endsWith('bytes)')) {
      this.showRowError(r, 'This value is too long to edit in the grid: use an UPDATE in the Query view.');
      return;
    }
    const input = document.createElement('input');
    input.className = 'cell-input';
    input.value = row.t[c] === 'n' ? '' : row.v[c];
    input.defaultValue = input.value;
    const nullButton = button('NULL', 'cell-null');
    nullButton.title = 'set this value to NULL';
    td.textContent = '';
    td.append(input, nullButton);
    input.focus();
    input.select();
    let done = false;
    const finish = value => {
      if (done) return;
      done = true;
      // Enter on an unchanged value is no edit (and an empty NULL cell stays NULL).
      if (value === undefined || value === input.defaultValue) { this.restoreRow(r); return; }
      this.options.onEdit?.(r, this.columns[c].name, value);
    };
    input.addEventListener('keydown', ev => {
      if (ev.key === 'Enter') finish(input.value);
      if (ev.key === 'Escape') finish(undefined);
    });
    nullButton.addEventListener('mousedown', ev => { ev.preventDefault(); finish(null); });
    input.addEventListener('blur', () => setTimeout(() => finish(undefined), 100));
  }

  filterSoon(input) {
    clearTimeout(this.filterTimer);
    this.filterTimer = setTimeout(() => this.filterNow(input), FILTER_PAUSE_MS);
  }

  filterNow(input) {
    clearTimeout(this.filterTimer);
    const name = this.columns[Number(input.dataset.filter)].name;
    if ((this.filters[name] ?? '') === input.value) return;
    if (input.value === '') delete this.filters[name]; else this.filters[name] = input.value;
    this.refocus = Number(input.dataset.filter);
    this.options.onFilter?.({ ...this.filters }, name);
  }
}

function button(text, className) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.className = className;
  return b;
}
