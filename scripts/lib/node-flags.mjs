// Node's flags for Coursa's server processes (the API and the worker), wherever they are started: `npm start`
// (scripts/start.mjs), the image (the Dockerfile's NODE_OPTIONS, which a test keeps equal to these) and the benches
// (bench/lib.mjs, which gives the baselines the same, so that a ratio compares code and not flags).
//
// --max-semi-space-size=64 (MB; Node 20's default is 16): the young generation, where a request's short-lived objects
// are made. With 32 requests in flight, 16 MB filled up every few milliseconds, and a scavenge then copied — and soon
// promoted to the old generation, which only a full collection frees — the objects of every request still waiting on
// PostgreSQL. Issue 42 measured the offer and a step at 5–10 % less CPU a request with it, the baseline unchanged. It
// is a ceiling: an idle process keeps its small young generation.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
