// `npm test`: the typecheck, the lint and every test tier, at once. The typecheck and the lint
// are a core's work for a minute or more each, and most test files wait on servers, processes
// and databases more than they compute: run one after the other, the checks were that minute
// or more added to CI's time (issue 26: CI under 15 minutes). So all three start together; the
// checks run at a lower priority (nice), taking the cores only when the tests leave them idle,
// so they never slow a timed test. The tests' output streams as it comes; each check says when
// it ends, and a failed check's output is printed in full at the end. Arguments are passed to
// vitest (`npm test -- tests/unit/web`).
import { spawn } from 'node:child_process';

type Outcome = { name: string; code: number; seconds: number; output: string };

const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 1000);

/**
 * A check, the package's script of that name (`npm run typecheck`: TypeScript 7's compiler,
 * decision 0089), run quietly at low priority; its output kept for the end.
 */
function check(name: 'typecheck' | 'lint'): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('nice', ['-n', '10', 'npm', 'run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ name, code: 1, seconds: seconds(), output: String(error) }));
    child.on('close', (code) => {
      const outcome = { name, code: code ?? 1, seconds: seconds(), output };
      console.log(`\n[npm test] ${name}: ${outcome.code === 0 ? 'passed' : 'FAILED'} in ${outcome.seconds} s\n`);
      resolve(outcome);
    });
  });
}

function tests(args: string[]): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('vitest', ['run', '--config', 'tests/vitest.config.ts', ...args], { stdio: 'inherit' });
    child.on('error', (error) => resolve({ name: 'tests', code: 1, seconds: seconds(), output: String(error) }));
    child.on('close', (code) => resolve({ name: 'tests', code: code ?? 1, seconds: seconds(), output: '' }));
  });
}

const outcomes = await Promise.all([
  check('typecheck'),
  check('lint'),
  tests(process.argv.slice(2)),
]);

const failed = outcomes.filter((outcome) => outcome.code !== 0);
for (const outcome of failed) if (outcome.output) console.log(`\n[npm test] ${outcome.name} failed:\n${outcome.output}`);
console.log(`\n[npm test] ${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'passed' : 'FAILED'} (${o.seconds} s)`).join(', ')}; ${seconds()} s in all`);
process.exitCode = failed.length ? 1 : 0;
