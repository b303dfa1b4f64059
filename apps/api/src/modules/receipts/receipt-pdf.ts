import { COURSE_STATUS_LABELS, formatGnf } from '@coursa/domain';
import PDFDocument from 'pdfkit';

export interface ReceiptData {
  courseNumber: string;
  courseId: string;
  pickupAddress: string;
  deliveryAddress: string;
  createdAt: Date;
  pickupTime: Date | null;
  deliveryTime: Date;
  price: number;
  paymentMethod: string;
  paymentReference: string;
  clientName: string;
  courierName: string;
}

const METHOD_LABELS: Record<string, string> = {
  paycard: 'PayCard',
  orange_money: 'Orange Money',
  mtn_momo: 'MTN MoMo',
  card: 'Carte bancaire',
  cash_on_delivery: 'Espèces à la livraison',
};

const dateTime = (date: Date) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Conakry' }).format(date);

/** The PDF's standard fonts speak WinAnsi: French accents yes, the narrow spaces of fr-FR numbers no. */
const printable = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** A French receipt (pdfkit), GNF amounts and fr-FR dates, Conakry time. */
export function renderReceipt(data: ReceiptData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A5', margin: 40, info: { Title: `Reçu ${data.courseNumber}`, Author: 'Coursa' } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.fontSize(20).fillColor('#0f6b4b').text('Coursa', { continued: false });
    doc.fontSize(13).fillColor('#1b1f1d').text('Reçu de livraison').moveDown();
    const line = (label: string, value: string) => doc.fontSize(10).font('Helvetica-Bold').text(`${label} : `, { continued: true }).font('Helvetica').text(printable(value));
    line('Course', `${data.courseNumber} (${data.courseId})`);
    line('Client', data.clientName);
    line('Livreur', data.courierName);
    doc.moveDown(0.5);
    line('Retrait', data.pickupAddress);
    line('Livraison', data.deliveryAddress);
    doc.moveDown(0.5);
    line('Commandée le', dateTime(data.createdAt));
    if (data.pickupTime) line('Colis récupéré le', dateTime(data.pickupTime));
    line('Livrée le', dateTime(data.deliveryTime));
    line('Statut', COURSE_STATUS_LABELS.delivered);
    doc.moveDown(0.5);
    line('Moyen de paiement', METHOD_LABELS[data.paymentMethod] ?? data.paymentMethod);
    line('Référence du paiement', data.paymentReference);
    doc.moveDown().fontSize(16).font('Helvetica-Bold').text(printable(`Total : ${formatGnf(data.price)}`));
    doc.moveDown().fontSize(8).font('Helvetica').fillColor('#555').text('Merci d’avoir choisi Coursa. Conakry, Guinée.');
    doc.end();
  });
}
