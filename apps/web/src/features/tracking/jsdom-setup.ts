// Imported first by the tracking component tests: the shared Jest transform compiles JSX with the classic
// runtime (React.createElement).
import React from 'react';

Object.assign(globalThis, { React });

/** A minimal fetch answer: what the API client reads (status, ok, text, json). */
export const answer = (status: number, body: unknown = {}) =>
  Promise.resolve({
    status,
    ok: status >= 200 && status < 300,
    text: () => Promise.resolve(JSON.stringify(body)),
    json: () => Promise.resolve(body),
  } as Response);
