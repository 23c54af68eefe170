// grundy explorer: the page's behaviour. Plain JavaScript, no build step;
// every number comes from the JSON API of the server that sent this file
// (the routes are documented in docs/WEB.md).
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
    err.survey = body.survey || null;
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

/** Sets (or, for null and '', removes) keys of the page's query string,
 *  keeping the others and the #section: each tab keeps its own state in
 *  the URL (the sequence `set`, `misere`; the sweep `family`, `a`, `b`,
 *  `for`). */
function setQuery(updates) {
  const q = new URLSearchParams(location.search);
  for (const [k, v] of Object.entries(updates)) {
    if (v === null || v === undefined || v === '') q.delete(k);
    else q.set(k, v);
  }
  const query = q.toString();
  history.replaceState(null, '', (query ? `?${query}` : location.pathname) +
    location.hash);
}

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

/** What a take-and-break game's period search computed before its
 *  budget ran out, as researchers publish it (never a guessed period). */
function surveyText(s) {
  const rare = s.last_rare === null ? 'no rare heaps'
    : `${fmt(s.rare_positions)} rare heaps, the last at ${fmt(s.last_rare)}`;
  const split = s.mask
    ? `; rare values have an even number of 1 bits in v & ${s.mask.toString(2)} (binary)` +
      (s.domain ? ', the heap\'s parity included' : '')
    : '';
  const seen = s.len === 0 ? 'Computed no values yet'
    : s.len === 1 ? 'Computed g(0)' : `Computed g(0) … g(${fmt(s.len - 1)})`;
  return `${seen}: largest value ${fmt(s.max_value)}, ${rare}${split}.`;
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
      // Bad notation is the input's fault; a game without a periodicity
      // theorem (Grundy's game, misère octal games) or out of budget
      // still has values to list.
      if (e.field === 'set' && e.status === 400) throw e;
      periodError = e;
    }
    const to = termsFor([normal, mis]);
    const values = await api('/api/values', { set, to });
    const misValues = misere
      ? await api('/api/values', { set, to, misere: 'true' }) : null;
    render(normal, mis, values, misValues, periodError);
    setQuery({ set, misere: misere ? 'true' : null });
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
  if (periodError) {
    showError('period-error', periodError.message +
      (periodError.survey ? ` ${surveyText(periodError.survey)}` : ''));
  }
  const g = values.values;
  const outcomes = misValues ? misValues.outcomes : values.outcomes;
  // The stretch highlighted in the table and plot: the Grundy period;
  // in the strip: the period of the outcomes shown there.
  const gl = normal ? normal.preperiod : null;
  const gp = normal ? normal.period : null;
  const outcomeOf = misValues ? mis : normal;
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
    // The library's sentence, as the command prints it.
    $('r-certificate').textContent = normal.certificate_text +
      (mis ? `; misère: ${mis.certificate_text}` : '');
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

/** The moves as the library writes them (`winning_moves_text`: "take 3",
 *  "take 2 -> 5 + 6"); `more`: families of winning splits follow. */
function movesText(texts, more = false) {
  if (!texts.length) return more ? 'winning moves:' : 'no winning move';
  return `winning moves: ${texts.join(', ')}`;
}

/** A huge heap of a game that splits heaps: the library's note on the
 *  moves not listed, then its families of winning splits, one a line. */
function familyLines(note, families) {
  if (!note) return [];
  const lines = [el('li', { class: 'note' }, note)];
  for (const f of families) lines.push(el('li', { class: 'family' }, f.text));
  return lines;
}

async function showHeap(event) {
  event.preventDefault();
  const n = $('heap-n');
  clearError('heap-error', n);
  clearError('set-error', $('set'));
  try {
    const r = await api('/api/heap', { set: $('set').value, n: n.value });
    $('h-grundy').textContent = r.grundy;
    const normal = $('h-normal');
    normal.textContent = `${describe(r.outcome)}; ` +
      movesText(r.winning_moves_text, r.winning_families.length > 0);
    const extra = familyLines(r.moves_note, r.winning_families);
    if (extra.length) {
      const list = el('ul', { id: 'h-families' });
      list.append(...extra);
      normal.append(list);
    }
    const misere = $('h-misere');
    // As the command: with a known outcome, a note (moves not walked)
    // means more than the listed moves, and is shown before the families.
    const unlisted = r.misere_outcome && r.misere_note;
    misere.textContent = r.misere_outcome
      ? `${describe(r.misere_outcome)}; ` + movesText(r.misere_winning_moves_text,
        Boolean(unlisted) || r.misere_winning_families.length > 0)
      : `not known: ${r.misere_note}`;
    const misereExtra = (unlisted ? [el('li', { class: 'note' }, r.misere_note)] : [])
      .concat(familyLines(r.misere_moves_note, r.misere_winning_families));
    if (misereExtra.length) {
      const list = el('ul', { id: 'h-misere-families' });
      list.append(...misereExtra);
      misere.append(list);
    }
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
    list.replaceChildren(...(r.winning_moves.length || r.winning_families.length
      ? r.winning_moves.map((m) => el('li', {}, m.text))
        .concat(familyLines(r.moves_note, r.winning_families))
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

// -------------------------------------------------------------------- play

// The game lives here: the server answers questions about one position
// (/api/play) and never keeps state. `game.history` holds the positions
// before each of the person's moves, for undo.
const game = { sets: [], sizes: [], misere: false, history: [], over: false,
  seed: 1 };

function heapsParam(sizes) {
  return game.sets.map((s, i) => `${s}:${sizes[i]}`).join(';');
}

/** The heaps after move m: heap m.heap becomes what the move leaves
 *  ("10", "0", or "1 + 9" when a take-and-break move splits it: the
 *  parts are new heaps with the same rules). */
function afterMove(sets, sizes, m) {
  const parts = m.leaves.split('+').map((x) => Number(x.trim()));
  const kept = parts.filter((x) => x > 0);
  const now = kept.length ? kept : [0];
  const i = m.heap - 1;
  return {
    sets: [...sets.slice(0, i), ...now.map(() => sets[i]), ...sets.slice(i + 1)],
    sizes: [...sizes.slice(0, i), ...now, ...sizes.slice(i + 1)],
  };
}

/** A move as a person reads it: "take 3", or "take 2 → 1 + 9" when the
 *  heap does not simply shrink. */
function moveLabel(m, size) {
  return String(size - m.take) === m.leaves ? `take ${m.take}`
    : `take ${m.take} → ${m.leaves}`;
}

function play(m) {
  const next = afterMove(game.sets, game.sizes, m);
  game.sets = next.sets;
  game.sizes = next.sizes;
}

async function position(sizes) {
  const params = { heaps: heapsParam(sizes), seed: String(game.seed++) };
  if (game.misere) params.misere = 'true';
  return api('/api/play', params);
}

function log(text) {
  $('game-log').append(el('li', {}, text));
}

function finish(personToMove) {
  // No legal move for the player to move: under normal play they lose,
  // under misère play they win.
  const personWins = game.misere ? personToMove : !personToMove;
  game.over = true;
  const status = $('game-status');
  status.textContent = `winner: ${personWins ? 'you' : 'computer'}`;
  status.className = personWins ? 'won' : 'lost';
  $('hint').disabled = true;
  drawBoard(null);
}

/** The person is to move at game.sizes: fetch the position, draw it. */
async function yourTurn() {
  const r = await position(game.sizes);
  if (r.over) return finish(true);
  game.current = r;
  $('game-status').textContent = 'your move';
  $('game-status').className = '';
  $('hint').disabled = false;
  drawBoard(r);
}

/** The computer is to move at game.sizes. */
async function computerTurn() {
  const r = await position(game.sizes);
  if (r.over) return finish(false);
  const m = r.computer;
  play(m);
  log(`computer: heap ${m.heap}, take ${m.take} (leaves ${m.leaves})`);
  await yourTurn();
}

function drawBoard(r) {
  const board = $('board');
  board.replaceChildren();
  game.sizes.forEach((n, i) => {
    const box = el('div', { class: 'heap' });
    box.append(el('div', {}, `heap ${i + 1} · S = ${game.sets[i]} · ${n} stones` +
      (r ? ` · g = ${r.heaps[i].grundy}` : '')));
    box.append(el('div', { class: 'stones', 'aria-hidden': 'true' },
      n <= 80 ? '●'.repeat(n) : `${'●'.repeat(80)} … (${n})`));
    if (r && !game.over) {
      const moves = r.moves.filter((m) => m.heap === i + 1);
      const row = el('div', { class: 'moves' });
      for (const m of moves.slice(0, 30)) {
        const b = el('button', { type: 'button', class: 'move',
          'data-heap': String(i + 1), 'data-take': String(m.take),
          'data-leaves': m.leaves }, moveLabel(m, n));
        b.addEventListener('click', () => yourMove(i, m));
        row.append(b);
      }
      if (moves.length > 30) {
        // "7" takes 7; "2 10+19" takes 2 and leaves heaps of 10 and 19.
        const input = el('input', { class: 'short',
          'aria-label': `move on heap ${i + 1}: stones to take, then the heaps left if it splits` });
        const b = el('button', { type: 'button' }, 'take');
        b.addEventListener('click', () => yourMove(i, typedMove(i, input.value), input));
        row.append(input, b);
      }
      box.append(row);
    }
    board.append(box);
  });
}

/** The legal move of heap i that `text` names ("7", "2 10+19", "0 9+1":
 *  the heaps left in any order; take 0 splits without taking, as in
 *  Grundy's game), or null. */
function typedMove(i, text) {
  const [take, ...rest] = text.trim().split(/\s+/);
  const ascending = (xs) => [...xs].sort((a, b) => a - b);
  const leaves = ascending(rest.join('').split('+').filter((x) => x).map(Number));
  return game.current.moves.find((m) => {
    if (m.heap !== i + 1 || String(m.take) !== take) return false;
    const parts = ascending(m.leaves.split('+').map((x) => Number(x.trim())));
    if (!leaves.length) return parts.length === 1;
    return parts.length === leaves.length && parts.every((x, k) => x === leaves[k]);
  }) || null;
}

async function yourMove(heap, move, input) {
  clearError('move-error', input);
  if (!move) {
    showError('move-error', `heap ${heap + 1}: "${input ? input.value : ''}" is not a legal move here; type the stones to take, and for a split the heaps left (e.g. "2 10+19")`, input);
    return;
  }
  game.history.push({ sets: [...game.sets], sizes: [...game.sizes] });
  play(move);
  $('hint-text').textContent = '';
  log(`you: heap ${heap + 1}, take ${move.take} (leaves ${move.leaves})`);
  setPlaying(true);
  try {
    await computerTurn();
  } catch (e) {
    showError('move-error', e.message);
  } finally {
    setPlaying(false);
  }
}

function setPlaying(busy) {
  document.querySelectorAll('#board button, #undo, #hint').forEach((b) => {
    b.disabled = busy || (b.id === 'hint' && game.over);
  });
  $('undo').disabled = busy || game.history.length === 0;
}

function showHint() {
  const r = game.current;
  const values = r.heaps.map((h, i) => `g(heap ${i + 1}) = ${h.grundy}`).join(', ');
  const why = game.misere ? '' : ` ${values}; nim-sum ${r.nim_sum}.`;
  // remoteness is null when the theory answered (r.method_note says
  // which): then which moves win, not in how many moves.
  const known = r.remoteness !== null;
  if (r.winning_moves.length) {
    $('hint-text').textContent = (known ? `You can win in ${r.remoteness} moves:` : 'You can win:') +
      ` ${r.winning_moves.map((m) => `heap ${m.heap}: ${moveLabel(m, Number(r.heaps[m.heap - 1].size))}`).join(' or ')}.${why}`;
  } else {
    $('hint-text').textContent = `Every move loses against perfect play` +
      (known ? ` (the game lasts ${r.remoteness} more moves)` : '') + `; hold on and hope.${why}`;
  }
}

async function undo() {
  if (!game.history.length) return;
  const before = game.history.pop();
  game.sets = before.sets;
  game.sizes = before.sizes;
  game.over = false;
  log('undo');
  $('hint-text').textContent = '';
  setPlaying(true);
  try {
    await yourTurn();
  } finally {
    setPlaying(false);
  }
}

async function newGame(event) {
  event.preventDefault();
  const input = $('play-heaps');
  clearError('play-error', input);
  clearError('move-error');
  const items = input.value.split(/[;\s]+/).filter((h) => h);
  game.sets = items.map((h) => h.slice(0, Math.max(0, h.lastIndexOf(':'))));
  game.sizes = items.map((h) => h.slice(h.lastIndexOf(':') + 1));
  game.misere = $('play-misere').checked;
  game.history = [];
  game.over = false;
  game.seed = 1 + Math.floor(Math.random() * 1e9);
  $('game-log').replaceChildren();
  $('hint-text').textContent = '';
  // The last game's "winner: ..." must not stand for the new one.
  $('game-status').textContent = 'starting…';
  $('game-status').className = '';
  try {
    // Validates every heap (errors in the CLI's words) before play.
    const params = { heaps: items.join(';') };
    if (game.misere) params.misere = 'true';
    const first = await api('/api/play', params);
    game.sets = first.heaps.map((h) => h.set);
    game.sizes = first.heaps.map((h) => Number(h.size));
    // How the computer plays (solved exactly, or from the theory): once.
    $('game-method').textContent = first.method_note;
    $('game').hidden = false;
    setPlaying(true);
    if ($('play-first').value === 'computer') await computerTurn();
    else await yourTurn();
  } catch (e) {
    $('game').hidden = true;
    showError('play-error', e.heap ? `heap ${e.heap}: ${e.message}` : e.message, input);
  } finally {
    setPlaying(false);
  }
}

function bootPlay() {
  $('play-form').addEventListener('submit', newGame);
  $('hint').addEventListener('click', showHint);
  $('undo').addEventListener('click', undo);
}

// ------------------------------------------------------------------- sweep

async function runSweep(event) {
  if (event) event.preventDefault();
  const fields = { family: $('sweep-family'), a: $('sweep-a'), b: $('sweep-b') };
  for (const [name, input] of Object.entries(fields)) {
    clearError(name === 'family' ? 'sweep-family-error' : `sweep-${name}-error`, input);
  }
  clearError('sweep-error');
  $('sweep-go').disabled = true;
  try {
    const r = await api('/api/sweep', familyParams(fields));
    renderSweep(r);
    setQuery({ family: fields.family.value, a: fields.a.value,
      b: fields.b.value, for: $('fit-for').value });
  } catch (e) {
    $('sweep-result').hidden = true;
    if (e.field && fields[e.field]) {
      showError(e.field === 'family' ? 'sweep-family-error' : `sweep-${e.field}-error`,
        e.message, fields[e.field]);
    } else {
      showError('sweep-error', e.message);
    }
  } finally {
    $('sweep-go').disabled = false;
  }
}

/** The family and its ranges as query parameters; a blank range is left
 *  out (a family of `a` alone, as the laws tab opens them). */
function familyParams(fields) {
  const params = { family: fields.family.value };
  for (const name of ['a', 'b']) {
    if (fields[name].value.trim()) params[name] = fields[name].value;
  }
  return params;
}

function renderSweep(r) {
  $('sweep-result').hidden = false;
  const found = r.rows.filter((x) => x.status === 'found').length;
  const pure = r.rows.filter((x) => x.status === 'found' && x.preperiod === 0).length;
  $('sweep-note').textContent = `${r.count} sets, ${found} periods found, ` +
    `${pure} purely periodic.`;
  const t = r.table;
  const table = $('sweep-table');
  table.replaceChildren();
  $('sweep-heat').hidden = !t;
  if (!t) {
    renderSweepRows(table, r);
    return;
  }
  const head = el('tr');
  head.append(el('th', {}, `${t.row} \\ ${t.col}`));
  t.cols.forEach((c) => head.append(el('th', {}, String(c))));
  table.append(el('thead'));
  table.tHead.append(head);
  const body = el('tbody');
  t.rows.forEach((rk, i) => {
    const tr = el('tr');
    tr.append(el('th', {}, String(rk)));
    t.cells[i].forEach((v) => {
      const td = el('td', typeof v === 'number' ? {} : { class: 'na' },
        v === null ? '' : String(v));
      tr.append(td);
    });
    body.append(tr);
  });
  table.append(body);
  renderHeatmap(t);
}

/** A family of one parameter has no table of two: its rows, one a line
 *  (the parameter, pre-period, period). */
function renderSweepRows(table, r) {
  const keys = [...r.params, 'preperiod', 'period'];
  const head = el('tr');
  keys.forEach((k) => head.append(el('th', {}, k)));
  table.append(el('thead'));
  table.tHead.append(head);
  const body = el('tbody');
  for (const row of r.rows) {
    const tr = el('tr');
    for (const k of keys) {
      const v = row[k];
      tr.append(el('td', typeof v === 'number' ? {} : { class: 'na' },
        v === null || v === undefined ? row.status : String(v)));
    }
    body.append(tr);
  }
  table.append(body);
}

function renderHeatmap(t) {
  const svg = $('heatmap');
  svg.replaceChildren();
  const cell = 26, left = 34, top = 20;
  const W = left + cell * t.cols.length + 4, H = top + cell * t.rows.length + 4;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.style.maxWidth = `${Math.max(W, 200)}px`;
  const numbers = t.cells.flat().filter((v) => typeof v === 'number');
  const max = Math.max(1, ...numbers);
  const min = Math.min(max, ...numbers);
  const label = (x, y, text, anchor) => {
    const e = svgEl('text', { x, y, 'text-anchor': anchor });
    e.textContent = text;
    svg.append(e);
  };
  t.cols.forEach((c, j) => label(left + j * cell + cell / 2, top - 6, String(c), 'middle'));
  t.rows.forEach((rk, i) => {
    label(left - 4, top + i * cell + cell / 2 + 4, String(rk), 'end');
    t.cells[i].forEach((v, j) => {
      let fill = '#ffffff';
      if (typeof v === 'number') {
        const f = max === min ? 0.5 : (v - min) / (max - min);
        fill = `hsl(215, 60%, ${Math.round(92 - 62 * f)}%)`;
      } else if (v !== null) {
        fill = '#e5e7eb';
      }
      const rect = svgEl('rect', { x: left + j * cell, y: top + i * cell,
        width: cell - 1, height: cell - 1, fill });
      const tip = svgEl('title');
      tip.textContent = `${t.row} = ${rk}, ${t.col} = ${t.cols[j]}: ${t.value} ${v === null ? '-' : v}`;
      rect.append(tip);
      svg.append(rect);
    });
  });
}

// --------------------------------------------------------------------- fit

const fitFields = () => ({ family: $('sweep-family'), a: $('sweep-a'), b: $('sweep-b') });

/** "Find the formula": the law behind the chosen column of the family in
 *  the sweep form (GET /api/fit, the object of `grundy fit --json`). */
async function runFit() {
  const fields = fitFields();
  for (const [name, input] of Object.entries(fields)) {
    clearError(name === 'family' ? 'sweep-family-error' : `sweep-${name}-error`, input);
  }
  clearError('sweep-error');
  clearError('fit-error');
  $('fit-go').disabled = true;
  $('fit-note').textContent = '';
  try {
    const r = await api('/api/fit', { ...familyParams(fields),
      for: $('fit-for').value });
    renderFit(r, fields);
  } catch (e) {
    $('fit-result').hidden = true;
    if (e.field && fields[e.field]) {
      showError(e.field === 'family' ? 'sweep-family-error' : `sweep-${e.field}-error`,
        e.message, fields[e.field]);
    } else {
      showError('fit-error', e.message);
    }
  } finally {
    $('fit-go').disabled = false;
  }
}

/** `a=1, b=3: period 8` (or `period none` for a row without a value). */
function fitRow(r, key, params) {
  const ps = params.map((p) => `${p}=${r[p]}`).join(', ');
  return `${ps}: ${key} ${r[key] === null ? 'none' : r[key]}`;
}

/** Single quotes for a shell, as the docs' examples write them. */
const shellQuote = (s) => `'${s.replace(/'/g, `'\\''`)}'`;

function renderFit(r, fields) {
  $('fit-result').hidden = false;
  const key = r.key;
  const withValue = r.rows - r.exceptions.filter((x) => x[key] === null).length;
  $('fit-note').textContent = `(${key}, from ${fmt(r.rows)} sets, ${fmt(withValue)} with a value)`;
  const pieces = $('fit-pieces');
  pieces.replaceChildren();
  const list = $('fit-exception-list');
  list.replaceChildren();
  if (r.pieces.length === 0) {
    $('fit-verdict').textContent = 'No simple law: no short list of pieces, ' +
      'each confirmed by rows to spare, gives these values. No formula is ' +
      'offered; every row is an exception.';
    $('fit-exceptions').textContent = '';
  } else {
    const single = r.pieces.length === 1 && r.pieces[0].when === 'true';
    $('fit-verdict').textContent = single ? 'One formula for every row:'
      : `A law in ${r.pieces.length} pieces (the first whose condition holds):`;
    for (const p of r.pieces) {
      const li = el('li');
      li.append(el('code', { class: 'formula' }, `${key} = ${p.formula}`));
      if (p.when !== 'true') {
        li.append(' when ');
        li.append(el('code', { class: 'when' }, p.when));
      }
      li.append(el('span', { class: 'evidence' },
        ` ${fmt(p.rows)} rows, ${fmt(p.confirming)} confirming`));
      pieces.append(li);
    }
    const n = r.exceptions.length;
    $('fit-exceptions').textContent = n === 0 ? 'Exceptions: none.'
      : `Exceptions: ${n} row${n === 1 ? '' : 's'} no piece explains:`;
    for (const x of r.exceptions) list.append(el('li', {}, fitRow(x, key, r.params)));
  }
  const args = ['grundy fit', shellQuote(fields.family.value.trim())];
  for (const name of r.params) {
    args.push('--param', shellQuote(`${name}=${fields[name].value.trim()}`));
  }
  args.push('--for', key);
  $('fit-command').textContent = args.join(' ');
}

function bootSweep() {
  $('sweep-form').addEventListener('submit', runSweep);
  $('fit-go').addEventListener('click', runFit);
}

/** Opens the family of the query string (`family`, `a`, `b`, `for`: the
 *  state the sweep tab keeps in the URL) in the sweep tab and sweeps it.
 *  False when the query names no family. */
function sweepFromQuery() {
  const q = new URLSearchParams(location.search);
  if (!q.get('family')) return false;
  $('sweep-family').value = q.get('family');
  $('sweep-a').value = q.get('a') || '';
  $('sweep-b').value = q.get('b') || '';
  if (q.get('for')) $('fit-for').value = q.get('for');
  $('sweep').scrollIntoView();
  runSweep();
  return true;
}

// ---------------------------------------------------------------- quotient

/** A colour per element of a quotient (index i of n): hues spread by
 *  the golden angle, light enough for dark text. */
const elementColour = (i) => i === 0 ? '#ffffff'
  : `hsl(${Math.round((i * 137.508) % 360)}, 70%, 82%)`;

/** "Compute": GET /api/quotient, the object of `grundy quotient GAME
 *  [--heaps N] --table --json`, and its views. */
async function showQuotient(event) {
  if (event) event.preventDefault();
  const fields = { game: $('quotient-game'), heaps: $('quotient-heaps') };
  clearError('quotient-game-error', fields.game);
  clearError('quotient-heaps-error', fields.heaps);
  clearError('quotient-error');
  $('quotient-go').disabled = true;
  try {
    const params = { game: fields.game.value, table: 'true' };
    if (fields.heaps.value.trim()) params.heaps = fields.heaps.value;
    const r = await api('/api/quotient', params);
    renderQuotient(r);
  } catch (e) {
    $('quotient-result').hidden = true;
    if (e.field && fields[e.field]) {
      showError(`quotient-${e.field}-error`, e.message, fields[e.field]);
    } else {
      showError('quotient-error', e.message);
    }
  } finally {
    $('quotient-go').disabled = false;
  }
}

function renderQuotient(r) {
  $('quotient-result').hidden = false;
  const computed = r.heap_map.length - 1;
  $('q-game').textContent = r.game;
  $('q-heaps').textContent = r.heaps === null
    ? `every heap (computed to ${fmt(computed)})` : `1 … ${fmt(r.heaps)}`;
  $('q-order').textContent = fmt(r.order);
  // Where the order changed as heaps were added.
  $('q-expansions').textContent = r.expansions.map((x) =>
    `${fmt(x.order)} from heap ${fmt(x.heap)}`).join(', ') || 'none';
  // The library's notation, as `grundy quotient` prints it.
  $('q-presentation').textContent = r.presentation;
  $('q-p-portion').textContent = r.p_portion.join(', ');
  $('q-kind').textContent = r.tame
    ? 'tame (the quotient of misère Nim, T_n)' : 'wild';
  $('q-certificate').textContent = r.certificate;
  // Colours by element, in the table's order (identity first).
  const names = r.table ? r.table[0] : [...new Set(['1', ...r.heap_map])];
  const colour = new Map(names.map((x, i) => [x, elementColour(i)]));
  const l = r.periodic ? r.periodic.preperiod : null;
  const p = r.periodic ? r.periodic.period : null;
  $('q-map-note').textContent = `heaps 0 … ${fmt(computed)}` + (r.periodic
    ? `; pre-period ${fmt(l)}, period ${fmt(p)}` : '; no period certified');
  const map = $('q-map');
  map.replaceChildren(...r.heap_map.map((x, h) => {
    const cell = el('span', { class: ['cell', band(h, l, p)].join(' ').trim(),
      title: `heap ${h}: ${x}` });
    cell.append(el('i', {}, String(h)), el('b', {}, x));
    cell.style.background = colour.get(x) || '#ffffff';
    return cell;
  }));
  renderProductTable(r, colour);
}

/** The multiplication table as a coloured grid: row x, column y holds
 *  x·y, coloured by element; cells in the P-portion are marked. */
function renderProductTable(r, colour) {
  const table = $('q-table');
  table.replaceChildren();
  if (!r.table) {
    $('q-table-note').textContent = `(order ${fmt(r.order)}: the page ` +
      'shows tables of order at most 256; ' +
      `grundy quotient ${r.game} --format csv writes it)`;
    return;
  }
  const names = r.table[0];
  const isP = new Set(r.p_portion);
  $('q-table-note').textContent = `(${names.length} × ${names.length})`;
  table.classList.toggle('compact', names.length > 24);
  const head = el('tr');
  head.append(el('th', {}, '·'));
  names.forEach((y) => head.append(el('th', { scope: 'col' }, y)));
  table.append(el('thead'));
  table.tHead.append(head);
  const body = el('tbody');
  r.table.forEach((row, i) => {
    const tr = el('tr');
    tr.append(el('th', { scope: 'row' }, names[i]));
    row.forEach((z, j) => {
      const td = el('td', { class: isP.has(z) ? 'qp' : '',
        title: `${names[i]} · ${names[j]} = ${z}${isP.has(z) ? ' (P)' : ''}` }, z);
      td.style.background = colour.get(z);
      tr.append(td);
    });
    body.append(tr);
  });
  table.append(body);
}

function bootQuotient() {
  $('quotient-form').addEventListener('submit', showQuotient);
}

// -------------------------------------------------------------------- laws

/** The catalogue's pieces of one law as the catalogue writes them:
 *  `period = 2*a + 1`, or each piece with its condition. */
function lawPieces(law) {
  const list = el('ul', { class: 'pieces' });
  for (const p of law.pieces) {
    const li = el('li');
    if (p.when !== 'true') {
      li.append(el('code', { class: 'when' }, p.when), ': ');
    }
    li.append(el('code', { class: 'formula' }, `${law.key} = ${p.formula}`));
    list.append(li);
  }
  if (!law.pieces.length) list.append(el('li', {}, law.reason || 'no law'));
  return list;
}

/** The held-out evidence: right/total and the region checked. */
function lawValidated(law) {
  const v = law.validated;
  const text = v ? `${v.correct}/${v.rows} (${v.range})` : '-';
  return law.skipped ? `${text}; ${law.skipped} skipped` : text;
}

/** A family's region as the sweep form's ranges by parameter: `a=1..60`
 *  gives { a: '1..60' }, a two-parameter family's `a=1..11, b=a+1..12`
 *  gives { a: '1..11', b: 'a+1..12' } (a bare `1..60` is a's). */
function regionRanges(region) {
  const ranges = {};
  for (const part of region.split(', ')) {
    const at = part.indexOf('=');
    if (at < 0) ranges.a = part;
    else ranges[part.slice(0, at)] = part.slice(at + 1);
  }
  return ranges;
}

/** The sweep tab's URL for a family of the catalogue: its template over
 *  its fitting region (each parameter's range), the law's key chosen for
 *  "find the formula". */
function sweepHref(row, key) {
  const ranges = regionRanges(row.fit);
  const q = new URLSearchParams({ family: row.family });
  for (const name of ['a', 'b']) {
    if (ranges[name]) q.set(name, ranges[name]);
  }
  q.set('for', key);
  return `?${q}#sweep`;
}

let lawsLoaded = false;

async function showLaws(event) {
  if (event) event.preventDefault();
  lawsLoaded = true;
  clearError('laws-error', $('laws-q'));
  const params = { verdict: $('laws-verdict').value };
  if ($('laws-key').value) params.key = $('laws-key').value;
  if ($('laws-shape').value) params.shape = $('laws-shape').value;
  if ($('laws-q').value.trim()) params.q = $('laws-q').value;
  $('laws-go').disabled = true;
  try {
    renderLaws(await api('/api/laws', params));
  } catch (e) {
    showError('laws-error', e.message, e.field === 'q' ? $('laws-q') : null);
  } finally {
    $('laws-go').disabled = false;
  }
}

/** Keeps a select's choice while its options are rebuilt. */
function fillSelect(select, options) {
  const chosen = select.value;
  select.replaceChildren(el('option', { value: '' }, 'any'),
    ...options.map(([value, label]) => el('option', { value }, label)));
  if (options.some(([v]) => v === chosen)) select.value = chosen;
}

function renderLaws(r) {
  const counts = r.keys.map((k) => `${k.key}: ${k.law} laws, ` +
    `${k.no_simple_law} with no simple law`).join('; ');
  $('laws-about').textContent = `The catalogue of docs/LAWS.md, ` +
    `${r.families} families (${counts}), made by ${r.command}. Each law ` +
    'was fitted on the rows of its family\'s fitting range and checked ' +
    'on held-out rows beyond it.';
  fillSelect($('laws-key'), r.keys.map((k) => [k.key, k.key]));
  const key = $('laws-key').value;
  fillSelect($('laws-shape'), r.shapes.filter((s) => !key || s.key === key)
    .map((s) => [s.shape, key ? `${s.shape} (${s.laws})` : s.shape])
    .filter(([v], i, all) => all.findIndex(([w]) => w === v) === i));
  $('laws-note').textContent = r.matched === r.laws.length
    ? `${fmt(r.matched)} match.`
    : `${fmt(r.matched)} match; the first ${fmt(r.laws.length)} are shown ` +
      '(narrow the filter for the others).';
  const body = $('laws-table').tBodies[0];
  body.replaceChildren(...r.laws.map((row) => {
    const law = row.laws[0];
    const tr = el('tr');
    tr.append(el('td', { class: 'family' }));
    tr.lastChild.append(el('code', {}, row.family));
    // A two-parameter family lives on a region (a < b): its fitting one.
    if (law.params.length > 1) {
      tr.lastChild.append(el('span', { class: 'evidence' }, `on ${row.fit}`));
    }
    tr.append(el('td', {}, law.key));
    const cell = el('td', { class: 'law' });
    cell.append(lawPieces(law));
    if (law.exceptions.length) {
      cell.append(el('span', { class: 'evidence' },
        `${law.exceptions.length} exception${law.exceptions.length === 1 ? '' : 's'} ` +
        `in ${row.fit}`));
    }
    if (row.command) cell.title = row.command;
    tr.append(cell);
    tr.append(el('td', {}, lawValidated(law)));
    tr.append(el('td', {}, row.source));
    const link = el('a', { href: sweepHref(row, law.key), class: 'open-sweep' },
      'open');
    link.addEventListener('click', (e) => {
      e.preventDefault();
      history.pushState(null, '', link.getAttribute('href'));
      sweepFromQuery();
    });
    const td = el('td');
    td.append(link);
    tr.append(td);
    return tr;
  }));
}

function bootLaws() {
  $('laws-form').addEventListener('submit', showLaws);
  // Another key has other shapes: the shape chosen goes with its key.
  $('laws-key').addEventListener('change', () => {
    $('laws-shape').value = '';
    showLaws();
  });
  for (const id of ['laws-shape', 'laws-verdict']) {
    $(id).addEventListener('change', () => showLaws());
  }
  // The catalogue loads when its section first comes into view.
  const seen = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting) && !lawsLoaded) {
      seen.disconnect();
      showLaws();
    }
  });
  seen.observe($('laws'));
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
  bootPlay();
  bootSweep();
  bootQuotient();
  bootLaws();
  const q = new URLSearchParams(location.search);
  if (q.get('set')) $('set').value = q.get('set');
  if (q.get('misere') === 'true') $('misere').checked = true;
  showSequence();
  sweepFromQuery();
  // Back and forward through the laws tab's links to the sweep tab.
  window.addEventListener('popstate', sweepFromQuery);
}

document.addEventListener('DOMContentLoaded', boot);
