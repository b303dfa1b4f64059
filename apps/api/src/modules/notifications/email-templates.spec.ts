import { describe, expect, it } from '@jest/globals';
import { activationEmail, escapeHtml, resetCodeEmail, webhookDisabledEmail } from './email-templates.js';

const LINK = 'https://coursa.gn/activation?token=Ab-9_xYz';
const HOSTILE_NAME = 'Fanta <script>alert("x")</script> & Cie';

describe('activationEmail', () => {
  const email = activationEmail({ fullName: 'Fanta Camara', link: LINK, validHours: 24 });

  it('has a French subject and carries the link in both bodies', () => {
    expect(email).toMatchObject({ kind: 'activation', subject: 'Activez votre compte Coursa' });
    expect(email.text).toContain('Bonjour Fanta Camara,');
    expect(email.text).toContain(`(valable 24 heures) :\n${LINK}\n`);
    expect(email.html).toContain(`<a href="${LINK}"`);
    expect(email.html).toContain('lien valable 24 heures');
    expect(email.html).toContain('<html lang="fr">');
  });

  it("escapes the user's name in the HTML body, and keeps it as typed in the text body", () => {
    const hostile = activationEmail({ fullName: HOSTILE_NAME, link: LINK, validHours: 24 });
    expect(hostile.html).toContain('Bonjour Fanta &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Cie,');
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.text).toContain(`Bonjour ${HOSTILE_NAME},`);
    expect(hostile.subject).toBe('Activez votre compte Coursa');
  });

  it('escapes the link where it is an attribute value', () => {
    const quoted = activationEmail({ fullName: 'Fanta', link: 'https://coursa.gn/activation?token=a"onmouseover="x&b=1', validHours: 24 });
    expect(quoted.html).toContain('href="https://coursa.gn/activation?token=a&quot;onmouseover=&quot;x&amp;b=1"');
  });
});

describe('resetCodeEmail', () => {
  const email = resetCodeEmail({ fullName: 'Mamadou Barry', code: '048213', validMinutes: 15 });

  it('has a French subject, carries the code and says it is valid 15 minutes', () => {
    expect(email).toMatchObject({ kind: 'reset_code', subject: 'Votre code de réinitialisation Coursa' });
    expect(email.text).toContain('Votre code de réinitialisation du mot de passe Coursa est : 048213');
    expect(email.text).toContain('Il est valable 15 minutes.');
    expect(email.html).toContain('>048213</p>');
    expect(email.html).toContain('Il est valable 15 minutes.');
  });

  it('has no other 6-digit number than the code', () => {
    expect(email.text.match(/\b\d{6}\b/g)).toEqual(['048213']);
  });

  it("escapes the user's name in the HTML body", () => {
    const hostile = resetCodeEmail({ fullName: HOSTILE_NAME, code: '048213', validMinutes: 15 });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('&amp; Cie');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href='x'>"Tom" & Jerry</a>`)).toBe('&lt;a href=&#39;x&#39;&gt;&quot;Tom&quot; &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('Aïssatou Bah')).toBe('Aïssatou Bah');
  });
});

describe('webhookDisabledEmail', () => {
  const email = webhookDisabledEmail({ fullName: 'Fanta Camara', businessName: 'Pharmacie <Kaloum>', url: 'https://boutique.example.gn/hooks?a=1&b=2', reason: 'Désactivé automatiquement : 5 webhooks d’affilée n’ont pas pu être remis.' });

  it('says which webhook stopped, why, and how to turn it on again, in French', () => {
    expect(email).toMatchObject({ kind: 'webhook_disabled', subject: 'Votre webhook Coursa est désactivé' });
    expect(email.text).toContain('Bonjour Fanta Camara,');
    expect(email.text).toContain('à votre webhook https://boutique.example.gn/hooks?a=1&b=2.');
    expect(email.text).toContain('5 webhooks d’affilée');
    expect(email.text).toContain('Réactivez ensuite le webhook');
  });

  it('escapes what the merchant typed in the HTML body', () => {
    expect(email.html).toContain('de Pharmacie &lt;Kaloum&gt; à votre webhook <strong>https://boutique.example.gn/hooks?a=1&amp;b=2</strong>');
    expect(email.html).not.toContain('<Kaloum>');
  });
});
