// grundy explorer: the page's behaviour. Plain JavaScript, no build step;
// every number comes from the JSON API of the server that sent this file
// (the routes are documented in the README).
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

/** GET an API route; resolves to the JSON body or throws an Error with
 *  the server's one-line message and the field it blames. */
async function api(path, params) {
  const query = new URLSearchParams(params).toString();
  let res;
  try {
    res = await fetch(`${path}?${query}`);
  } catch (e) {
    throw Object.assign(new Error('cannot reach the grundy server; is `grundy serve` still running?'), { field: null });
  }
  let body = null;
  try {
    body = await res.json();
  } catch (e) {
    body = { error: `the server answered ${res.status} without JSON` };
  }
  if (!res.ok) {
    const err = new Error(body.error || `the server answered ${res.status}`);
    err.field = body.field || null;
    err.heap = body.heap || null;
    err.status = res.status;
    throw err;
  }
  return body;
}

/** Shows `message` in the error line `id` and marks `input` invalid. */
function showError(id, message, input) {
  const el = $(id);
  el.textContent = message;
  el.hidden = false;
  if (input) input.setAttribute('aria-invalid', 'true');
}

function clearError(id, input) {
  const el = $(id);
  el.textContent = '';
  el.hidden = true;
  if (input) input.removeAttribute('aria-invalid');
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function svgEl(tag, attrs) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  return e;
}

const fmt = (n) => Number(n).toLocaleString('en-US');

// ---------------------------------------------------------------- sequence

/** How many terms to list: two periods past the pre-period, within
 *  [60, 600] so the table stays readable. */
function termsFor(reports) {
  let want = 60;
  for (const r of reports) {
    if (r) want = Math.max(want, r.preperiod + 2 * r.period);
  }
  return Math.min(want, 600) - 1;
}

function certificateText(r) {
  const x = r.certificate.sequence === 'grundy' ? 'g' : 'o';
  const end = r.certificate.start + r.certificate.window;
  const rel = r.saltus ? `${x}(n) + ${r.saltus}` : `${x}(n)`;
  return `${x}(n + ${fmt(r.period)}) = ${rel} for every n in ` +
    `[${fmt(r.preperiod)}, ${fmt(end)}), ending with ` +
    `${fmt(r.certificate.window)} consecutive matches, so it holds ` +
    `for all n ≥ ${fmt(r.preperiod)}`;
}

async function showSequence(event) {
  if (event) event.preventDefault();
  const input = $('set');
  const misere = $('misere').checked;
  const set = input.value;
  clearError('set-error', input);
  clearError('period-error');
  $('sequence-busy').hidden = false;
  $('set-go').disabled = true;
  try {
    let normal = null;
    let mis = null;
    let periodError = null;
    try {
      normal = await api('/api/period', { set });
      if (misere) mis = await api('/api/period', { set, misere: 'true' });
    } catch (e) {
      if (e.field === 'set') throw e;
      periodError = e;
    }
    const to = termsFor([normal, mis]);
    const values = await api('/api/values', { set, to });
    const misValues = misere
      ? await api('/api/values', { set, to, misere: 'true' }) : null;
    render(normal, mis, values, misValues, periodError);
    history.replaceState(null, '', `?set=${encodeURIComponent(set)}` +
      (misere ? '&misere=true' : '') + location.hash);
  } catch (e) {
    showError('set-error', e.message, input);
    $('result').hidden = true;
  } finally {
    $('sequence-busy').hidden = true;
    $('set-go').disabled = false;
  }
}

function render(normal, mis, values, misValues, periodError) {
  $('result').hidden = false;
  $('summary').hidden = !normal;
  if (periodError) showError('period-error', periodError.message);
  const g = values.values;
  const outcomes = misValues ? misValues.outcomes : values.outcomes;
  // The stretch highlighted in the table and plot: the Grundy period;
  // in the strip: the period of the outcomes shown there.
  const gl = normal ? normal.preperiod : null;
  const gp = normal ? normal.period : null;
  const outcomeOf = mis || normal;
  const ol = outcomeOf ? outcomeOf.outcome.preperiod : null;
  const op = outcomeOf ? outcomeOf.outcome.period : null;
  if (normal) {
    $('r-set').textContent = normal.set;
    $('r-preperiod').textContent = fmt(normal.preperiod);
    $('r-period').textContent = fmt(normal.period);
    $('r-saltus').textContent = fmt(normal.saltus);
    $('r-saltus-part').hidden =
      normal.saltus === 0 && !normal.set.startsWith('all-but');
    $('r-outcome-label').textContent =
      mis ? 'misère outcome (P/N)' : 'outcome (P/N)';
    $('r-outcome-preperiod').textContent = fmt(ol);
    $('r-outcome-period').textContent = fmt(op);
    $('r-max-row').hidden = normal.max_value === null;
    $('r-max').textContent = fmt(normal.max_value);
    $('r-certificate').textContent = certificateText(normal) +
      (mis ? `; misère: ${certificateText(mis)}` : '');
    const positions = normal.positions + (mis ? mis.positions : 0);
    const seconds = normal.seconds + (mis ? mis.seconds : 0);
    $('r-work').textContent = `${fmt(positions)} positions in ` +
      `${seconds.toFixed(3)} s (${normal.engine})`;
  }
  $('strip-note').textContent = `n = 0 … ${values.to}` +
    (mis ? ', misère play' : '');
  renderStrip(outcomes, ol, op);
  renderPlot(g, gl, gp);
  renderTable(g, values.outcomes, misValues && misValues.outcomes, gl, gp);
  $('values-note').textContent = `n = 0 … ${values.to}` +
    (normal && gl + gp > values.to + 1
      ? ` (the period ends at n = ${fmt(gl + gp - 1)}; ` +
        `ask /api/values for more)` : '');
}

function band(n, l, p) {
  if (l === null) return '';
  if (n < l) return 'pre';
  if (n < l + p) return 'per';
  return '';
}

function renderStrip(outcomes, l, p) {
  const strip = $('strip');
  strip.replaceChildren();
  [...outcomes].forEach((o, n) => {
    const cls = [o === 'P' ? 'p' : 'n', band(n, l, p)].join(' ').trim();
    const s = el('span', { class: cls, title: `n = ${n}: ${o}` }, o);
    strip.append(s);
  });
}

function renderPlot(g, l, p) {
  const svg = $('plot');
  svg.replaceChildren();
  // Drawn at the size it is shown, so labels stay readable on a phone.
  const W = Math.max(300, Math.min(900, svg.clientWidth || 720));
  const H = Math.round(Math.max(180, W / 3));
  const left = 34, right = 10, top = 10, bottom = 24;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = g.length;
  const max = Math.max(1, ...g);
  const x = (i) => left + (i * (W - left - right)) / Math.max(1, n - 1);
  const y = (v) => top + (1 - v / max) * (H - top - bottom);
  const step = (W - left - right) / Math.max(1, n - 1);
  if (l !== null) {
    if (l > 0) {
      svg.append(svgEl('rect', { x: left, y: top,
        width: Math.min(x(l) - left, W - right - left),
        height: H - top - bottom, fill: '#fff1c2' }));
    }
    if (l < n) {
      svg.append(svgEl('rect', { x: x(l), y: top,
        width: Math.min(p * step, W - right - x(l)),
        height: H - top - bottom, fill: '#dce8fb' }));
    }
    if (p * 2 <= n) {
      for (let k = l + p; k < n; k += p) {
        svg.append(svgEl('line', { x1: x(k), x2: x(k), y1: top,
          y2: H - bottom, stroke: '#8aa6d6', 'stroke-dasharray': '3 3' }));
      }
    }
  }
  svg.append(svgEl('line', { x1: left, x2: W - right, y1: H - bottom,
    y2: H - bottom, stroke: '#9aa4ae' }));
  svg.append(svgEl('line', { x1: left, x2: left, y1: top,
    y2: H - bottom, stroke: '#9aa4ae' }));
  const points = g.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  svg.append(svgEl('polyline', { points: points.join(' '), fill: 'none',
    stroke: '#2459a8', 'stroke-width': 1.5 }));
  if (n <= 200) {
    g.forEach((v, i) => {
      svg.append(svgEl('circle', { cx: x(i), cy: y(v), r: v === 0 ? 3 : 2,
        fill: v === 0 ? '#c2410c' : '#2459a8' }));
    });
  }
  const label = (tx, ty, text, anchor) => {
    const t = svgEl('text', { x: tx, y: ty, 'text-anchor': anchor });
    t.textContent = text;
    svg.append(t);
  };
  label(left, H - 6, '0', 'middle');
  label(W - right, H - 6, `n = ${n - 1}`, 'end');
  label(left - 4, y(max) + 4, String(max), 'end');
  label(left - 4, y(0) + 4, '0', 'end');
}

function renderTable(g, outcomes, misOutcomes, l, p) {
  const table = $('values');
  table.classList.toggle('with-misere', !!misOutcomes);
  const body = table.tBodies[0];
  const max = Math.max(1, ...g);
  const rows = g.map((v, n) => {
    const tr = el('tr', { class: band(n, l, p) });
    tr.append(el('td', {}, String(n)), el('td', {}, String(v)),
      el('td', { class: `o-${outcomes[n]}` }, outcomes[n]));
    tr.append(el('td', { class: `misere-col o-${misOutcomes ? misOutcomes[n] : ''}` },
      misOutcomes ? misOutcomes[n] : ''));
    const bar = el('td', { class: 'bar' });
    const fill = el('span');
    // Set through the CSSOM: the page's CSP forbids style attributes.
    fill.style.width = `${(100 * v) / max}%`;
    bar.append(fill);
    tr.append(bar);
    return tr;
  });
  body.replaceChildren(...rows);
}

// -------------------------------------------------------------------- heap

function describe(outcome) {
  return outcome === 'P' ? 'P (the player to move loses)'
    : 'N (the player to move wins)';
}

function movesText(takes) {
  return takes.length ? `winning moves: ${takes.map((t) => `take ${t}`).join(', ')}`
    : 'no winning move';
}

async function showHeap(event) {
  event.preventDefault();
  const n = $('heap-n');
  clearError('heap-error', n);
  clearError('set-error', $('set'));
  try {
    const r = await api('/api/heap', { set: $('set').value, n: n.value });
    $('h-grundy').textContent = r.grundy;
    $('h-normal').textContent = `${describe(r.outcome)}; ${movesText(r.winning_moves)}`;
    $('h-misere').textContent = `${describe(r.misere_outcome)}; ${movesText(r.misere_winning_moves)}`;
    $('heap-result').hidden = false;
  } catch (e) {
    $('heap-result').hidden = true;
    if (e.field === 'set') showError('set-error', e.message, $('set'));
    else showError('heap-error', e.message, n);
  }
}

// --------------------------------------------------------------------- sum

function addSumRow(set, size) {
  const i = $('sum-rows').children.length + 1;
  const wrap = el('div', { class: 'sum-row' });
  const row = el('div', { class: 'row' });
  const s = el('input', { class: 'set', value: set, 'aria-label': `heap ${i} set`,
    autocomplete: 'off', spellcheck: 'false', autocapitalize: 'off' });
  const n = el('input', { class: 'size', value: size, inputmode: 'numeric',
    'aria-label': `heap ${i} size` });
  const remove = el('button', { type: 'button', 'aria-label': `remove heap ${i}` }, '✕');
  remove.addEventListener('click', () => wrap.remove());
  row.append(s, n, remove);
  wrap.append(row, el('p', { class: 'error', role: 'alert', hidden: '' }));
  $('sum-rows').append(wrap);
}

async function showSum(event) {
  event.preventDefault();
  const rows = [...$('sum-rows').children];
  clearError('sum-error');
  for (const r of rows) {
    r.querySelector('.error').hidden = true;
    r.querySelectorAll('input').forEach((i) => i.removeAttribute('aria-invalid'));
  }
  const heaps = rows.map((r) =>
    `${r.querySelector('.set').value.trim()}:${r.querySelector('.size').value.trim()}`);
  const params = { heaps: heaps.join(';') };
  if ($('sum-misere').checked) params.misere = 'true';
  try {
    const r = await api('/api/sum', params);
    $('sum-values').textContent = r.heaps.map((h, i) =>
      `heap ${i + 1}: g = ${h.grundy}`).join(' · ') + ` · nim-sum ${r.nim_sum}`;
    $('sum-outcome').textContent = describe(r.outcome) +
      (r.method ? ` — misère play, solved by ${r.method}` : '');
    const list = $('sum-moves');
    list.replaceChildren(...(r.winning_moves.length
      ? r.winning_moves.map((m) => el('li', {},
        `heap ${m.heap}: take ${m.take} (leaves ${m.leaves})`))
      : [el('li', {}, 'no winning move')]));
    $('sum-result').hidden = false;
  } catch (e) {
    $('sum-result').hidden = true;
    const row = e.heap ? rows[e.heap - 1] : null;
    if (row) {
      const line = row.querySelector('.error');
      line.textContent = e.message;
      line.hidden = false;
      const bad = e.message.startsWith('heap size') ? '.size' : '.set';
      row.querySelector(bad).setAttribute('aria-invalid', 'true');
    } else {
      showError('sum-error', e.message);
    }
  }
}

// -------------------------------------------------------------------- boot

function boot() {
  $('set-form').addEventListener('submit', showSequence);
  $('heap-form').addEventListener('submit', showHeap);
  $('sum-form').addEventListener('submit', showSum);
  $('sum-add').addEventListener('click', () => addSumRow('1,2,3', '10'));
  addSumRow('1,2,3', '10');
  addSumRow('2,3', '7');
  addSumRow('nim', '5');
  if (typeof bootPlay === 'function') bootPlay();
  if (typeof bootSweep === 'function') bootSweep();
  const q = new URLSearchParams(location.search);
  if (q.get('set')) $('set').value = q.get('set');
  if (q.get('misere') === 'true') $('misere').checked = true;
  showSequence();
}

document.addEventListener('DOMContentLoaded', boot);
