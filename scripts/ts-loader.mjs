// `node --import ./scripts/ts-loader.mjs file.ts`: registers the TypeScript hooks of ts-hooks.mjs.
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
