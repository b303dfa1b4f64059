import { SEARCH_LENGTH } from '@coursa/domain';
import { useEffect, useState } from 'react';

/** How long the search box waits after the last key before it asks the server (a word typed is one request). */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box's text, and the term a list is filtered by: the text trimmed, once typing paused for `delayMs`, and only
 * from the length the server searches (undefined before: the whole list).
 */
export function useSearchTerm(delayMs = SEARCH_DELAY_MS): { text: string; setText: (text: string) => void; term: string | undefined } {
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text.trim()), delayMs);
    return () => window.clearTimeout(timer);
  }, [text, delayMs]);
  return { text, setText, term: settled.length >= SEARCH_LENGTH.min ? settled : undefined };
}
