// SharpCoreDB Studio: the page's start. Asks the server what it serves; asks for the
// password of an encrypted file (sent once in a POST body to the local server,
// which keeps it only in memory; the field is cleared right after); then lists the
// schema in the sidebar (tables with their columns, indexes and triggers; views;
// all indexes; all triggers), opens the first table, and switches between the
// Browse and Query views. The bar at the top shows the edit transaction, if one is
// open, with its Commit and Roll back buttons.
import { api } from './studio-api.js';
import { BrowseView } from './studio-browse.js';
import { QueryView } from './studio-query.js';

const $ = id => document.getElementById(id);
let schema = null;
let info = null;

const browse = new BrowseView({ onTransaction: showTransaction });
const query = new QueryView({ onTransaction: showTransaction, onSchemaMaybeChanged: () => loadSchema() });

document.querySelectorAll('#tabs button').forEach(b => b.addEventListener('click', () => showView(b.dataset.view)));
$('txn-commit').addEventListener('click', () => finishTransaction('commit'));
$('txn-rollback').addEventListener('click', () => finishTransaction('rollback'));
$('unlock-form').addEventListener('submit', e => { e.preventDefault(); unlock(); });

start();

async function start() {
  info = await api('/api/info');
  $('file-name').textContent = info.file;
  document.title = `${info.file} - SharpCoreDB Studio`;
  $('badge-readonly').hidden = !info.readOnly;
  $('badge-encrypted').hidden = !info.encrypted;
  document.body.classList.toggle('read-only', info.readOnly);
  if (!info.open) {
    $('unlock-file').textContent = info.file;
    $('unlock').hidden = false;
    $('unlock-password').focus();
    return;
  }
  await opened();
}

async function unlock() {
  const field = $('unlock-password');
  const error = $('unlock-error');
  error.textContent = '';
  $('unlock-submit').disabled = true;
  try {
    info = await api('/api/unlock', { password: field.value });
    field.value = '';
    $('unlock').hidden = true;
    $('badge-encrypted').hidden = false;
    await opened();
  } catch (failure) {
    error.textContent = failure.message;
    field.select();
  } finally {
    $('unlock-submit').disabled = false;
  }
}

async function opened() {
  showTransaction(info.transaction);
  await loadSchema();
  const first = schema.tables[0] ?? schema.views[0];
  if (first) browse.open(first, schema);
  drawSchema();
  document.body.classList.add('ready');
}

async function loadSchema() {
  schema = await api('/api/schema');
  query.editor.setSchema([...schema.tables, ...schema.views]);
  drawSchema();
  if (browse.relation) {
    const current = [...schema.tables, ...schema.views].find(r => r.name === browse.relation.name);
    if (current) browse.relation = current;
  }
}

function showView(name) {
  document.querySelectorAll('#tabs button').forEach(b => b.classList.toggle('active', b.dataset.view === name));
  $('browse-view').hidden = name !== 'browse';
  $('query-view').hidden = name !== 'query';
  if (name === 'query') query.editor.focus();
  if (name === 'browse') browse.reload();
}

function showTransaction(state) {
  const open = state && state.open;
  $('txn').hidden = !open;
  if (!open) browse.changed.clear();
  if (open) {
    $('txn-text').textContent = `Transaction open: ${state.changes} ${state.changes === 1 ? 'change' : 'changes'} not committed`;
  }
}

async function finishTransaction(action) {
  try {
    const result = await api(`/api/edit/${action}`, {});
    showTransaction(result.transaction);
    $('txn-message').textContent = action === 'commit' ? 'Committed.' : 'Rolled back.';
    setTimeout(() => { $('txn-message').textContent = ''; }, 4000);
    await loadSchema();
    browse.reload();
  } catch (error) {
    $('txn-message').textContent = error.message;
  }
}

function node(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function section(title, items) {
  const details = node('details', 'schema-section');
  details.open = true;
  details.append(node('summary', '', `${title} (${items.length})`));
  items.forEach(i => details.append(i));
  return details;
}

function sqlItem(kind, name, table, sql) {
  const details = node('details', `schema-item ${kind}`);
  const summary = node('summary');
  summary.append(node('span', 'name', name), node('small', 'on', table ? `on ${table}` : ''));
  details.append(summary, node('pre', 'sql', sql ?? ''));
  return details;
}

function relationItem(relation) {
  const details = node('details', `schema-item relation kind-${relation.kind}`);
  const summary = node('summary');
  const open = node('button', 'name link', relation.name);
  open.type = 'button';
  open.title = `browse ${relation.name}`;
  open.addEventListener('click', e => { e.preventDefault(); showView('browse'); browse.open(relation, schema); markSelected(open); });
  summary.append(open);
  details.append(summary);
  const columns = node('ul', 'columns');
  relation.columns.forEach(c => {
    const li = node('li');
    li.append(node('span', 'column', c.name), node('small', 'type', c.type || ''));
    if (c.primaryKey) li.append(node('small', 'flag', 'PK'));
    if (c.notNull && !c.primaryKey) li.append(node('small', 'flag', 'NOT NULL'));
    if (c.indexed && !c.primaryKey) li.append(node('small', 'flag', 'indexed'));
    columns.append(li);
  });
  details.append(columns);
  const same = x => x.table.toLowerCase() === relation.name.toLowerCase();
  schema.indexes.filter(same).forEach(i => details.append(sqlItem('index', i.name, null, i.sql ?? `(automatic index on ${i.columns})`)));
  schema.triggers.filter(same).forEach(t => details.append(sqlItem('trigger', t.name, null, t.sql)));
  return details;
}

function markSelected(button) {
  document.querySelectorAll('#schema-tree .selected').forEach(b => b.classList.remove('selected'));
  button.classList.add('selected');
}

function drawSchema() {
  const tree = $('schema-tree');
  tree.innerHTML = '';
  tree.append(
    section('Tables', schema.tables.map(relationItem)),
    section('Views', schema.views.map(relationItem)),
    section('Indexes', schema.indexes.map(i => sqlItem('index', i.name, i.table, i.sql ?? `(automatic index on ${i.columns})`))),
    section('Triggers', schema.triggers.map(t => sqlItem('trigger', t.name, t.table, t.sql))));
  const current = browse.relation && [...tree.querySelectorAll('button.name')].find(b => b.textContent === browse.relation.name);
  if (current) markSelected(current);
}
