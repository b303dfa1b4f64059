import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Randomness, behind a class so a unit test can make it predictable. */
@Injectable()
export class RandomSource {
  /** A URL-safe random token (activation links, refresh tokens). */
  token(bytes = 32): string {
    return randomBytes(bytes).toString('base64url');
  }

  /** A referral code people can read out and type: `CRS` and 8 characters without look-alikes (0/O, 1/I). */
  referralCode(): string {
    return `CRS${Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('')}`;
  }

  /** `length` letters and digits (A–Z, a–z, 0–9) from a cryptographic source: an API key's public part. */
  alphanumeric(length: number): string {
    return Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join('');
  }

  /** A numeric code of `length` digits from a cryptographic source, leading zeros kept. */
  digits(length: number): string {
    return Array.from({ length }, () => randomInt(10)).join('');
  }
}

/**
 * Hashes of tokens and codes we must recognise but never keep: an HMAC keyed by SECRET_KEY, so a stolen
 * database does not let anyone try the million 6-digit codes offline.
 */
@Injectable()
export class SecretHasher {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  hash(value: string): string {
    return createHmac('sha256', this.config.SECRET_KEY).update(value).digest('hex');
  }

  /** Constant-time comparison of a value against a stored hash. */
  matches(value: string, storedHash: string): boolean {
    const actual = Buffer.from(this.hash(value), 'hex');
    const expected = Buffer.from(storedHash, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/**
 * Secrets the server must read back (a webhook endpoint's signing secret, a merchant course's tracking token):
 * AES-256-GCM under a key derived from SECRET_KEY, so a copy of the database alone does not reveal them.
 * Sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
@Injectable()
export class SecretBox {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.key = createHash('sha256').update(`coursa:secret-box:${config.SECRET_KEY}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, text] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || text === undefined) throw new Error('sealed secret: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(text, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** Passwords: argon2id. */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }
}

/** The clock, injectable so tests can move time. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
