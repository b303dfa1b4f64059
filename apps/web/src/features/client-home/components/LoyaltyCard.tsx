import type { LoyaltyProfileDto } from '@coursa/contracts';
import { formatGnf, loyaltyLevel, nextLoyaltyLevel } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { formatDate, formatNumber } from '@/lib/format';
import { loyaltyQueries } from '../api/loyalty-api';
import { ProgressBar } from '@/components/ui/ProgressBar';

/** Share of the way from the current level's threshold to the next one, in percent (100 at the top level). */
function levelProgress(points: number): number {
  const next = nextLoyaltyLevel(points);
  if (!next) return 100;
  const from = loyaltyLevel(points).minPoints;
  return Math.round(((points - from) / (next.level.minPoints - from)) * 100);
}

/** Spec §2 loyalty card: level, points, promo codes, progress, leaderboard and referral. */
export function LoyaltyCard({ profile }: { profile: LoyaltyProfileDto }) {
  const [open, setOpen] = useState<'promo' | 'leaderboard' | null>(null);
  const [copied, setCopied] = useState(false);
  const progress = levelProgress(profile.points);

  async function copyReferral() {
    try {
      await navigator.clipboard.writeText(profile.referral_code);
      setCopied(true);
    } catch (error) {
      console.error(error);
    }
  }

  return (
    <section className="card stack loyalty" aria-labelledby="loyalty-card-title">
      <div className="card__header">
        <h2 className="card__title" id="loyalty-card-title">
          <span aria-hidden="true">{profile.level.icon}</span> Niveau {profile.level.name}
        </h2>
        <span className="muted">Niveau {profile.level.level}/5</span>
      </div>
      <p className="loyalty__points">
        {formatNumber(profile.points)} <span>points</span>
      </p>
      <ProgressBar label="Progression vers le niveau suivant" percent={progress} />
      <p className="muted">
        {profile.next_level
          ? `Encore ${formatNumber(profile.next_level.points_needed)} points pour le niveau ${profile.next_level.name}`
          : 'Niveau maximum atteint'}
      </p>
      <div className="loyalty__actions">
        <Button variant="secondary" onClick={() => setOpen('promo')}>
          Codes promo ({profile.active_promo_codes})
        </Button>
        <Button variant="secondary" onClick={() => setOpen('leaderboard')}>
          Classement
        </Button>
      </div>
      <div className="referral">
        <p>
          Code de parrainage : <strong className="referral__code">{profile.referral_code}</strong>
        </p>
        <Button variant="link" onClick={() => void copyReferral()}>
          {copied ? 'Code copié !' : 'Copier'}
        </Button>
        <p className="muted">
          {profile.referral_count} {profile.referral_count > 1 ? 'filleuls' : 'filleul'}
        </p>
      </div>
      {open === 'promo' && <PromoCodesModal codes={profile.promo_codes} onClose={() => setOpen(null)} />}
      {open === 'leaderboard' && <LeaderboardModal onClose={() => setOpen(null)} />}
    </section>
  );
}

/** The card's place while the profile loads, at its usual height: the shortcuts below it do not jump when it arrives. */
export function LoyaltyCardLoading() {
  return (
    <section className="card loyalty loyalty--loading" aria-busy="true">
      <Loader label="Chargement de votre fidélité…" />
    </section>
  );
}

function HomeModal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  return (
    <div className="modal-backdrop">
      <section className="modal card stack" role="dialog" aria-modal="true" aria-label={title}>
        <div className="card__header">
          <h2 className="card__title">{title}</h2>
          <Button variant="link" onClick={onClose}>
            Fermer
          </Button>
        </div>
        {children}
      </section>
    </div>
  );
}

function PromoCodesModal({ codes, onClose }: { codes: LoyaltyProfileDto['promo_codes']; onClose: () => void }) {
  return (
    <HomeModal title="Mes codes promo" onClose={onClose}>
      {codes.length ? (
        <ul className="promo-codes">
          {codes.map((promo) => (
            <li key={promo.code} className="promo-codes__item">
              <strong>{promo.code}</strong>
              <span>{promo.type === 'percentage' ? `-${promo.value} %` : `-${formatGnf(promo.value)}`}</span>
              <span className="muted">{promo.expires_at ? `Expire le ${formatDate(promo.expires_at)}` : 'Sans expiration'}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun code promo actif pour le moment.</p>
      )}
    </HomeModal>
  );
}

function LeaderboardModal({ onClose }: { onClose: () => void }) {
  const { data: entries, isError: failed } = useQuery(loyaltyQueries.leaderboard());
  return (
    <HomeModal title="Classement" onClose={onClose}>
      {failed && <p className="muted">Classement indisponible pour le moment.</p>}
      {!failed && !entries && <Loader />}
      {entries && (
        <ol className="leaderboard">
          {entries.map((entry) => (
            <li key={entry.rank} className="leaderboard__entry">
              <span className="leaderboard__rank">{entry.rank}</span>
              <span>{entry.name}</span>
              <span className="muted">Niv. {entry.level}</span>
              <strong>{formatNumber(entry.points)} pts</strong>
            </li>
          ))}
        </ol>
      )}
    </HomeModal>
  );
}
