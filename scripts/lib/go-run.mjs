// Runs one `go` command without blocking, within a time limit: what npm test's
// preparation builds side by side (the server binary, the Go test tools).
import { spawn } from 'node:child_process';

/**
 * Resolves with go's output when it exits 0; rejects with an Error whose `reason` says why
 * (no go command, a time-out, a failed exit) and whose `output` is what go printed.
 * The command runs in its own process group, so a time-out ends the compilers it started too.
 */
export function runGo(args, { cwd, env, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const child = spawn('go', args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (chunk) => { output += chunk; });
    child.stderr.on('data', (chunk) => { output += chunk; });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    let settled = false;
    const settle = (reason) => {
      if (settled) return; // a failed spawn reports both 'error' and 'close'
      settled = true;
      clearTimeout(timer);
      if (reason === null) return resolve(output);
      reject(Object.assign(new Error(reason), { reason, output }));
    };
    child.on('error', (error) => settle(error.code === 'ENOENT' ? 'no `go` command was found' : error.message));
    child.on('close', (code, signal) => {
      if (timedOut) settle(`it did not finish within ${timeoutMs / 60_000} minutes`);
      else if (code !== 0) settle(signal ? `go was stopped by ${signal}` : `go exited with status ${code}`);
      else settle(null);
    });
  });
}
