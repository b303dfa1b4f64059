import type { WebhookAttemptDto, WebhookDeliveryDto } from '@coursa/contracts';
import { useId, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { errorMessage, type ListPage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { developersApi, developersQueries } from '../api/developers-api';
import { DELIVERY_STATUS, eventLabel } from '../webhook-labels';
import { ReplayPeriodDialog } from './ReplayPeriodDialog';

export const DELIVERY_LOG_MESSAGES = {
  loadFailed: 'Impossible de charger le journal des envois pour le moment.',
  none: 'Aucun envoi pour le moment. « Envoyer un test » en fait un tout de suite.',
  replayFailed: 'Impossible de renvoyer cet événement pour le moment.',
  replayed: (type: string) => `Événement « ${type} » renvoyé.`,
  noAnswer: 'Pas de réponse',
} as const;

/** While an event waits for its next try, the log is read again this often, so its result shows without a reload. */
export const DELIVERY_LOG_REFRESH_MS = 2_000;

const hasPending = (pages: ListPage<WebhookDeliveryDto[]>[] = []) => pages.some((page) => page.answer.some((delivery) => delivery.status === 'pending'));

/**
 * « Journal des envois » of one endpoint, newest first: each event with its state and every try (the receiver's HTTP
 * status, the time it took, the first bytes of its answer or the error), « Renvoyer » per event, and « Renvoyer une
 * période ». Followed while an event is still waiting.
 */
export function DeliveryLog({ endpointId, endpointUrl }: { endpointId: string; endpointUrl: string }) {
  const titleId = useId();
  const log = usePagedList(
    { ...developersQueries.deliveries(endpointId), refetchInterval: (query) => (hasPending(query.state.data?.pages) ? DELIVERY_LOG_REFRESH_MS : false) },
    (page) => page,
  );
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [replayingPeriod, setReplayingPeriod] = useState(false);
  const replay = useChange((delivery: WebhookDeliveryDto) => developersApi.replayDelivery(delivery.id), () => [developersQueries.deliveriesOf(endpointId)], {
    evenWhenRefused: true,
  });

  function replayOne(delivery: WebhookDeliveryDto) {
    setNotice(null);
    replay.mutate(delivery, {
      onSuccess: () => setNotice({ tone: 'success', text: DELIVERY_LOG_MESSAGES.replayed(delivery.event_type) }),
      onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught, DELIVERY_LOG_MESSAGES.replayFailed) }),
    });
  }

  return (
    <section className="stack delivery-log" aria-labelledby={titleId}>
      <div className="card__header">
        <h5 id={titleId} className="delivery-log__title">
          Journal des envois
        </h5>
        <div className="button-row">
          <Button variant="secondary" onClick={log.reload}>
            Actualiser
          </Button>
          <Button variant="secondary" onClick={() => setReplayingPeriod(true)}>
            Renvoyer une période
          </Button>
        </div>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {log.isPending && <Loader />}
      {log.isError && <Alert tone="error">{DELIVERY_LOG_MESSAGES.loadFailed}</Alert>}
      {log.items?.length === 0 && <p className="muted">{DELIVERY_LOG_MESSAGES.none}</p>}
      {log.items && log.items.length > 0 && (
        <ul className="developer-list">
          {log.items.map((delivery) => {
            const status = DELIVERY_STATUS[delivery.status];
            const name = `${eventLabel(delivery.event_type)}, ${formatDateTime(delivery.created_at)}`;
            return (
              <li key={delivery.id} className="developer-list__item delivery-log__item" aria-label={name}>
                <div className="card__header">
                  <span>
                    <strong>{eventLabel(delivery.event_type)}</strong> <code>{delivery.event_type}</code>
                    <br />
                    <span className="muted">{formatDateTime(delivery.created_at)}</span>
                  </span>
                  <span className={`status-badge status-badge--${status.tone}`}>{status.label}</span>
                </div>
                {delivery.status === 'pending' && delivery.next_attempt_at && <p className="muted">Prochain essai le {formatDateTime(delivery.next_attempt_at)}</p>}
                {delivery.attempts.length > 0 && (
                  <ol className="delivery-log__attempts" aria-label={`Essais : ${name}`}>
                    {delivery.attempts.map((attempt, index) => (
                      <li key={`${attempt.attempted_at}-${index}`}>
                        <AttemptLine attempt={attempt} />
                      </li>
                    ))}
                  </ol>
                )}
                {delivery.status !== 'pending' && (
                  <div className="button-row">
                    <Button
                      variant="secondary"
                      aria-label={`Renvoyer : ${name}`}
                      disabled={replay.isPending && replay.variables?.id === delivery.id}
                      onClick={() => replayOne(delivery)}
                    >
                      Renvoyer
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore list={log} />
      {replayingPeriod && (
        <ReplayPeriodDialog
          endpointId={endpointId}
          endpointUrl={endpointUrl}
          onClose={() => setReplayingPeriod(false)}
          onDone={(text) => {
            setReplayingPeriod(false);
            setNotice({ tone: 'success', text });
          }}
        />
      )}
    </section>
  );
}

/** One try: when, the receiver's status (or none), how long, and what it answered or what went wrong. */
function AttemptLine({ attempt }: { attempt: WebhookAttemptDto }) {
  const answered = attempt.status_code !== null;
  return (
    <span className="delivery-log__attempt">
      <span>{formatDateTime(attempt.attempted_at)}</span>
      {' · '}
      <span className={answered && attempt.status_code! < 300 ? 'delivery-log__code--ok' : 'delivery-log__code--failed'}>
        {answered ? `HTTP ${attempt.status_code}` : DELIVERY_LOG_MESSAGES.noAnswer}
      </span>
      {' · '}
      <span>{attempt.latency_ms} ms</span>
      {attempt.response_excerpt && (
        <>
          {' · '}
          <span>
            Réponse : <code>{attempt.response_excerpt}</code>
          </span>
        </>
      )}
      {attempt.error && (
        <>
          {' · '}
          <span>Erreur : {attempt.error}</span>
        </>
      )}
    </span>
  );
}
