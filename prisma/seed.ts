// `npm run db:seed`: demo accounts and courses, once. Running it again changes nothing.
import 'reflect-metadata';
import argon2 from 'argon2';
import { distanceKm, estimatePrice } from '@coursa/domain';
import { randomInt } from 'node:crypto';
import { mkdir, appendFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { loadConfig } from '../apps/api/src/common/config/config.js';
import { createPrismaClient } from '../apps/api/src/common/prisma/prisma.service.js';
import { SecretHasher } from '../apps/api/src/common/security/secrets.js';
import type { CourseStatus } from '../apps/api/src/generated/prisma/client.js';
import { DEMO_ACCOUNTS, DEMO_MERCHANT, DEMO_PASSWORD } from './demo-accounts.mjs';

/** Places in Conakry for the demo courses. */
const PLACES = [
  { address: 'Marché Madina, Matam', latitude: 9.5456, longitude: -13.6566 },
  { address: 'Kaloum, avenue de la République', latitude: 9.5092, longitude: -13.7122 },
  { address: 'Ratoma, carrefour Bambeto', latitude: 9.6106, longitude: -13.6236 },
  { address: 'Dixinn, université Gamal Abdel Nasser', latitude: 9.5409, longitude: -13.6737 },
  { address: 'Matoto, aéroport de Conakry-Gbessia', latitude: 9.5769, longitude: -13.6120 },
  { address: 'Kipé, centre émetteur', latitude: 9.6009, longitude: -13.6431 },
];

const STATUSES: CourseStatus[] = [
  'pending',
  'pending',
  'assigned',
  'en_route_pickup',
  'collected',
  'en_route_delivery',
  'delivered',
  'delivered',
  'cancelled',
];

// A 1×1 PNG, the placeholder identity photo of the demo couriers.
const PLACEHOLDER_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function seed() {
  const config = loadConfig();
  const db = createPrismaClient(config.DATABASE_URL);
  const hasher = new SecretHasher(config);
  try {
    if (await db.user.findUnique({ where: { phone: DEMO_ACCOUNTS[0]!.phone } })) {
      console.log('Données de démonstration déjà présentes : rien à faire.');
      return;
    }
    const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
    const now = Date.now();
    const users = new Map<string, string>();
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      const user = await db.user.create({
        data: {
          ...account,
          passwordHash,
          referralCode: `CRSDEMO${index}`,
          activatedAt: new Date(now),
          acceptedTerms: account.role === 'client',
          termsAcceptedAt: account.role === 'client' ? new Date(now) : null,
          isAvailable: account.role.endsWith('_delivery'),
        },
      });
      users.set(account.phone, user.id);
    }

    const { phone: merchantPhone, ...merchant } = DEMO_MERCHANT;
    await db.merchant.create({ data: { userId: users.get(merchantPhone)!, ...merchant } });

    const storageKey = 'kyc/demo-id-photo.png';
    await mkdir(join(config.STORAGE_DIR, 'kyc'), { recursive: true });
    await writeFile(join(config.STORAGE_DIR, storageKey), PLACEHOLDER_PNG);
    const photo = await db.storedFile.create({
      data: { kind: 'id_photo', storageKey, mimeType: 'image/png', sizeBytes: PLACEHOLDER_PNG.length, sha256: 'demo' },
    });
    const couriers = DEMO_ACCOUNTS.filter((account) => account.role.endsWith('_delivery'));
    for (const [index, courier] of couriers.entries()) {
      await db.courierProfile.create({
        data: {
          userId: users.get(courier.phone)!,
          vehicleType: index % 2 ? 'scooter' : 'moto',
          idType: 'carte_identite',
          idNumber: `GN-DEMO-${index + 1}`,
          idExpiryDate: new Date('2030-12-31'),
          idPhotoId: photo.id,
          emergencyContactName: 'Contact de démonstration',
          emergencyContactPhone: '+224629999999',
          emergencyContactRelationship: 'parent',
          bankName: 'orange_money',
          bankAccount: courier.phone,
        },
      });
    }

    // Courses in every status, for the first client; the active ones are carried by the first courier.
    const clientId = users.get('+224620000031')!;
    const courierId = users.get('+224620000011')!;
    const otpMessages: string[] = [];
    for (const [index, status] of STATUSES.entries()) {
      const from = PLACES[index % PLACES.length]!;
      const to = PLACES[(index + 2) % PLACES.length]!;
      const estimatedPrice = estimatePrice(from, to);
      const createdAt = new Date(now - (STATUSES.length - index) * 3600_000);
      const assigned = status !== 'pending' && status !== 'cancelled';
      const otp = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const recipientPhone = '+224629000001';
      const course = await db.course.create({
        data: {
          status,
          clientId,
          courierId: assigned ? courierId : null,
          pickupAddress: from.address,
          pickupLatitude: from.latitude,
          pickupLongitude: from.longitude,
          deliveryAddress: to.address,
          deliveryLatitude: to.latitude,
          deliveryLongitude: to.longitude,
          recipientPhone,
          pickupContactPhone: '+224620000031',
          description: `Colis de démonstration n° ${index + 1}`,
          packageType: 'petit colis',
          distanceKm: distanceKm(from, to),
          estimatedPrice,
          finalPrice: status === 'delivered' ? estimatedPrice : null,
          paymentMethod: 'cash_on_delivery',
          otpHash: hasher.hash(otp),
          otpGeneratedAt: createdAt,
          assignedAt: assigned ? new Date(createdAt.getTime() + 5 * 60_000) : null,
          pickupTime: ['collected', 'en_route_delivery', 'delivered'].includes(status) ? new Date(createdAt.getTime() + 20 * 60_000) : null,
          deliveryTime: status === 'delivered' ? new Date(createdAt.getTime() + 50 * 60_000) : null,
          cancelledAt: status === 'cancelled' ? new Date(createdAt.getTime() + 10 * 60_000) : null,
          cancelReason: status === 'cancelled' ? 'Annulée par le client' : null,
          createdAt,
        },
      });
      await db.payment.create({
        data: {
          orderId: `COURSE_${createdAt.getTime()}${index}`,
          clientId,
          provider: 'cash',
          method: 'cash_on_delivery',
          amount: estimatedPrice,
          status: status === 'delivered' ? 'succeeded' : 'pending',
          courseId: course.id,
        },
      });
      if (['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'].includes(status)) {
        otpMessages.push(
          JSON.stringify({
            at: new Date().toISOString(),
            channel: 'sms',
            to: recipientPhone,
            text: `Coursa : votre code de livraison est ${otp}. Donnez-le au livreur à la remise du colis.`,
            kind: 'delivery_otp',
          }),
        );
      }
    }
    // The recipients' OTP SMS of the demo courses, where the log driver puts messages.
    await mkdir(dirname(config.OUTBOX_FILE), { recursive: true });
    await appendFile(config.OUTBOX_FILE, otpMessages.map((line) => `${line}\n`).join(''));
    console.log(`Données de démonstration créées : ${DEMO_ACCOUNTS.length} comptes, ${STATUSES.length} courses.`);
  } finally {
    await db.$disconnect();
  }
}

await seed();
