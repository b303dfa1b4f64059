// `BENCH_QUEUE_PROFILE=<dir> node bench/queue.mjs`: each worker process is started with this module; the bench sends it
// SIGWINCH once the worker is ready (the profile leaves the boot out; not SIGUSR2, on which Nest shuts down) and SIGTERM at the end, when the profile is written
// to PROFILE_FILE. Not `node --cpu-prof`: Coursa's worker raises SIGTERM again once drained, and a process killed by a
// signal writes no profile.
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';

const session = new inspector.Session();
session.connect();
process.on('SIGWINCH', () => {
  session.post('Profiler.enable', () => session.post('Profiler.start'));
});
process.prependListener('SIGTERM', () => {
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(process.env.PROFILE_FILE, JSON.stringify(result.profile));
  });
});
