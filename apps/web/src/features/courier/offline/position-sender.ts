import type { CourierPositionInput, PositionAck, PositionsAck } from '@coursa/contracts';
import type { MeasuredPosition } from '../hooks/position-filter';
import type { PositionBuffer } from './position-buffer';

/** The way to the server (the socket). A null answer: the send was not carried (offline, or no answer in time). */
export interface PositionLink {
  /** Whether a send may reach the server now: the socket connected and the browser not offline. */
  isUp(): boolean;
  sendOne(position: CourierPositionInput): Promise<PositionAck | null>;
  sendBatch(positions: CourierPositionInput[]): Promise<PositionsAck | null>;
}

export interface PositionSender {
  /** Sends a position live, or keeps it for the next batch when the server cannot be reached or others wait. */
  send(position: MeasuredPosition): Promise<PositionAck | undefined>;
  /** Sends what waits as one batch (and, a batch interval later, what came meanwhile); call when the link is back. */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * Positions through a network drop (issue 22): while the link is down, or a position went unanswered, positions are
 * kept in the buffer; once it is up they go as one `courier:positions` batch, in time order, and live sending resumes
 * when none waits. A batch the server took, or refused for good (a time in its future: the phone's clock is wrong, no
 * retry would change that), is forgotten; one not carried or refused as too soon (one batch a second) is tried again
 * after `retryMs`, while the link is up.
 */
export function createPositionSender(link: PositionLink, buffer: Pick<PositionBuffer, 'size' | 'add' | 'batch' | 'remove'>, retryMs: number): PositionSender {
  let flushing: Promise<void> | null = null;
  let stopped = false;
  const canSend = () => !stopped && link.isUp() && buffer.size > 0;

  async function drain() {
    for (let first = true; canSend(); first = false) {
      if (!first) await new Promise((resolve) => setTimeout(resolve, retryMs));
      if (!canSend()) return;
      const batch = buffer.batch();
      const answer = await link.sendBatch(batch);
      if (answer && (answer.ok || answer.code !== 'RATE_LIMITED')) buffer.remove(batch);
    }
  }

  function flush(): Promise<void> {
    flushing ??= drain().finally(() => {
      flushing = null;
      // A position kept just as the run ended.
      if (canSend()) void flush();
    });
    return flushing;
  }

  return {
    async send(position) {
      if (buffer.size > 0 || !link.isUp()) {
        buffer.add(position);
        void flush();
        return undefined;
      }
      const answer = await link.sendOne(position);
      if (answer) return answer;
      buffer.add(position);
      void flush();
      return undefined;
    },
    flush,
    stop() {
      stopped = true;
    },
  };
}
