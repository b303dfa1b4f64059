// The recipient's tracking page (/suivi/<token>, issue 22): no account, no React, a few KB of plain DOM code and
// Leaflet's core for the map. It reads GET /api/public/tracking/:token every few seconds until the course ends.
import 'leaflet/dist/leaflet.css';
import './suivi.css';
import L from 'leaflet';
import type { RecipientTrackingDto } from '@coursa/contracts';
import { formatGnf, STALE_POSITION_OPACITY, stalePositionLabel } from '@coursa/domain';

/** How often the page asks again while the course is under way. */
const POLL_MS = 5_000;
const TILE_URL: string = import.meta.env?.VITE_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ENDED = ['delivered', 'cancelled'];

const root = document.getElementById('suivi')!;
const token = decodeURIComponent(location.pathname.replace(/^\/suivi\/?/, '').split('/')[0] ?? '');

type Answer = { kind: 'ok'; tracking: RecipientTrackingDto } | { kind: 'gone' } | { kind: 'error'; message: string };

async function load(): Promise<Answer> {
  try {
    const response = await fetch(`/api/public/tracking/${encodeURIComponent(token)}`, { headers: { accept: 'application/json' }, cache: 'no-store' });
    if (response.ok) return { kind: 'ok', tracking: (await response.json()) as RecipientTrackingDto };
    if (response.status === 404) return { kind: 'gone' };
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    return { kind: 'error', message: body?.detail ?? 'Le suivi est momentanément indisponible. Nouvel essai dans un instant.' };
  } catch {
    return { kind: 'error', message: 'Pas de connexion. Nouvel essai dans un instant.' };
  }
}

/** An element with its class and text (never HTML: the address comes from a user). */
function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const time = (iso: string) => new Date(iso).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

function row(label: string, value: string, testId: string): HTMLElement {
  const p = el('p', 'suivi__row');
  p.append(el('span', 'suivi__label', `${label} : `), el('strong', '', value));
  p.dataset.testid = testId;
  return p;
}

// The page's parts, built once and updated in place (the map keeps its tiles between two answers).
const summary = el('section', 'suivi__card');
const stepsCard = el('section', 'suivi__card');
const positionCard = el('section', 'suivi__card');
let map: L.Map | null = null;
let marker: L.Marker | null = null;

function renderSummary(tracking: RecipientTrackingDto) {
  const status = el('h2', 'suivi__status', tracking.status_label);
  status.dataset.testid = 'suivi-status';
  const parts: HTMLElement[] = [status];
  if (!ENDED.includes(tracking.status)) {
    // « Arrivée estimée dans 12 min » once the courier's position gives it (fresh at each answer), the status's text before.
    const text = tracking.eta_minutes !== null ? tracking.arrival_estimate : `Arrivée estimée : ${tracking.arrival_estimate}`;
    const eta = el('p', 'suivi__eta', text);
    eta.dataset.testid = 'suivi-eta';
    parts.push(eta);
  }
  if (tracking.courier_first_name) parts.push(row('Votre livreur', tracking.courier_first_name, 'suivi-courier'));
  parts.push(row('Adresse de livraison', tracking.delivery_address, 'suivi-address'));
  // A cash course (issue 34): how much to hand over to the courier.
  if (tracking.cash_to_pay !== null) parts.push(row('À payer en espèces à la livraison', formatGnf(tracking.cash_to_pay), 'suivi-cash'));
  if (tracking.expires_at) parts.push(el('p', 'suivi__muted', `Ce lien expire à ${time(tracking.expires_at)}.`));
  summary.replaceChildren(...parts);
}

function renderSteps(tracking: RecipientTrackingDto) {
  const list = el('ol', 'suivi__steps');
  for (const step of tracking.steps) {
    const item = el('li', `suivi__step${step.done ? ' suivi__step--done' : ''}`);
    item.append(el('span', '', step.label));
    if (step.at) item.append(el('span', 'suivi__time', time(step.at)));
    item.dataset.status = step.status;
    list.append(item);
  }
  stepsCard.replaceChildren(el('h3', '', 'Étapes'), list);
}

function renderPosition(tracking: RecipientTrackingDto) {
  const position = tracking.courier_position;
  if (!position) {
    positionCard.hidden = true;
    return;
  }
  positionCard.hidden = false;
  const { latitude, longitude } = position;
  if (!map) {
    const frame = el('div', 'suivi__map');
    frame.setAttribute('role', 'region');
    frame.setAttribute('aria-label', 'Carte : position du livreur');
    const text = el('p', 'suivi__muted');
    text.dataset.testid = 'suivi-position';
    const age = el('p', 'suivi__stale');
    age.dataset.testid = 'suivi-stale-position';
    const link = el('a', '', 'Ouvrir dans une application de cartes');
    link.dataset.testid = 'suivi-map-link';
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    positionCard.replaceChildren(el('h3', '', 'Position du livreur'), frame, age, text, link);
    map = L.map(frame, { zoomControl: false, attributionControl: true }).setView([latitude, longitude], 15);
    L.tileLayer(TILE_URL, { attribution: '&copy; OpenStreetMap' }).addTo(map);
    marker = L.marker([latitude, longitude], {
      icon: L.divIcon({ className: 'suivi__marker', html: '<span aria-hidden="true">🛵</span>', iconSize: [28, 28], iconAnchor: [14, 14] }),
      title: 'Livreur',
    }).addTo(map);
  } else {
    marker!.setLatLng([latitude, longitude]);
    map.panTo([latitude, longitude]);
  }
  // A phone in a pocket stops sending (issue 37): past a minute the position says its age and is drawn faded.
  const stale = stalePositionLabel(position.at, Date.now());
  const age = positionCard.querySelector<HTMLElement>('[data-testid="suivi-stale-position"]')!;
  age.textContent = stale ?? '';
  age.hidden = !stale;
  marker!.setOpacity(stale ? STALE_POSITION_OPACITY : 1);
  positionCard.querySelector('[data-testid="suivi-position"]')!.textContent =
    `${latitude.toFixed(5)}, ${longitude.toFixed(5)} · mise à jour à ${time(position.at)}`;
  (positionCard.querySelector('[data-testid="suivi-map-link"]') as HTMLAnchorElement).href =
    `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

function showGone() {
  map?.remove();
  const box = el('section', 'suivi__card suivi__error');
  box.dataset.testid = 'suivi-gone';
  box.append(el('h2', '', 'Lien expiré ou introuvable'), el('p', 'suivi__muted', 'Ce lien de suivi ne fonctionne plus. Contactez l’expéditeur du colis si besoin.'));
  root.replaceChildren(el('h1', 'suivi__brand', 'Coursa'), box);
}

let notice: HTMLElement | null = null;
function showNotice(message: string | null) {
  if (!message) {
    notice?.remove();
    notice = null;
    return;
  }
  notice ??= el('p', 'suivi__card suivi__muted');
  notice.textContent = message;
  if (!notice.isConnected) root.append(notice);
}

let shown = false;
async function tick() {
  const answer = await load();
  if (answer.kind === 'gone') return showGone();
  if (answer.kind === 'error') {
    if (!shown) root.querySelector('.suivi__loading')?.remove();
    showNotice(answer.message);
  } else {
    showNotice(null);
    const { tracking } = answer;
    if (!shown) {
      root.replaceChildren(el('h1', 'suivi__brand', 'Coursa · suivi de votre colis'), summary, positionCard, stepsCard);
      shown = true;
    }
    renderSummary(tracking);
    renderSteps(tracking);
    renderPosition(tracking);
    if (ENDED.includes(tracking.status)) return;
  }
  setTimeout(() => void tick(), POLL_MS);
}

if (token) void tick();
else showGone();
