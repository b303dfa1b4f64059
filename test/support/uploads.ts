import { randomBytes } from 'node:crypto';
import type { TestApp } from './test-app.js';

export const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
export const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

/** A file of exactly `size` bytes starting with `head`. */
export const fileOf = (head: Buffer, size = 1000) => Buffer.concat([head, randomBytes(size - head.length)]);

export type UploadKind = 'personal-photo' | 'id-photo' | 'parcel-photo';

/** Posts a multipart form to POST /api/upload/<kind>, as the web app's file inputs do. */
export function uploadPhoto(app: TestApp, kind: UploadKind, token: string, file?: { data: Buffer; name: string; type: string }, field = 'file') {
  return postPhoto(app, `/api/upload/${kind}`, token, file, field);
}

/** Posts a photo as a multipart form (field `file`) to any upload route. */
export async function postPhoto(app: TestApp, path: string, token: string, file?: { data: Buffer; name: string; type: string }, field = 'file') {
  const form = new FormData();
  if (file) form.append(field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${app.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '10.9.8.7' }, body: form });
  return { status: response.status, body: (await response.json()) as any };
}
