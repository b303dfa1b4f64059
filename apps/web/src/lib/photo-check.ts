import { KYC_MESSAGES, MAX_PHOTO_BYTES, PHOTO_TYPES } from '@coursa/domain';

const PHOTO_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'];

/** Spec §5: the checks made before a photo is sent; null when it may be uploaded. */
export function photoProblem(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowedType = (PHOTO_TYPES as readonly string[]).includes(file.type) || file.type === 'image/jpg';
  if (!allowedType && !(file.type === '' && PHOTO_EXTENSIONS.includes(extension))) return KYC_MESSAGES.photoFormat;
  if (file.size > MAX_PHOTO_BYTES) return KYC_MESSAGES.photoTooLarge;
  return null;
}
