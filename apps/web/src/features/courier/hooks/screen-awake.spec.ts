import { describe, expect, it } from '@jest/globals';
import { createScreenKeeper } from './screen-awake';

/** A page whose visibility the test sets, and a Wake Lock that records its requests and releases. */
function phone({ refuse = false } = {}) {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
  };
  const log: string[] = [];
  const sentinels: { fireRelease(): void }[] = [];
  const wakeLock = {
    async request(type: 'screen') {
      log.push(`request ${type}`);
      if (refuse) throw new DOMException('battery saver', 'NotAllowedError');
      let onRelease = () => undefined as void;
      const sentinel = {
        release: async () => void log.push('release'),
        addEventListener: (_type: string, listener: () => void) => void (onRelease = listener),
        fireRelease: () => onRelease(),
      };
      sentinels.push(sentinel);
      return sentinel as never;
    },
  };
  const held: boolean[] = [];
  const keeper = createScreenKeeper({ wakeLock, doc: doc as never, onHeld: (value) => held.push(value) });
  const setVisible = (visible: boolean) => {
    doc.visibilityState = visible ? 'visible' : 'hidden';
    listeners.forEach((listener) => listener());
  };
  return { keeper, log, held, sentinels, setVisible, listeners };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createScreenKeeper', () => {
  it('holds the lock while wanted and releases it when no longer wanted', async () => {
    const t = phone();
    t.keeper.want(true);
    await settle();
    expect(t.log).toEqual(['request screen']);
    expect(t.held).toEqual([true]);
    t.keeper.want(true);
    await settle();
    expect(t.log).toEqual(['request screen']);
    t.keeper.want(false);
    await settle();
    expect(t.log).toEqual(['request screen', 'release']);
    expect(t.held).toEqual([true, false]);
  });

  it('takes the lock again when the page comes back after the browser released it', async () => {
    const t = phone();
    t.keeper.want(true);
    await settle();
    t.setVisible(false);
    t.sentinels[0]!.fireRelease();
    expect(t.held).toEqual([true, false]);
    t.setVisible(true);
    await settle();
    expect(t.log).toEqual(['request screen', 'request screen']);
    expect(t.held).toEqual([true, false, true]);
  });

  it('asks nothing while the page is hidden or the lock is not wanted', async () => {
    const t = phone();
    t.setVisible(false);
    t.keeper.want(true);
    t.setVisible(true);
    await settle();
    t.keeper.want(false);
    t.setVisible(false);
    t.setVisible(true);
    await settle();
    expect(t.log).toEqual(['request screen', 'release']);
  });

  it('stays off when the browser refuses, and has no lock at all without the API', async () => {
    const refused = phone({ refuse: true });
    refused.keeper.want(true);
    await settle();
    expect(refused.held).toEqual([false]);
    const held: boolean[] = [];
    const none = createScreenKeeper({ wakeLock: undefined, doc: { visibilityState: 'visible', addEventListener: () => undefined, removeEventListener: () => undefined } as never, onHeld: (value) => held.push(value) });
    none.want(true);
    await settle();
    expect(held).toEqual([]);
  });

  it('stops listening and releases when stopped', async () => {
    const t = phone();
    t.keeper.want(true);
    await settle();
    t.keeper.stop();
    expect(t.listeners.size).toBe(0);
    expect(t.log).toEqual(['request screen', 'release']);
  });
});
