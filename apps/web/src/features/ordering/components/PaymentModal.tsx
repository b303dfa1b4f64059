import type { CourseOrder, CreateCourseRequest, PaymentInitiatedResponse, PaymentMethodItem, PaymentStatusResponse, UserDto } from '@coursa/contracts';
import { customerEmail, formatGnf } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { useTimeout } from '@/hooks/use-timeout';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { orderingApi, orderingQueries } from '../api/ordering-api';
import {
  PAYMENT_MESSAGES,
  PAYMENT_STATUS_POLL_MS,
  PROMPT_PATIENCE_MS,
  promptMessage,
  PAYMENT_SUCCESS_CLOSE_MS,
  flattenMethods,
  newOrderId,
  pendingCourse,
} from '../payment-rules';
import { CardPaymentForm } from './CardPaymentForm';
import { MobileMoneyForm } from './MobileMoneyForm';

interface PaymentModalProps {
  /** The course to pay for; absent when following a payment whose order only the server still has. */
  course?: CreateCourseRequest;
  /** Who pays: the signed-in client. */
  customer: Pick<UserDto, 'full_name' | 'phone' | 'email'>;
  /** What the client pays, in GNF (the quote's total). */
  amount?: number;
  /** Set when the browser comes back from a provider's page with this order: the modal follows that payment. */
  resumeOrderId?: string;
  /** The course was made: its id (null when the answer did not say it). */
  onSuccess: (courseId: string | null) => void;
  onClose: () => void;
}

type Step = 'select' | 'pay' | 'result';
type Methods = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; items: PaymentMethodItem[] };
type Result =
  | { state: 'waiting' }
  /** The provider asked the payer's phone (MTN MoMo): waiting for them to approve it there. */
  | { state: 'prompt'; phone: string }
  /** No answer from the phone after PROMPT_PATIENCE_MS: the course will still be made if they approve it later. */
  | { state: 'unanswered' }
  | { state: 'success' }
  | { state: 'failure'; message: string };

/** Sends the browser to a provider's page (a module function so tests can observe it). */
export const browser = { redirect: (url: string) => window.location.assign(url) };

/**
 * Spec §2 "Payment modal": select method → pay → result. The course is created only once the payment succeeded: for
 * a paid method the order goes with the payment and the server makes its course when the provider confirms it
 * (issue 34), so the modal only follows the payment's status; cash creates the course at once.
 */
export function PaymentModal({ course, customer: user, amount, resumeOrderId, onSuccess, onClose }: PaymentModalProps) {
  const [step, setStep] = useState<Step>(resumeOrderId ? 'result' : 'select');
  const [methods, setMethods] = useState<Methods>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [method, setMethod] = useState<PaymentMethodItem | null>(null);
  const [result, setResult] = useState<Result>({ state: 'waiting' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [orderId, setOrderId] = useState(() => resumeOrderId ?? newOrderId());
  /** The order whose payment the modal follows until it settles (back from a page, or a prompt on the phone). */
  const [following, setFollowing] = useState<string | null>(resumeOrderId ?? null);

  useTimeout(onClose, result.state === 'success' ? PAYMENT_SUCCESS_CLOSE_MS : null);

  useEffect(() => {
    if (step !== 'select') return;
    let live = true;
    setMethods({ state: 'loading' });
    orderingApi.paymentMethods().then(
      (answer) => {
        if (!live) return;
        const items = flattenMethods(answer);
        setMethods(items ? { state: 'ready', items } : { state: 'failed', message: PAYMENT_MESSAGES.invalidMethods });
      },
      () => live && setMethods({ state: 'failed', message: PAYMENT_MESSAGES.loadFailed }),
    );
    return () => {
      live = false;
    };
  }, [step, attempt]);

  async function createCourse(paid: CreateCourseRequest, extra: Partial<CreateCourseRequest>) {
    try {
      const made = await orderingApi.createCourse({ ...paid, ...extra }, orderId);
      pendingCourse.clear();
      setResult({ state: 'success' });
      onSuccess(made.id);
    } catch {
      setResult({ state: 'failure', message: PAYMENT_MESSAGES.courseCreationFailed });
    }
    setStep('result');
  }

  // Back from a provider's page, or a prompt on the phone: the payment's status is read every PAYMENT_STATUS_POLL_MS
  // while it is pending, until it settles or the phone stays unanswered for PROMPT_PATIENCE_MS. The server makes the
  // course of a paid order; only a payment started without its order (an older app) has it created from here.
  const followedSince = useRef(0);
  useEffect(() => {
    if (following) followedSince.current = Date.now();
  }, [following]);
  const payment = useQuery({
    ...orderingQueries.paymentStatus(following ?? ''),
    enabled: following !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_STATUS_POLL_MS : false),
    // Only this modal follows it, and only while it waits: a later one starts from a fresh answer.
    gcTime: 0,
  });
  useEffect(() => {
    if (!following) return;
    const settled = (answer: PaymentStatusResponse) => {
      setFollowing(null);
      if (answer.status === 'succeeded' && answer.course_id) {
        pendingCourse.clear();
        setResult({ state: 'success' });
        setStep('result');
        return onSuccess(answer.course_id);
      }
      if (answer.status === 'succeeded' && course) return void createCourse(course, { payment_reference: following });
      setResult({ state: 'failure', message: answer.failure_message ?? PAYMENT_MESSAGES.paymentFailed });
      setStep('result');
    };
    if (payment.error) {
      setFollowing(null);
      setResult({ state: 'failure', message: errorMessage(payment.error, PAYMENT_MESSAGES.paymentFailed) });
      return setStep('result');
    }
    if (!payment.data) return;
    if (payment.data.status !== 'pending') return settled(payment.data);
    if (Date.now() - followedSince.current >= PROMPT_PATIENCE_MS) {
      setFollowing(null);
      setResult({ state: 'unanswered' });
    }
    // Each answer once (a pending answer repeats the same data: its time tells them apart); createCourse and onSuccess
    // are the same for the modal's whole life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment.dataUpdatedAt, payment.errorUpdatedAt]);

  /** What every payment call sends: the order goes with its payment, and the server makes the course once paid. */
  function common(paid: CreateCourseRequest, total: number) {
    const { payment_reference: _reference, payment_method: _method, ...order } = paid;
    return {
      amount: total,
      customer_email: customerEmail(user.email, user.phone),
      customer_name: user.full_name,
      order_id: orderId,
      description: `Course ${paid.pickup_location.address} → ${paid.delivery_location.address}`,
      course: order satisfies CourseOrder,
    };
  }

  /** Keeps the course before leaving for the provider's page, which comes back to /?paiement=<order_id>. */
  function leaveFor(url: string | undefined) {
    if (!url) throw new Error('no payment url');
    if (course && amount !== undefined) pendingCourse.save({ order_id: orderId, amount, course });
    browser.redirect(url);
  }

  async function pay(action: (paid: CreateCourseRequest, total: number) => Promise<void>, fallback: string) {
    if (!course || amount === undefined) return;
    setError(null);
    setPending(true);
    try {
      await action(course, amount);
    } catch (caught) {
      setResult({ state: 'failure', message: errorMessage(caught, fallback) });
      setStep('result');
    } finally {
      setPending(false);
    }
  }

  function payWithPaycard() {
    void pay(async (paid, total) => {
      const answer = await orderingApi.payWithPaycard({ ...common(paid, total), phone_number: user.phone, auto_redirect: true, jump_to_om: false });
      leaveFor(answer.payment_url);
    }, PAYMENT_MESSAGES.paycardFailed);
  }

  function payWithMobileMoney(phone: string) {
    if (!method || (method.code !== 'orange_money' && method.code !== 'mtn_momo')) return;
    const code = method.code;
    void pay(async (paid, total) => {
      const answer = await orderingApi.payWithMobileMoney({ ...common(paid, total), currency: 'GNF', payment_method: code, phone_number: phone });
      if (answer.prompt_phone) {
        // No page: the operator asked the payer's phone. The modal follows the payment until it settles.
        setResult({ state: 'prompt', phone: answer.prompt_phone });
        setStep('result');
        return setFollowing(orderId);
      }
      leaveFor(answer.payment_link);
    }, PAYMENT_MESSAGES.paymentFailed);
  }

  function payWithCard(card: { number: string; cvv: string; month: string; year: string }) {
    void pay(async (paid, total) => {
      const answer: PaymentInitiatedResponse = await orderingApi.payWithCard({
        ...common(paid, total),
        currency: 'USD',
        phone_number: user.phone,
        card_number: card.number.replace(/\s/g, ''),
        cvv: card.cvv,
        expiry_month: card.month,
        expiry_year: card.year,
      });
      if (answer.status === 'completed') {
        setResult({ state: 'waiting' });
        setStep('result');
        return setFollowing(orderId);
      }
      if (answer.status === 'requires_3ds') return leaveFor(answer.auth_url);
      setResult({ state: 'failure', message: answer.message || PAYMENT_MESSAGES.paymentFailed });
      setStep('result');
    }, PAYMENT_MESSAGES.paymentFailed);
  }

  function payCash() {
    void pay((paid) => createCourse(paid, { payment_method: 'cash_on_delivery' }), PAYMENT_MESSAGES.paymentFailed);
  }

  function retry() {
    // A failed order cannot be paid again: the next attempt is a new order.
    if (result.state === 'failure' || result.state === 'unanswered') setOrderId(newOrderId());
    setFollowing(null);
    setMethod(null);
    setResult({ state: 'waiting' });
    setStep('select');
  }

  function choose(item: PaymentMethodItem) {
    setMethod(item);
    setError(null);
    setStep('pay');
  }

  return (
    <div className="modal-backdrop">
      <section className="modal card stack" role="dialog" aria-modal="true" aria-labelledby="payment-title">
        <div className="card__header">
          <h2 className="card__title" id="payment-title">
            Paiement
          </h2>
          {result.state !== 'success' && (
            <Button variant="link" onClick={onClose} aria-label="Fermer">
              ✕
            </Button>
          )}
        </div>
        {amount !== undefined && (
          <p className="payment__amount">
            Montant : <strong>{formatGnf(amount)}</strong>
          </p>
        )}

        {step === 'select' && (
          <MethodList methods={methods} onRetry={() => setAttempt(attempt + 1)} onChoose={choose} />
        )}

        {step === 'pay' && method && (
          <div className="stack">
            <p className="muted">{method.description}</p>
            {error && <Alert tone="error">{error}</Alert>}
            {method.code === 'paycard' && (
              <Button onClick={payWithPaycard} disabled={pending}>
                {pending ? 'Redirection…' : 'Payer avec PayCard'}
              </Button>
            )}
            {(method.code === 'orange_money' || method.code === 'mtn_momo') && (
              <MobileMoneyForm method={method} defaultPhone={user.phone} pending={pending} onSubmit={payWithMobileMoney} />
            )}
            {method.code === 'card' && <CardPaymentForm pending={pending} onSubmit={payWithCard} />}
            {method.code === 'cash_on_delivery' && (
              <Button onClick={payCash} disabled={pending}>
                {pending ? 'Enregistrement…' : 'Confirmer la commande'}
              </Button>
            )}
            <Button variant="secondary" onClick={retry} disabled={pending}>
              Changer de moyen de paiement
            </Button>
          </div>
        )}

        {step === 'result' && result.state === 'waiting' && <Loader label="Vérification du paiement…" />}
        {step === 'result' && result.state === 'prompt' && (
          <div className="stack" aria-live="polite">
            <Alert tone="info">{promptMessage(formatPhone(result.phone))}</Alert>
            <Loader label="En attente de votre confirmation…" />
          </div>
        )}
        {step === 'result' && result.state === 'unanswered' && (
          <div className="stack">
            <Alert tone="info">{PAYMENT_MESSAGES.promptUnanswered}</Alert>
            <Button variant="secondary" onClick={onClose}>
              Fermer
            </Button>
          </div>
        )}
        {step === 'result' && result.state === 'success' && (
          <Alert tone="success">{PAYMENT_MESSAGES.success}</Alert>
        )}
        {step === 'result' && result.state === 'failure' && (
          <div className="stack">
            <Alert tone="error">{result.message}</Alert>
            <Button onClick={course ? retry : onClose}>Réessayer</Button>
          </div>
        )}
      </section>
    </div>
  );
}

function MethodList({
  methods,
  onRetry,
  onChoose,
}: {
  methods: Methods;
  onRetry: () => void;
  onChoose: (method: PaymentMethodItem) => void;
}) {
  if (methods.state === 'loading') return <Loader label="Chargement des moyens de paiement…" />;
  if (methods.state === 'failed') {
    return (
      <div className="stack">
        <Alert tone="error">{methods.message}</Alert>
        <Button variant="secondary" onClick={onRetry}>
          Réessayer
        </Button>
      </div>
    );
  }
  if (!methods.items.length) return <Alert tone="info">Configuration en cours</Alert>;
  return (
    <ul className="payment-methods" aria-label="Moyens de paiement">
      {methods.items.map((item) => (
        <li key={item.code}>
          <button type="button" className="payment-methods__option" onClick={() => onChoose(item)}>
            <strong>{item.name}</strong>
            <span className="muted">{item.description}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
