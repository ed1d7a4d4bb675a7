// SharpCoreDB Studio: EXPLAIN QUERY PLAN drawn as a tree in SVG. The root is the
// step that yields the rows; below each step, the steps it reads from. Each subtree
// takes the width of its widest level, children side by side, parents centred
// over them. Colours tell the kinds of step apart at a glance: a full SCAN of a
// table (every row read) in amber, an index or rowid SEARCH in green, a SORT in
// violet, everything else in blue.
const SVG = 'http://www.w3.org/2000/svg';
const CHAR_WIDTH = 7.2;
const BOX_HEIGHT = 30;
const LEVEL_GAP = 36;
const SIBLING_GAP = 18;
const PADDING = 14;

function kindOf(detail) {
  if (/^(NESTED LOOP |LEFT JOIN |HASH JOIN )*SEARCH\b/.test(detail)) return 'search';
  if (/\bSCAN\b/.test(detail) && !/SUBQUERY|VIEW|CTE|CONSTANT ROW|MATERIALIZED|RECURSIVE/.test(detail)) return 'scan';
  if (/\bSORT\b/.test(detail)) return 'sort';
  return 'step';
}

// Sets width (of the box) and span (of the subtree) on every node.
function measure(node) {
  node.width = Math.max(90, node.detail.length * CHAR_WIDTH + 2 * PADDING);
  node.children.forEach(measure);
  const childSpan = node.children.reduce((sum, c) => sum + c.span, 0) + SIBLING_GAP * Math.max(0, node.children.length - 1);
  node.span = Math.max(node.width, childSpan);
}

function place(node, left, depth) {
  node.x = left + node.span / 2;
  node.y = depth * (BOX_HEIGHT + LEVEL_GAP);
  const childSpan = node.children.reduce((sum, c) => sum + c.span, 0) + SIBLING_GAP * Math.max(0, node.children.length - 1);
  let x = left + (node.span - childSpan) / 2;
  node.children.forEach(child => { place(child, x, depth + 1); x += child.span + SIBLING_GAP; });
}

function element(name, attributes, parent) {
  const e = document.createElementNS(SVG, name);
  Object.entries(attributes).forEach(([k, v]) => e.setAttribute(k, v));
  parent.append(e);
  return e;
}

/** Draws the plan (nodes as the server sends them: { detail, children }) into host. */
export function renderPlan(host, nodes) {
  host.innerHTML = '';
  if (nodes.length === 0) {
    host.textContent = 'The statement has no plan.';
    return;
  }
  // Several top-level steps (a compound's parts) hang under one root for drawing.
  const root = nodes.length === 1 ? nodes[0] : { detail: 'QUERY PLAN', children: nodes };
  measure(root);
  place(root, 0, 0);
  let depth = 0;
  const visit = (n, f) => { f(n); n.children.forEach(c => visit(c, f)); };
  visit(root, n => { depth = Math.max(depth, n.y); });
  const width = root.span + 2;
  const height = depth + BOX_HEIGHT + 2;
  const svg = element('svg', { class: 'plan-tree', width, height, viewBox: `-1 -1 ${width} ${height}`, role: 'img',
    'aria-label': 'query plan' }, host);
  visit(root, n => n.children.forEach(c => {
    const midY = n.y + BOX_HEIGHT + LEVEL_GAP / 2;
    element('path', { class: 'plan-edge', d: `M${n.x},${n.y + BOX_HEIGHT} V${midY} H${c.x} V${c.y}` }, svg);
  }));
  visit(root, n => {
    const g = element('g', { class: `plan-node plan-${kindOf(n.detail)}` }, svg);
    element('rect', { x: n.x - n.width / 2, y: n.y, width: n.width, height: BOX_HEIGHT, rx: 6 }, g);
    const text = element('text', { x: n.x, y: n.y + BOX_HEIGHT / 2 + 4, 'text-anchor': 'middle' }, g);
    text.textContent = n.detail;
    element('title', {}, g).textContent = n.detail;
  });
  const legend = document.createElement('div');
  legend.className = 'plan-legend';
  legend.innerHTML = '<span class="plan-search">SEARCH: index or rowid seek</span>' +
    '<span class="plan-scan">SCAN: reads every row</span><span class="plan-sort">SORT</span><span class="plan-step">other step</span>';
  host.append(legend);
}
