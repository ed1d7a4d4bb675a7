// SharpCoreDB Studio: the query history, kept in this browser's localStorage (never
// on the server), newest first, at most MAX_ENTRIES, a repeat moved to the top.
const KEY = 'sharpcoredb-studio-history';
const MAX_ENTRIES = 100;

export function loadHistory() {
  try {
    const entries = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(entries) ? entries : [];
  } catch {
    return [];
  }
}

export function remember(sql, outcome) {
  const text = sql.trim();
  if (!text) return;
  const entries = loadHistory().filter(e => e.sql !== text);
  entries.unshift({ sql: text, at: new Date().toISOString(), outcome });
  localStorage.setItem(KEY, JSON.stringify(entries.slice(0, MAX_ENTRIES)));
}

/** Lists the history in host; choosing an entry calls onPick(sql). */
export function renderHistory(host, onPick) {
  host.innerHTML = '';
  const entries = loadHistory();
  if (entries.length === 0) {
    host.textContent = 'No queries yet: what you run is kept here, in this browser.';
    return;
  }
  const list = document.createElement('ol');
  for (const entry of entries) {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `history-entry ${entry.outcome === 'error' ? 'failed' : ''}`;
    const code = document.createElement('code');
    code.textContent = entry.sql.length > 300 ? entry.sql.slice(0, 300) + '…' : entry.sql;
    const when = document.createElement('small');
    when.textContent = new Date(entry.at).toLocaleString();
    button.append(code, when);
    button.addEventListener('click', () => onPick(entry.sql));
    item.append(button);
    list.append(item);
  }
  host.append(list);
}
