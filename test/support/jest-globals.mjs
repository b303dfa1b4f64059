// Node globals that jsdom, the web components' test environment, does not provide.
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

globalThis.TextEncoder ??= TextEncoder;
globalThis.TextDecoder ??= TextDecoder;
// IndexedDB (fake-indexeddb, for the courier's outbox) copies values with it.
globalThis.structuredClone ??= (value) => deserialize(serialize(value));
