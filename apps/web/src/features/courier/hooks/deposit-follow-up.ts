import type { EarningsSummaryDto } from '@coursa/contracts';
import { formatGnf } from '@coursa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { formatPhone } from '@/lib/format';
import { courierQueries } from '../api/courier-api';
import { pendingDeposit, type PendingDeposit } from '../stores/pending-deposit';

/** How often the figures are read again while a deposit waits for its operator, and for how long. */
export const DEPOSIT_POLL_MS = 3_000;
export const DEPOSIT_WAIT_MS = 120_000;

export type DepositNotice = { tone: 'info' | 'success'; text: string };

/**
 * The courier's earnings summary, followed while a mobile-money deposit waits for the operator's confirmation (on
 * the provider's page or on the phone): read again every few seconds until the deposits total shows it, then the
 * entries reload. The courier cannot ask a deposit's payment status, so after a while the screen stops and says so.
 */
export function useEarningsFollowingDeposit(): {
  summary: EarningsSummaryDto | undefined;
  depositWaiting: boolean;
  depositNotice: DepositNotice | null;
  followDeposit: (deposit: PendingDeposit) => void;
} {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(pendingDeposit.load);
  const [outcome, setOutcome] = useState<DepositNotice | null>(null);
  const { data: summary } = useQuery({ ...courierQueries.earnings(), refetchInterval: pending ? DEPOSIT_POLL_MS : false });

  const finish = useEffectEvent((notice: DepositNotice) => {
    pendingDeposit.clear();
    setPending(null);
    setOutcome(notice);
  });

  useEffect(() => {
    if (!pending || !summary || summary.cash_deposits < pending.deposits_before + pending.amount) return;
    finish({ tone: 'success', text: `Dépôt de ${formatGnf(pending.amount)} reçu, merci !` });
    void queryClient.invalidateQueries(courierQueries.ledger());
  }, [pending, summary, queryClient]);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(
      () =>
        finish({
          tone: 'info',
          text: "Votre dépôt n'est pas encore confirmé par l'opérateur : vos montants seront à jour dès sa confirmation.",
        }),
      Math.max(0, pending.started_at + DEPOSIT_WAIT_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [pending]);

  const followDeposit = (deposit: PendingDeposit) => {
    pendingDeposit.save(deposit);
    setOutcome(null);
    setPending(deposit);
  };

  const depositNotice: DepositNotice | null = pending
    ? {
        tone: 'info',
        text: pending.prompt_phone
          ? `Dépôt de ${formatGnf(pending.amount)} : confirmez-le sur votre téléphone (${formatPhone(pending.prompt_phone)}), l'opérateur vous a envoyé une demande de paiement.`
          : `Dépôt de ${formatGnf(pending.amount)} en attente de confirmation par l'opérateur…`,
      }
    : outcome;
  return { summary, depositWaiting: pending !== null, depositNotice, followDeposit };
}
