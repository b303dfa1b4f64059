import { useEffect, useState } from 'react';

/** How long the search box waits after the last key before it asks the server (a word typed is one request). */
export const SEARCH_DELAY_MS = 300;

/** `value` once it stopped changing for `delayMs`: what a search box asks the server for. */
export function useSettledValue<T>(value: T, delayMs = SEARCH_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A search box's text, and the term a list is filtered by: the text trimmed, once typing paused for `delayMs`, and only
 * from `minLength`, the length the server searches (undefined before: the whole list). The length is the caller's
 * (SEARCH_LENGTH in libs/domain): the shared chunk every screen loads imports nothing of the domain.
 */
export function useSearchTerm(minLength: number, delayMs = SEARCH_DELAY_MS): { text: string; setText: (text: string) => void; term: string | undefined } {
  const [text, setText] = useState('');
  const settled = useSettledValue(text.trim(), delayMs);
  return { text, setText, term: settled.length >= minLength ? settled : undefined };
}
