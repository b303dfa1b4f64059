// Imported first by this feature's component tests. The shared Jest transform compiles JSX with the classic
// runtime (React.createElement), and jsdom lacks TextEncoder, which react-router needs when it loads.
import React from 'react';
// The app's type check has browser types only; this file runs under Node.
// @ts-ignore
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { React, TextEncoder, TextDecoder });

/** A minimal fetch answer: what the API client reads (status, ok, text, json). */
export const answer = (status: number, body: unknown = {}) =>
  Promise.resolve({
    status,
    ok: status >= 200 && status < 300,
    text: () => Promise.resolve(JSON.stringify(body)),
    json: () => Promise.resolve(body),
  } as Response);
