// Shared by the end-to-end tests: start the real `grundy serve` on a free
// port, and launch Debian's Chromium headless through playwright-core.
'use strict';

const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { chromium } = require('playwright-core');

const ROOT = path.resolve(__dirname, '..');

/** The grundy binary: $GRUNDY_BIN, else target/debug/grundy. */
function grundyBin() {
  const bin = process.env.GRUNDY_BIN ||
    path.join(ROOT, 'target', 'debug', 'grundy');
  if (!fs.existsSync(bin)) {
    throw new Error(`no grundy binary at ${bin}; run \`cargo build -p grundy-cli\` first or set GRUNDY_BIN`);
  }
  return bin;
}

/** Runs the CLI and returns { code, stdout, stderr } (for comparing the
 *  page's words with the command line's). */
function cli(args) {
  const r = spawnSync(grundyBin(), args, { encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `grundy serve --port 0`; resolves to { url, stop }. */
function startServer(extra = []) {
  const child = spawn(grundyBin(), ['serve', '--port', '0', ...extra], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`grundy serve printed no URL in 10 s: ${out} ${err}`));
    }, 10000);
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[^\s]+/);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[0],
          stop: () => new Promise((done) => {
            child.once('exit', done);
            child.kill('SIGINT');
          }),
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`grundy serve exited with ${code}: ${err}`));
    });
  });
}

/** Launches headless Chromium with a fresh profile; resolves to a
 *  BrowserContext (close it to end the browser). */
async function launch(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'grundy-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update',
      '--disable-sync',
    ],
    viewport: options.viewport || { width: 390, height: 844 },
    deviceScaleFactor: options.deviceScaleFactor || 1,
  });
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return context;
}

/** A new page of `context` whose script errors and console errors are
 *  gathered in `page.problems` (tests assert it stays empty). */
async function watchedPage(context) {
  const page = await context.newPage();
  page.problems = [];
  page.on('pageerror', (e) => page.problems.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') page.problems.push(m.text());
  });
  return page;
}

module.exports = { ROOT, cli, grundyBin, startServer, launch, watchedPage };
