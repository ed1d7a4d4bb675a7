// SharpCoreDB Studio: the Browse view. A table's rows a page at a time, read on the
// server by key: Next sends the cursor the last page came with, Previous goes back
// to the cursor before it (kept in a stack), First forgets them. Sorting and
// filtering start again at the first page. The row count is asked for apart, so a
// page never waits for a count of a big table. Edits go to the server's edit
// transaction; each answer brings the row as stored, and errors show on the row.
import { api } from './studio-api.js';
import { Grid } from './studio-grid.js';

export class BrowseView {
  constructor({ onTransaction }) {
    // Rows changed in the open transaction (table/rowid) stay marked when the page is drawn again.
    this.changed = new Set();
    this.onTransaction = onTransaction;
    this.relation = null;
    this.grid = new Grid(document.getElementById('browse-grid'), {
      sortable: true,
      filterable: true,
      editable: true,
      onSort: column => this.sortBy(column),
      onFilter: filters => { this.filters = filters; this.first(); },
      onEdit: (r, column, value) => this.update(r, column, value),
      onDelete: (r, row) => this.remove(r, row),
      onInsert: values => this.insert(values),
    });
    this.pageSize = 100;
    document.getElementById('page-first').addEventListener('click', () => this.first());
    document.getElementById('page-prev').addEventListener('click', () => this.previous());
    document.getElementById('page-next').addEventListener('click', () => this.next());
    document.getElementById('row-add').addEventListener('click', () => this.grid.openInsertRow());
    document.getElementById('page-size').addEventListener('change', e => { this.pageSize = Number(e.target.value); this.first(); });
  }

  /** Shows a table or view (its schema entry) from its first page. */
  open(relation, schema) {
    this.relation = relation;
    this.sort = null;
    this.filters = {};
    this.grid.filters = {};
    document.getElementById('browse-title').textContent = relation.name;
    document.getElementById('browse-kind').textContent = relation.kind;
    const sql = [relation.sql, ...schema.indexes.filter(i => same(i.table, relation.name)).map(i => i.sql),
      ...schema.triggers.filter(t => same(t.table, relation.name)).map(t => t.sql)].filter(Boolean);
    document.getElementById('browse-sql').textContent = sql.map(s => s.trim().endsWith(';') ? s : s + ';').join('\n\n');
    this.first();
  }

  reload() { if (this.relation) this.load(); }

  sortBy(column) {
    const direction = this.sort?.column !== column ? 'Ascending' : this.sort.direction === 'Ascending' ? 'Descending' : null;
    this.sort = direction ? { column, direction } : null;
    this.first();
  }

  first() {
    this.stack = [];
    this.cursor = null;
    this.load();
    this.count();
  }

  next() {
    if (!this.nextCursor) return;
    this.stack.push(this.cursor);
    this.cursor = this.nextCursor;
    this.load();
  }

  previous() {
    if (this.stack.length === 0) return;
    this.cursor = this.stack.pop();
    this.load();
  }

  filterList() {
    return Object.entries(this.filters).map(([column, text]) => ({ column, text }));
  }

  async load() {
    const relation = this.relation;
    const status = document.getElementById('browse-status');
    status.textContent = 'Loading…';
    try {
      const page = await api('/api/rows', {
        table: relation.name, sortColumn: this.sort?.column ?? null, direction: this.sort?.direction ?? 'Ascending',
        filters: this.filterList(), cursor: this.cursor, pageSize: this.pageSize,
      });
      if (relation !== this.relation) return;
      this.page = page;
      this.nextCursor = page.next;
      this.draw();
      document.getElementById('row-add').hidden = !page.editable;
      const from = this.stack.length * this.pageSize + 1;
      document.getElementById('page-info').textContent = page.rows.length === 0
        ? 'no rows' : `rows ${from.toLocaleString()}–${(from + page.rows.length - 1).toLocaleString()}`;
      document.getElementById('page-prev').disabled = this.stack.length === 0;
      document.getElementById('page-first').disabled = this.stack.length === 0;
      document.getElementById('page-next').disabled = !page.next;
      status.textContent = '';
    } catch (error) {
      status.textContent = error.message;
      status.className = 'status error';
      return;
    }
    status.className = 'status';
  }

  draw() {
    this.grid.render({ columns: this.relation.columns, rows: this.page.rows, sort: this.sort, editable: this.page.editable });
    this.page.rows.forEach((row, r) => {
      if (this.changed.has(`${this.relation.name}/${row.id}`)) {
        this.grid.host.querySelector(`tr[data-row="${r}"]`)?.classList.add('changed');
      }
    });
  }

  async count() {
    const relation = this.relation;
    const target = document.getElementById('browse-count');
    target.textContent = '';
    try {
      const { count } = await api('/api/count', { table: relation.name, filters: this.filterList() });
      if (relation === this.relation) {
        target.textContent = `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}${this.filterList().length ? ' match' : ''}`;
      }
    } catch (error) {
      target.textContent = '';
    }
  }

  async update(r, column, value) {
    await this.edit(r, '/api/edit/update', { table: this.relation.name, rowId: this.page.rows[r].id, values: { [column]: value } });
  }

  async remove(r, row) {
    await this.edit(r, '/api/edit/delete', { table: this.relation.name, rowId: row.id });
  }

  async insert(values) {
    try {
      const result = await api('/api/edit/insert', { table: this.relation.name, values });
      this.onTransaction(result.transaction);
      this.grid.closeInsertRow();
      this.page.rows.unshift(result.row);
      this.changed.add(`${this.relation.name}/${result.row.id}`);
      this.draw();
      this.count();
    } catch (error) {
      this.grid.showRowError('new', error.message);
    }
  }

  async edit(r, path, body) {
    try {
      const result = await api(path, body);
      this.onTransaction(result.transaction);
      if (result.row) this.changed.add(`${this.relation.name}/${result.row.id}`);
      this.grid.replaceRow(r, result.row);
      if (result.row === null) this.count();
    } catch (error) {
      this.grid.restoreRow(r);
      this.grid.showRowError(r, error.message);
      if (error.status === 409 || error.status === 400) api('/api/info').then(info => this.onTransaction(info.transaction));
    }
  }
}

function same(a, b) { return a.toLowerCase() === b.toLowerCase(); }
