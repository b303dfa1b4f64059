/**
 * The page coming back to the foreground (issue 37): a phone in a pocket sleeps, the browser suspends the page and
 * its timers, and nothing tells the app but `visibilitychange`. Calls `listener` each time the page becomes visible;
 * returns the unregistration.
 */
export function onPageVisible(listener: () => void, doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> = document): () => void {
  const onChange = () => {
    if (doc.visibilityState === 'visible') listener();
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => doc.removeEventListener('visibilitychange', onChange);
}
