// End-to-end: the real `grundy serve` in headless Chromium. Type a set,
// check the period shown against the CLI, trigger input errors (which
// must read exactly as the CLI's), analyse heaps and sums, and check the
// page fits a phone screen.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, startServer, launch, watchedPage } = require('../harness');

let server;
let context;

test.before(async () => {
  server = await startServer();
  context = await launch();
});

test.after(async () => {
  if (context) await context.close();
  if (server) await server.stop();
});

async function open(query = '') {
  const page = await watchedPage(context);
  await page.goto(server.url + query);
  await page.waitForSelector('#r-period:not(:empty)');
  return page;
}

async function showSet(page, set, misere = false) {
  await page.fill('#set', set);
  await page.setChecked('#misere', misere);
  const done = page.waitForResponse((r) => r.url().includes('/api/values'));
  await page.click('#set-go');
  await done;
  await page.waitForFunction(() => !document.getElementById('set-go').disabled);
}

const text = (page, sel) => page.textContent(sel).then((t) => t.trim());

test('typing a set shows the period the CLI finds', async () => {
  const page = await open();
  for (const set of ['2,3,7', '3,5,9', '1..3,7', '2,5,6,11']) {
    await showSet(page, set);
    const want = JSON.parse(cli(['period', set, '--json']).stdout);
    assert.equal(await text(page, '#r-set'), want.set);
    assert.equal(await text(page, '#r-period'), want.period.toLocaleString('en-US'), set);
    assert.equal(await text(page, '#r-preperiod'), want.preperiod.toLocaleString('en-US'), set);
    assert.equal(await text(page, '#r-outcome-period'), String(want.outcome.period), set);
    // The table and strip list the same values as `grundy values`.
    const rows = await page.$$eval('#values tbody tr', (trs) =>
      trs.map((tr) => [...tr.cells].slice(0, 3).map((c) => c.textContent)));
    const to = rows.length - 1;
    assert.ok(to >= want.preperiod + want.period - 1 || to >= 599);
    const values = JSON.parse(cli(['values', set, '--to', String(to), '--json']).stdout);
    assert.deepEqual(rows.map((r) => Number(r[1])), values.values);
    assert.equal(rows.map((r) => r[2]).join(''), values.outcomes);
    const strip = await page.$$eval('#strip span', (s) => s.map((x) => x.textContent).join(''));
    assert.equal(strip, values.outcomes);
    // Pre-period and first period highlighted.
    const pre = await page.$$eval('#values tbody tr.pre', (r) => r.length);
    const per = await page.$$eval('#values tbody tr.per', (r) => r.length);
    assert.equal(pre, want.preperiod);
    assert.equal(per, Math.min(want.period, to + 1 - want.preperiod));
    assert.ok(await page.$$eval('#plot polyline', (p) => p.length) === 1);
  }
  assert.deepEqual(page.problems, []);
});

test('misère shows the misère outcome period', async () => {
  const page = await open();
  await showSet(page, '1,2,3', true);
  const want = JSON.parse(cli(['period', '1,2,3', '--json', '--misere']).stdout);
  assert.equal(await text(page, '#r-outcome-label'), 'misère outcome (P/N)');
  assert.equal(await text(page, '#r-outcome-period'), String(want.period));
  const strip = await page.$$eval('#strip span', (s) => s.map((x) => x.textContent).join(''));
  assert.ok(strip.startsWith('NPNNNP'), strip);
  assert.ok(await page.isVisible('#values .misere-col'));
});

test('each kind of certificate in the command\'s words', async () => {
  // The page shows the library's sentence (the API's certificate_text),
  // the one `grundy period` prints after "certificate:" (issue 35 §1):
  // a finite set's window, an all-but set's FES pattern repeat and its
  // misère P-positions (octal codes: in the Guy-Smith test below).
  const page = await open();
  for (const [set, misere] of [['2,3,7', false], ['3,5,9', true], ['all-but:2,3,6,8', true]]) {
    await showSet(page, set, misere);
    const normal = JSON.parse(cli(['period', set, '--json']).stdout);
    let want = normal.certificate_text;
    if (misere) {
      const mis = JSON.parse(cli(['period', set, '--json', '--misere']).stdout);
      want += `; misère: ${mis.certificate_text}`;
    }
    assert.equal(await text(page, '#r-certificate'), want, set);
  }
  const allBut = await text(page, '#r-certificate');
  assert.ok(allBut.startsWith('for all-but:2,3,6,8, the FES boundary pattern before step 14 '), allBut);
  assert.ok(!allBut.includes('whole window'), allBut);
  assert.ok(allBut.endsWith('; misère: two P-positions differ by an element of X, so every P-position lies in [1, 9] and every heap from 10 on is N'), allBut);
  assert.deepEqual(page.problems, []);
});

test('input errors show next to the field in the CLI words', async () => {
  const page = await open();
  for (const set of ['1,x', '0,3', '5-2', '', '1.07', '0.7x']) {
    await page.fill('#set', set);
    await page.click('#set-go');
    await page.waitForSelector('#set-error:not([hidden])');
    const words = cli(['period', set]).stderr.trim().replace(/^grundy: /, '');
    assert.equal(await text(page, '#set-error'), `${words}`, set);
    assert.equal(await page.getAttribute('#set', 'aria-invalid'), 'true');
    assert.ok(await page.isHidden('#result'));
  }
  // Fixing the set clears the error.
  await showSet(page, '1,2');
  assert.ok(await page.isHidden('#set-error'));
  assert.equal(await page.getAttribute('#set', 'aria-invalid'), null);
});

test('any heap size, huge too', async () => {
  const page = await open();
  await showSet(page, '2,3,7');
  const n = '1' + '0'.repeat(120);
  await page.fill('#heap-n', n);
  await page.click('#heap-go');
  await page.waitForSelector('#heap-result:not([hidden])');
  const want = JSON.parse(cli(['heap', '2,3,7', n, '--json']).stdout);
  assert.equal(await text(page, '#h-grundy'), String(want.grundy));
  assert.ok((await text(page, '#h-normal')).startsWith(want.outcome));
  await page.fill('#heap-n', '-4');
  await page.click('#heap-go');
  await page.waitForSelector('#heap-error:not([hidden])');
  const words = cli(['heap', '2,3,7', '-4']).stderr.trim().replace(/^grundy: /, '');
  assert.equal(await text(page, '#heap-error'), words);
});

// Issue 34, item 5: a huge heap of 0.44 lists its splits below the
// pre-period ("take 2 -> 22 + 177903471" was missing) and gives the others
// as families, in the command's words; the sum says the same, and a move is
// written as `grundy heap` writes it (issue 37, section 4).
test('huge heaps of a game that splits heaps: families of winning splits', async () => {
  const page = await open();
  await showSet(page, '0.44');
  await page.fill('#heap-n', '177903495');
  await page.click('#heap-go');
  await page.waitForSelector('#heap-result:not([hidden])');
  const want = JSON.parse(cli(['heap', '0.44', '177903495', '--json']).stdout);
  const normal = await text(page, '#h-normal');
  assert.ok(normal.includes('take 2 -> 22 + 177903471, '), normal);
  const lines = await page.$$eval('#h-families li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(lines, [want.moves_note, ...want.winning_families.map((f) => f.text)]);
  // The misère answer is out of reach: said, not shown as an outcome.
  assert.equal(await text(page, '#h-misere'), `not known: ${want.misere_note}`);
  await page.fill('.sum-row:nth-child(1) input.set', '0.44');
  await page.fill('.sum-row:nth-child(1) input.size', '177903495');
  for (let i = 0; i < 2; i++) await page.click('.sum-row:nth-child(2) button');
  await page.click('#sum-go');
  await page.waitForSelector('#sum-result:not([hidden])');
  const sum = JSON.parse(cli(['sum', '0.44:177903495', '--json']).stdout);
  const items = await page.$$eval('#sum-moves li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(items, [...sum.winning_moves.map((m) => m.text), sum.moves_note,
    ...sum.winning_families.map((f) => f.text)]);
  assert.ok(items.includes('heap 1: take 2 -> 22 + 177903471'));
});

// Issue 36, section 2: a huge Kayles heap under misère play, answered by
// the misère quotient's periodic heap map: the splits below its pre-period
// listed, the others as families, in the command's words.
test('huge heaps under misère play: families from the misère quotient', async () => {
  const page = await open();
  await showSet(page, '0.77');
  await page.fill('#heap-n', '100000000');
  await page.click('#heap-go');
  await page.waitForSelector('#heap-result:not([hidden])');
  const want = JSON.parse(cli(['heap', '0.77', '100000000', '--json']).stdout);
  assert.ok(want.misere_winning_families.length > 0, JSON.stringify(want));
  const misere = await text(page, '#h-misere');
  assert.ok(misere.startsWith(`${want.misere_outcome} (`), misere);
  const lines = await page.$$eval('#h-misere-families li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(lines,
    [want.misere_moves_note, ...want.misere_winning_families.map((f) => f.text)]);
  assert.deepEqual(page.problems, []);
});

test('sum calculator: nim-sum, winning moves, and an error on its row', async () => {
  const page = await open();
  await page.click('#sum-go');
  await page.waitForSelector('#sum-result:not([hidden])');
  assert.match(await text(page, '#sum-values'), /nim-sum 6$/);
  assert.deepEqual(await page.$$eval('#sum-moves li', (l) => l.map((x) => x.textContent)),
    ['heap 3: take 2']);
  const second = page.locator('.sum-row').nth(1);
  await second.locator('input.set').fill('2,x');
  await page.click('#sum-go');
  await second.locator('.error').waitFor({ state: 'visible' });
  const words = cli(['sum', '2,x:7']).stderr.trim().replace(/^grundy: /, '');
  assert.equal((await second.locator('.error').textContent()).trim(), words);
  assert.equal(await second.locator('input.set').getAttribute('aria-invalid'), 'true');
});

test('fits a phone screen', async () => {
  const page = await open();
  const [scroll, width] = await page.evaluate(() =>
    [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page is ${scroll} px wide on a ${width} px screen`);
});

async function playToEnd(page, choose) {
  for (let turn = 0; turn < 200; turn++) {
    const status = await text(page, '#game-status');
    if (status.startsWith('winner: ')) return status;
    await page.waitForSelector('#board button.move:not([disabled])');
    const take = await choose(page);
    const before = await page.$$eval('#game-log li', (l) => l.length);
    await page.click(`#board button.move[data-heap="1"][data-take="${take}"]`);
    await page.waitForFunction((n) =>
      document.querySelectorAll('#game-log li').length > n ||
      document.getElementById('game-status').textContent.startsWith('winner'), before);
    await page.waitForFunction(() =>
      document.getElementById('game-status').textContent.startsWith('winner') ||
      document.querySelector('#board button.move:not([disabled])'));
  }
  throw new Error('the game did not end');
}

async function newGame(page, heaps, { misere = false, first = 'me' } = {}) {
  await page.fill('#play-heaps', heaps);
  await page.setChecked('#play-misere', misere);
  await page.selectOption('#play-first', first);
  await page.click('#play-go');
  await page.waitForFunction(() => {
    const s = document.getElementById('game-status').textContent;
    return s === 'your move' || s.startsWith('winner') ||
      !document.getElementById('play-error').hidden;
  });
}

const byHint = async (page) => {
  await page.click('#hint');
  const hint = await text(page, '#hint-text');
  const m = hint.match(/heap 1: take (\d+)/);
  assert.ok(m, `no winning move in the hint: ${hint}`);
  return m[1];
};

const firstButton = (page) =>
  page.getAttribute('#board button.move[data-heap="1"]', 'data-take');

// A move the hint does not list as winning (the first button when every
// move wins): playing it always hands the computer a won game, whatever
// its random choice among equally long stalling moves.
const notWinning = async (page) => {
  await page.click('#hint');
  const hint = await text(page, '#hint-text');
  const winning = [...hint.matchAll(/heap 1: take (\d+)/g)].map((m) => m[1]);
  const takes = await page.$$eval('#board button.move[data-heap="1"]',
    (b) => b.map((x) => x.dataset.take));
  return takes.find((t) => !winning.includes(t)) ?? takes[0];
};

test('play the 31 game to the end with hints, and lose without', async () => {
  const page = await open();
  // 31 = 3 mod 4: the first player wins by leaving multiples of 4.
  await newGame(page, '1,2,3:31');
  assert.equal(await playToEnd(page, byHint), 'winner: you');
  // The computer starts and wins, however the person plays.
  await newGame(page, '1,2,3:31', { first: 'computer' });
  const log = await page.$$eval('#game-log li', (l) => l.map((x) => x.textContent));
  assert.deepEqual(log, ['computer: heap 1, take 3 (leaves 28)']);
  await page.click('#hint');
  assert.match(await text(page, '#hint-text'), /^Every move loses/);
  assert.equal(await playToEnd(page, firstButton), 'winner: computer');
  assert.deepEqual(page.problems, []);
});

test('undo restores the position before your move', async () => {
  const page = await open();
  await newGame(page, '1,2,3:10');
  assert.match(await text(page, '#board .heap'), /· 10 stones/);
  await page.click('#board button.move[data-take="1"]');
  await page.waitForFunction(() =>
    document.querySelectorAll('#game-log li').length === 2);
  await page.waitForSelector('#undo:not([disabled])');
  await page.click('#undo');
  await page.waitForFunction(() =>
    /· 10 stones/.test(document.querySelector('#board .heap').textContent));
  // Undo again has nothing left to undo.
  assert.ok(await page.isDisabled('#undo'));
});

test('misère play: the computer never takes the last stone', async () => {
  const page = await open();
  await newGame(page, '1,2,3:9', { misere: true, first: 'computer' });
  // 9 = 1 mod 4 is lost for the mover in misère 31-game play, but a
  // person who never plays a winning move loses anyway.
  assert.equal(await playToEnd(page, notWinning), 'winner: computer');
  const log = await page.$$eval('#game-log li', (l) => l.map((x) => x.textContent));
  assert.match(log[log.length - 1], /^you: .*\(leaves 0\)$/);
  await newGame(page, '1,2,3:x');
  await page.waitForSelector('#play-error:not([hidden])');
  const words = cli(['sum', '1,2,3:x']).stderr.trim().replace(/^grundy: /, '');
  assert.equal(await text(page, '#play-error'), `heap 1: ${words}`);
});

test('octal codes: the Guy-Smith certificate, Grundy\'s game, play with splits', async () => {
  const page = await open();
  // Dawson's Kayles, 0.07: pre-period 53, period 34 (Winning Ways, ch. 4).
  await showSet(page, '0.07');
  const want = JSON.parse(cli(['period', '0.07', '--json']).stdout);
  assert.equal(await text(page, '#r-preperiod'), '53');
  assert.equal(await text(page, '#r-period'), '34');
  // The library's sentence, as the command prints it (issue 35 §1).
  const certificate = await text(page, '#r-certificate');
  assert.equal(certificate, want.certificate_text);
  assert.ok(certificate.includes(`[53, ${want.guy_smith.checked_to})`), certificate);
  assert.match(certificate, /Guy-Smith periodicity theorem it holds for all n >= 53$/);
  const valuesOf = async (set) => {
    const rows = await page.$$eval('#values tbody tr', (trs) =>
      trs.map((tr) => Number(tr.cells[1].textContent)));
    const to = String(rows.length - 1);
    assert.deepEqual(rows, JSON.parse(cli(['values', set, '--to', to, '--json']).stdout).values);
  };
  await valuesOf('0.07');
  // Grundy's game has no periodicity theorem: said, and its values shown.
  await showSet(page, 'grundy');
  const words = cli(['period', 'grundy']).stderr.trim().replace(/^grundy: /, '');
  assert.equal(await text(page, '#period-error'), words);
  assert.ok(await page.isHidden('#summary'));
  await valuesOf('grundy');
  // Play Dawson's Kayles from 12 by the hints: the person wins, and
  // splits become heaps of their own.
  await newGame(page, '0.07:12');
  for (let turn = 0; turn < 50; turn++) {
    if ((await text(page, '#game-status')).startsWith('winner: ')) break;
    await page.waitForSelector('#board button.move:not([disabled])');
    await page.click('#hint');
    const hint = await text(page, '#hint-text');
    const m = hint.match(/heap (\d+): (take \d+(?: → [\d +]+)?)/);
    assert.ok(m, `no winning move in the hint: ${hint}`);
    const before = await page.$$eval('#game-log li', (l) => l.length);
    await page.evaluate(([heap, label]) => {
      const buttons = document.querySelectorAll(`#board button.move[data-heap="${heap}"]`);
      [...buttons].find((b) => b.textContent === label.trim()).click();
    }, [m[1], m[2]]);
    await page.waitForFunction((n) =>
      document.querySelectorAll('#game-log li').length > n + 1 ||
      document.getElementById('game-status').textContent.startsWith('winner'), before);
  }
  assert.equal(await text(page, '#game-status'), 'winner: you');
  const log = await page.$$eval('#game-log li', (l) => l.map((x) => x.textContent));
  assert.ok(log.some((line) => / \+ /.test(line)), log.join('\n'));
  assert.ok((await page.$$eval('#board .heap', (h) => h.length)) > 1);
  // 4.7 from 34 stones (34 moves, so a typed move): "0 20+14" splits
  // without taking, the heaps left in any order.
  await newGame(page, '4.7:34');
  await page.waitForSelector('#board input.short');
  await page.fill('#board input.short', '0 20+14');
  const logged = await page.$$eval('#game-log li', (l) => l.length);
  await page.click('#board input.short + button');
  await page.waitForFunction((n) =>
    document.querySelectorAll('#game-log li').length > n, logged);
  const first = await page.$$eval('#game-log li', (l) => l.map((x) => x.textContent));
  assert.equal(first[logged], 'you: heap 1, take 0 (leaves 14 + 20)');
  // The browser logs the 422 of Grundy's game's period request; nothing
  // else may go wrong.
  assert.deepEqual(page.problems.filter((p) => !/status of 422/.test(p)), []);
});

test('sweep form: period table and heat map, errors by field', async () => {
  const page = await open();
  await page.click('#sweep-go');
  await page.waitForSelector('#sweep-result:not([hidden])');
  const head = await page.$$eval('#sweep-table thead th', (t) => t.map((x) => x.textContent));
  assert.equal(head[0], 'a \\ b');
  const rows = await page.$$eval('#sweep-table tbody tr', (r) => r.length);
  assert.equal(rows, 6);
  // Cell (a = 1, b = 2) against `grundy period`.
  const cell = await page.$eval('#sweep-table tbody tr:first-child td', (td) => td.textContent);
  const want = JSON.parse(cli(['period', 'all-but:1,2,3,4', '--json']).stdout);
  assert.equal(cell, String(want.period));
  assert.ok(await page.$$eval('#heatmap rect', (r) => r.length) >= 6 * 8);
  await page.fill('#sweep-b', 'a+1..z');
  await page.click('#sweep-go');
  await page.waitForSelector('#sweep-b-error:not([hidden])');
  assert.match(await text(page, '#sweep-b-error'), /"z"/);
  assert.equal(await page.getAttribute('#sweep-b', 'aria-invalid'), 'true');
});
