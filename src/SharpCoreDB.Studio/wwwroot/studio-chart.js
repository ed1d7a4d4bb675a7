// SharpCoreDB Studio: a bar or line chart of a query result, for people who would
// rather look than read. The first column gives the labels along the bottom, the
// second the values (rows whose value is not a number are left out). SVG drawn by
// hand: axes, five rounded ticks, at most MAX_POINTS points.
const SVG = 'http://www.w3.org/2000/svg';
const MAX_POINTS = 200;
const WIDTH = 760;
const HEIGHT = 340;
const MARGIN = { top: 24, right: 20, bottom: 70, left: 64 };

function element(name, attributes, parent) {
  const e = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, v));
  parent.append(e);
  return e;
}

function niceStep(range) {
  const raw = range / 5;
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 2.5, 5, 10].map(m => m * power).find(s => s >= raw) ?? raw;
}

function formatNumber(n) {
  return Math.abs(n) >= 1e6 || (Math.abs(n) < 1e-3 && n !== 0) ? n.toExponential(2) : String(Math.round(n * 1000) / 1000);
}

/** Draws result ({ columns, rows }) as a 'bar' or 'line' chart into host; returns a note for the user. */
export function renderChart(host, result, kind) {
  host.innerHTML = '';
  if (!result || result.columns.length < 2) return 'A chart needs a result with two columns: labels, then numbers.';
  const points = [];
  for (const row of result.rows) {
    const value = row.t[1] === 'n' ? NaN : Number(row.v[1]);
    if (Number.isFinite(value)) points.push({ label: row.t[0] === 'n' ? 'NULL' : row.v[0], value });
    if (points.length === MAX_POINTS) break;
  }
  if (points.length === 0) return `The column ${result.columns[1]} holds no numbers to chart.`;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const low = Math.min(0, ...points.map(p => p.value));
  const high = Math.max(0, ...points.map(p => p.value));
  const step = niceStep(high - low || 1);
  const bottom = Math.floor(low / step) * step;
  const top = Math.ceil(high / step) * step || step;
  const y = v => MARGIN.top + plotHeight - ((v - bottom) / (top - bottom)) * plotHeight;
  const band = plotWidth / points.length;
  const x = i => MARGIN.left + band * (i + 0.5);
  const svg = element('svg', { class: 'chart', width: WIDTH, height: HEIGHT, viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
    'aria-label': `${result.columns[1]} by ${result.columns[0]}` }, host);
  for (let v = bottom; v <= top + step / 2; v += step) {
    element('line', { class: 'chart-grid', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(v), y2: y(v) }, svg);
    element('text', { class: 'chart-tick', x: MARGIN.left - 8, y: y(v) + 4, 'text-anchor': 'end' }, svg).textContent = formatNumber(v);
  }
  element('line', { class: 'chart-axis', x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(0), y2: y(0) }, svg);
  if (kind === 'line') {
    element('polyline', { class: 'chart-line', points: points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ') }, svg);
    points.forEach((p, i) => {
      const dot = element('circle', { class: 'chart-dot', cx: x(i), cy: y(p.value), r: 3.5 }, svg);
      element('title', {}, dot).textContent = `${p.label}: ${p.value}`;
    });
  } else {
    const barWidth = Math.max(1, band * 0.7);
    points.forEach((p, i) => {
      const bar = element('rect', { class: 'chart-bar', x: x(i) - barWidth / 2, y: Math.min(y(p.value), y(0)), width: barWidth,
        height: Math.max(1, Math.abs(y(p.value) - y(0))) }, svg);
      element('title', {}, bar).textContent = `${p.label}: ${p.value}`;
    });
  }
  const every = Math.ceil(points.length / 20);
  points.forEach((p, i) => {
    if (i % every !== 0) return;
    const label = p.label.length > 14 ? p.label.slice(0, 13) + '…' : p.label;
    const tx = x(i);
    const ty = HEIGHT - MARGIN.bottom + 14;
    element('text', { class: 'chart-label', x: tx, y: ty, 'text-anchor': 'end', transform: `rotate(-35 ${tx} ${ty})` }, svg)
      .textContent = label;
  });
  const cut = result.rows.length > MAX_POINTS ? ` (the first ${MAX_POINTS})` : '';
  return `${result.columns[1]} by ${result.columns[0]}: ${points.length} points${cut}.`;
}
