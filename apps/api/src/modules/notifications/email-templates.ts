import type { SendEmailPayload } from '@coursa/contracts';

/** An e-mail ready to queue: everything its job carries but the address. */
export type Email = Omit<SendEmailPayload, 'to'>;

/** The account-activation e-mail: the link the web's /activation page reads. */
export function activationEmail({ fullName, link, validHours }: { fullName: string; link: string; validHours: number }): Email {
  return {
    kind: 'activation',
    subject: 'Activez votre compte Coursa',
    text: [
      `Bonjour ${fullName},`,
      '',
      `Bienvenue sur Coursa ! Pour activer votre compte, ouvrez ce lien (valable ${validHours} heures) :`,
      link,
      '',
      "Si vous n'avez pas créé de compte Coursa, ignorez ce message.",
      '',
      "L'équipe Coursa",
    ].join('\n'),
    html: page('Activez votre compte Coursa', [
      `<p>Bonjour ${escapeHtml(fullName)},</p>`,
      `<p>Bienvenue sur Coursa ! Pour activer votre compte, cliquez sur le bouton ci-dessous (lien valable ${validHours} heures).</p>`,
      `<p><a href="${escapeHtml(link)}" style="${BUTTON}">Activer mon compte</a></p>`,
      `<p style="${SMALL}">Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${escapeHtml(link)}</p>`,
      `<p style="${SMALL}">Si vous n'avez pas créé de compte Coursa, ignorez ce message.</p>`,
    ]),
  };
}

/** The password-reset e-mail: the 6-digit code to type in the app. */
export function resetCodeEmail({ fullName, code, validMinutes }: { fullName: string; code: string; validMinutes: number }): Email {
  return {
    kind: 'reset_code',
    subject: 'Votre code de réinitialisation Coursa',
    text: [
      `Bonjour ${fullName},`,
      '',
      `Votre code de réinitialisation du mot de passe Coursa est : ${code}`,
      `Il est valable ${validMinutes} minutes. Ne le communiquez à personne : Coursa ne vous le demandera jamais.`,
      '',
      "Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message : il reste inchangé.",
      '',
      "L'équipe Coursa",
    ].join('\n'),
    html: page('Votre code de réinitialisation Coursa', [
      `<p>Bonjour ${escapeHtml(fullName)},</p>`,
      '<p>Votre code de réinitialisation du mot de passe Coursa est :</p>',
      `<p style="${CODE}">${escapeHtml(code)}</p>`,
      `<p>Il est valable ${validMinutes} minutes. Ne le communiquez à personne : Coursa ne vous le demandera jamais.</p>`,
      `<p style="${SMALL}">Si vous n'avez pas demandé à réinitialiser votre mot de passe, ignorez ce message : il reste inchangé.</p>`,
    ]),
  };
}

/** A merchant's webhook endpoint was disabled after too many failed deliveries (issue 40): what happened and what to do. */
export function webhookDisabledEmail({ fullName, businessName, url, reason }: { fullName: string; businessName: string; url: string; reason: string }): Email {
  const subject = 'Votre webhook Coursa est désactivé';
  const steps = [
    'Vérifiez que votre serveur répond à cette adresse par un code 2xx (sans redirection) en moins de 10 secondes.',
    'Réactivez ensuite le webhook dans votre espace marchand (ou PUT /api/v1/webhook-endpoints/:id avec « enabled » à true), puis utilisez « Renvoyer » pour les événements manqués.',
  ];
  return {
    kind: 'webhook_disabled',
    subject,
    text: [
      `Bonjour ${fullName},`,
      '',
      `Coursa n'envoie plus d'événements de ${businessName} à votre webhook ${url}.`,
      reason,
      '',
      ...steps,
      '',
      "L'équipe Coursa",
    ].join('\n'),
    html: page(subject, [
      `<p>Bonjour ${escapeHtml(fullName)},</p>`,
      `<p>Coursa n'envoie plus d'événements de ${escapeHtml(businessName)} à votre webhook <strong>${escapeHtml(url)}</strong>.</p>`,
      `<p>${escapeHtml(reason)}</p>`,
      ...steps.map((step) => `<p>${escapeHtml(step)}</p>`),
    ]),
  };
}

/** Text placed in HTML, as element content or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ENTITIES[character]!);
}

const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

// Mail clients drop <style> blocks and external sheets: styles are inline.
const BUTTON = 'display:inline-block;padding:12px 20px;background:#0b6e4f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold';
const SMALL = 'font-size:13px;color:#555555';
const CODE = 'font-size:28px;font-weight:bold;letter-spacing:6px';

function page(title: string, paragraphs: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="fr">',
    `<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937">',
    ...paragraphs,
    "<p>L'équipe Coursa</p>",
    '</body>',
    '</html>',
  ].join('\n');
}
