// `npm test`: install dependencies, build what the browser journeys need, run every vitest project,
// and end with one summary line: "N passed, N failed[, N skipped]". Extra arguments go to vitest
// (e.g. `npm test -- --project server`).
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureClientBuilt } from './lib/build.mjs';
import { ensureDeps } from './lib/deps.mjs';
import { binArgs, log, run } from './lib/proc.mjs';

const args = process.argv.slice(2);

/** The values of every `--project x` / `--project=x` argument. */
function projectsAsked() {
  const names = [];
  args.forEach((a, i) => {
    if (a === '--project' && args[i + 1]) names.push(args[i + 1]);
    else if (a.startsWith('--project=')) names.push(a.slice('--project='.length));
  });
  return names;
}

function summary(passed, failed, skipped) {
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
}

// The e2e project drives the built web app, so build it first unless only other projects were asked for (the
// whole suite builds it beside the other projects, below). The server is not built: every test runs it from its
// sources (in the test worker, or through oxc's loader).
const projects = projectsAsked();
const wholeSuite = args.length === 0;
const e2eWanted = projects.length === 0 || projects.some((p) => p.includes('e2e') || p.includes('*'));
try {
  await ensureDeps();
  if (e2eWanted && !wholeSuite) await ensureClientBuilt();
} catch (err) {
  log(err.message);
  summary(0, 1, 0);
  process.exit(1);
}

/**
 * One vitest process with `vitestArgs`; resolves to its tallies. `output`: a file for its output, printed by the
 * caller afterwards (else it goes to the terminal as it comes).
 */
async function vitest(vitestArgs, output) {
  const report = path.join(os.tmpdir(), `bolbazaar-vitest-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const fd = output ? openSync(output, 'w') : undefined;
  let code;
  try {
    code = await run(
      process.execPath,
      [...binArgs('vitest'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
      fd === undefined ? {} : { stdio: ['ignore', fd, fd] },
    );
  } catch (err) {
    log(err.message);
    return { passed: 0, failed: 1, skipped: 0, code: 1 };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  let result = null;
  try {
    result = JSON.parse(readFileSync(report, 'utf8'));
  } catch {
    // no report: vitest crashed or was interrupted before writing it
  }
  rmSync(report, { force: true });
  if (!result) {
    log(`vitest exited with code ${code} and wrote no JSON report.`);
    return { passed: 0, failed: 1, skipped: 0, code: code || 1 };
  }
  const passed = result.numPassedTests ?? 0;
  // A file that fails to load or whose hooks throw counts as one failure even without failed tests.
  const brokenFiles = (result.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  let failed = (result.numFailedTests ?? 0) + brokenFiles;
  const skipped = (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
  if (code !== 0 && failed === 0) {
    log(`vitest exited with code ${code} although no test failed (see the errors above).`);
    failed = 1;
  }
  return { passed, failed, skipped, code };
}

/** Output of the processes run beside the first, printed after it. */
function printLater(title, file) {
  process.stdout.write(`\n── ${title} ──\n${readFileSync(file, 'utf8')}`);
  rmSync(file, { force: true });
}

// The whole suite (no arguments, as CI runs it): three vitest processes (README.md#tests): the server project from
// the start, beside the web app's build; then, once it is built, the client project (jsdom, needs no database), which
// used to wait for every server file as a group of its own, and the browser journeys, which run one file at a time
// against one app. Neither of those two competes with the build (and CI's checks) for the cores at the start. The
// output of the last two is printed when all are done; the last line sums all three.
let runs;
if (wholeSuite) {
  const stamp = `${process.pid}-${Date.now()}`;
  const clientLog = path.join(os.tmpdir(), `bolbazaar-client-${stamp}.log`);
  const e2eLog = path.join(os.tmpdir(), `bolbazaar-e2e-${stamp}.log`);
  const built = ensureClientBuilt().then(
    () => true,
    (err) => {
      log(`${err.message}: the browser journeys cannot run.`);
      return false;
    },
  );
  runs = await Promise.all([
    vitest(['--project', 'server']),
    built.then(() => vitest(['--project', 'client'], clientLog)),
    built.then((ok) => (ok ? vitest(['--project', 'e2e'], e2eLog) : { passed: 0, failed: 1, skipped: 0, code: 1 })),
  ]);
  printLater('screens and hooks (project client, run beside the server project)', clientLog);
  try {
    printLater('browser journeys (project e2e, run beside the others)', e2eLog);
  } catch {
    // the web app did not build: no journey ran
  }
} else {
  runs = [await vitest(args)];
}

const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
const [passed, failed, skipped] = [sum('passed'), sum('failed'), sum('skipped')];
if (passed + failed === 0) log('No tests ran.');
summary(passed, failed, skipped);
// Not process.exit(): stdout may be a pipe still holding the output printed above (CI tees it), and exiting at once
// cut it off, the summary line with it. Nothing else is left running, so the process ends once it is written.
process.exitCode = runs.some((r) => r.code !== 0) || failed > 0 || passed + failed === 0 ? 1 : 0;
