// Types for node-flags.mjs, so that TypeScript tests can import it.
export const SERVER_NODE_FLAGS: string[];
