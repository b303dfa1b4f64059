// The demo logins created by `npm run db:seed`, printed by `npm start` and listed in the README.
export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { role: 'super_admin', phone: '+224620000001', fullName: 'Mariama Diallo' },
  { role: 'admin', phone: '+224620000002', fullName: 'Ibrahima Sow' },
  { role: 'support', phone: '+224620000003', fullName: 'Kadiatou Camara' },
  { role: 'salaried_delivery', phone: '+224620000011', fullName: 'Mamadou Barry' },
  { role: 'salaried_delivery', phone: '+224620000012', fullName: 'Alpha Condé' },
  { role: 'independent_delivery', phone: '+224620000021', fullName: 'Ousmane Bangoura' },
  { role: 'independent_delivery', phone: '+224620000022', fullName: 'Sékou Touré' },
  { role: 'client', phone: '+224620000031', fullName: 'Fatoumata Bah' },
  { role: 'client', phone: '+224620000032', fullName: 'Abdoulaye Keïta' },
  { role: 'client', phone: '+224620000033', fullName: 'Aïssatou Sylla' },
  { role: 'client', phone: '+224620000034', fullName: 'Hawa Soumah' },
];

/** The demo merchant (issue 40): the last client, a pharmacy that orders by API. */
export const DEMO_MERCHANT = {
  phone: '+224620000034',
  businessName: 'Pharmacie du Port',
  pickupAddress: 'Boulbinet, Kaloum, Conakry',
  pickupLatitude: 9.5092,
  pickupLongitude: -13.7122,
  pickupInstructions: 'Comptoir de la pharmacie, demander Hawa',
  pickupContactName: 'Hawa Soumah',
  pickupContactPhone: '+224620000034',
  paymentTerms: 'monthly_statement',
};
