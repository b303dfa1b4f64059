// `npm start`: from a fresh clone to a running Coursa on one port.
// Installs if needed, builds, migrates, seeds the demo data once, starts the API (which also serves the
// web app) and the worker, waits until /api/health answers, then prints the URL and the demo logins.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from './lib/node-flags.mjs';

const step = (title, command, args) => {
  console.log(`\n▶ ${title}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ Échec : ${title}. Voir le message ci-dessus.`);
    process.exit(status ?? 1);
  }
};

if (!existsSync('node_modules')) step('Installation des dépendances', 'npm', ['install', '--no-audit', '--no-fund']);
step('Construction (API, worker, application web)', 'npm', ['run', 'build']);
step('Migrations de la base de données', 'npm', ['run', '--silent', 'db:migrate']);
step('Données de démonstration', 'npm', ['run', '--silent', 'db:seed']);

// Web Push needs a VAPID key pair (production refuses to start without one): a development pair is made once and kept
// in var/vapid.json, so the browsers subscribed stay valid from one start to the next.
const VAPID_FILE = 'var/vapid.json';
if (!process.env.VAPID_PUBLIC_KEY) {
  if (!existsSync(VAPID_FILE)) {
    const { default: webpush } = await import('web-push');
    mkdirSync('var', { recursive: true });
    writeFileSync(VAPID_FILE, JSON.stringify(webpush.generateVAPIDKeys(), null, 2), { mode: 0o600 });
    console.log(`\n▶ Clés VAPID de développement créées dans ${VAPID_FILE}`);
  }
  const { publicKey, privateKey } = JSON.parse(readFileSync(VAPID_FILE, 'utf8'));
  process.env.VAPID_PUBLIC_KEY = publicKey;
  process.env.VAPID_PRIVATE_KEY = privateKey;
}

const port = process.env.PORT ?? '3000';
const url = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const children = [
  spawn('node', [...SERVER_NODE_FLAGS, 'apps/api/dist/main.js'], { stdio: 'inherit' }),
  spawn('node', [...SERVER_NODE_FLAGS, 'apps/api/dist/worker.js'], { stdio: 'inherit' }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  children.forEach((child) => child.exitCode === null && child.kill('SIGTERM'));
  setTimeout(() => process.exit(code), 200).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

const { DEMO_ACCOUNTS, DEMO_PASSWORD } = await import('../prisma/demo-accounts.mjs');
for (let attempt = 0; attempt < 120 && !stopping; attempt++) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    if (response.ok) {
      console.log(`\n✔ Coursa est prêt : ${url}\n`);
      console.log('Comptes de démonstration (mot de passe pour tous : %s)', DEMO_PASSWORD);
      console.table(DEMO_ACCOUNTS.map(({ role, phone, fullName }) => ({ rôle: role, téléphone: phone, nom: fullName })));
      console.log('Les SMS (liens d’activation, codes) sont écrits dans var/outbox.jsonl. Ctrl+C pour arrêter.');
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
