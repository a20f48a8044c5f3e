import type { NodeProcess } from '../../scripts/lib/processes';

/**
 * Resolves with the first match of `pattern` in what the process has printed, as soon as it
 * prints it (checked on every chunk of output, no polling); rejects if the process ends
 * (its output closed) without printing it. The test's own timeout bounds the wait.
 */
export function waitForOutput(proc: NodeProcess, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    const streams = [proc.child.stdout!, proc.child.stderr!];
    const done = () => {
      for (const stream of streams) stream.off('data', check);
      proc.child.off('close', exited);
    };
    // NodeProcess appends each chunk to output() in a listener added before this one.
    function check() {
      const match = pattern.exec(proc.output());
      if (!match) return;
      done();
      resolve(match);
    }
    function exited() {
      done();
      reject(new Error(`the process ended without printing ${pattern}:\n${proc.output().slice(-4000)}`));
    }
    for (const stream of streams) stream.on('data', check);
    proc.child.once('close', exited);
    check();
  });
}
