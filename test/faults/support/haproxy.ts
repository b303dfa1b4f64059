// HAProxy for the fault suite: deploy/haproxy.cfg itself (the production file), on a free port in front of the given
// API processes, as its own process (Debian's `haproxy` package; .ci/run installs it).
import { execFileSync, spawn } from 'node:child_process';
import { freePort } from '../../support/http.js';
import { waitUntil } from '../../support/wait.js';

export interface PrivateHaproxy {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export function haproxyInstalled(): boolean {
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `apis`: the two API processes' host:port, in the order of the file's `api1` and `api2`. */
export async function startHaproxy(apis: [string, string]): Promise<PrivateHaproxy> {
  if (!haproxyInstalled()) throw new Error('HAProxy is missing: apt-get install haproxy (.ci/run installs it)');
  const port = await freePort();
  const env = { ...process.env, COURSA_LB_BIND: `127.0.0.1:${port}`, COURSA_API_1: apis[0], COURSA_API_2: apis[1] };
  execFileSync('haproxy', ['-c', '-q', '-f', 'deploy/haproxy.cfg'], { env, stdio: 'pipe' });
  // -db: in the foreground, logs on stdout.
  const child = spawn('haproxy', ['-db', '-f', 'deploy/haproxy.cfg'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-100_000)));
  child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-100_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntil('HAProxy', async () => {
    if (child.exitCode !== null) throw new Error(`HAProxy exited:\n${output}`);
    return (await fetch(`${url}/lb-health`)).ok;
  }, 10_000, 50);
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
