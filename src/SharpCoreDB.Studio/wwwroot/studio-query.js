// SharpCoreDB Studio: the Query view. Runs the editor's text (or its selection) with
// an id of its own so Cancel can stop it; shows each result set in the grid (a
// choice when there are several), the plan as a tree, or a chart of the result;
// marks an error at its line and column (a syntax error's own, or where an unknown
// name first appears); keeps a history in this browser and exports the result
// through the server as CSV or JSON (every row, not only those shown).
import { api, download } from './studio-api.js';
import { SqlEditor } from './studio-editor.js';
import { Grid } from './studio-grid.js';
import { renderPlan } from './studio-plan.js';
import { renderChart } from './studio-chart.js';
import { remember, renderHistory } from './studio-history.js';
import { findName } from './studio-sql.js';

const $ = id => document.getElementById(id);

export class QueryView {
  constructor({ onTransaction, onSchemaMaybeChanged }) {
    this.onTransaction = onTransaction;
    this.onSchemaMaybeChanged = onSchemaMaybeChanged;
    this.editor = new SqlEditor($('editor-host'), { onRun: () => this.run() });
    this.grid = new Grid($('result-grid'));
    this.results = [];
    this.shown = null;
    $('run').addEventListener('click', () => this.run());
    $('cancel').addEventListener('click', () => this.cancel());
    $('explain').addEventListener('click', () => this.explain());
    $('export-csv').addEventListener('click', () => this.export('Csv'));
    $('export-json').addEventListener('click', () => this.export('Json'));
    $('history-toggle').addEventListener('click', () => this.toggleHistory());
    $('chart-kind').addEventListener('change', () => this.drawChart());
    $('result-set').addEventListener('change', e => this.showResult(Number(e.target.value)));
    document.querySelectorAll('#result-tabs button').forEach(b => b.addEventListener('click', () => this.showTab(b.dataset.result)));
  }

  showTab(name) {
    document.querySelectorAll('#result-tabs button').forEach(b => b.classList.toggle('active', b.dataset.result === name));
    $('result-grid').hidden = name !== 'grid';
    $('result-plan').hidden = name !== 'plan';
    $('result-chart').hidden = name !== 'chart';
    if (name === 'chart') this.drawChart();
  }

  status(text, kind = '') {
    const status = $('query-status');
    status.textContent = text;
    status.className = `status ${kind}`;
  }

  busy(running) {
    $('run').disabled = running;
    $('explain').disabled = running;
    $('cancel').disabled = !running;
  }

  async run() {
    const { text, offset } = this.editor.runnable;
    if (!text.trim() || this.running) return;
    this.running = newId();
    this.busy(true);
    this.status('Running…');
    try {
      const result = await api('/api/query', { sql: text, id: this.running });
      this.results = result.results;
      const picker = $('result-set');
      picker.innerHTML = result.results.map((r, i) => `<option value="${i}">Result ${i + 1} of ${result.results.length}</option>`).join('');
      picker.hidden = result.results.length < 2;
      this.showResult(result.results.length - 1);
      const last = result.results.at(-1);
      const rows = last ? `${last.rows.length.toLocaleString()}${last.truncated ? '+ (the first shown; Export gives all)' : ''} rows` : 'done';
      const changed = result.recordsAffected > 0 ? `, ${result.recordsAffected} changed` : '';
      this.status(`${rows}${changed} in ${result.elapsedMilliseconds.toFixed(1)} ms`, 'ok');
      remember(text, 'ok');
      this.afterWrite(text);
      if (!$('result-plan').hidden) this.showTab('grid');
    } catch (error) {
      this.showError(error, text, offset);
      remember(text, 'error');
    } finally {
      this.running = null;
      this.busy(false);
    }
  }

  // A statement that may have changed rows or the schema: refresh what depends on them.
  async afterWrite(text) {
    if (/^\s*(SELECT|WITH|VALUES|EXPLAIN|PRAGMA)\b/i.test(text)) return;
    try {
      const info = await api('/api/info');
      this.onTransaction(info.transaction);
      await this.onSchemaMaybeChanged();
    } catch (error) {
      this.status(`The query ran, but the schema could not be read again: ${error.message}`, 'error');
    }
  }

  showResult(index) {
    this.shown = this.results[index] ?? null;
    $('result-set').value = String(index);
    const result = this.shown;
    if (!result) {
      this.grid.render({ columns: [], rows: [], message: 'The statement returned no rows.' });
      return;
    }
    this.grid.render({ columns: result.columns.map(name => ({ name })), rows: result.rows, message: 'No rows' });
    this.drawChart();
  }

  showError(error, text, offset) {
    let where = '';
    if (error.line) {
      const at = this.editor.setError(error.line, error.column, offset);
      where = ` (line ${at.line}, column ${at.column})`;
    } else {
      // "no such column: x" and the like: mark where the name first appears.
      const name = /no such (?:table|column|function|view|index|trigger): ([^\s,;]+)/i.exec(error.message)?.[1];
      const found = name ? findName(text, name.replace(/^.*\./, '')) : -1;
      if (found >= 0) {
        this.editor.markOffset(offset + found);
        const before = this.editor.value.slice(0, offset + found);
        where = ` (line ${before.split('\n').length}, column ${offset + found - before.lastIndexOf('\n')})`;
      }
    }
    this.status(`Error${where}: ${error.message}`, 'error');
  }

  async cancel() {
    if (!this.running) return;
    await api('/api/cancel', { id: this.running });
  }

  async explain() {
    const { text, offset } = this.editor.runnable;
    if (!text.trim() || this.running) return;
    this.running = newId();
    this.busy(true);
    try {
      const { nodes } = await api('/api/plan', { sql: text, id: this.running });
      renderPlan($('result-plan'), nodes);
      this.status('Query plan: the top step yields the rows; each step reads from the ones below it.', 'ok');
      this.showTab('plan');
    } catch (error) {
      this.showError(error, text, offset);
    } finally {
      this.running = null;
      this.busy(false);
    }
  }

  async export(format) {
    const { text } = this.editor.runnable;
    if (!text.trim()) return;
    try {
      await download('/api/export', { sql: text, format }, format === 'Csv' ? 'result.csv' : 'result.json');
    } catch (error) {
      this.status(`Export failed: ${error.message}`, 'error');
    }
  }

  drawChart() {
    if ($('result-chart').hidden) return;
    $('chart-note').textContent = renderChart($('chart-host'), this.shown, $('chart-kind').value);
  }

  toggleHistory() {
    const panel = $('history');
    panel.hidden = !panel.hidden;
    if (!panel.hidden) {
      renderHistory(panel, sql => { this.editor.value = sql; panel.hidden = true; this.editor.focus(); });
    }
  }
}

function newId() {
  return globalThis.crypto?.randomUUID?.() ?? `q${Date.now()}${Math.random().toString(16).slice(2)}`;
}
