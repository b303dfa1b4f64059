import { COURSE_STATUS_LABELS, formatGnf, routeKm, routeText } from '@coursa/domain';
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
  /** The route the courier rode ([latitude, longitude] points, in order) and the course's two points; null: none drawn. */
  route: { points: [number, number][]; pickup: [number, number]; delivery: [number, number] } | null;
}

const METHOD_LABELS: Record<string, string> = {
  paycard: 'PayCard',
  orange_money: 'Orange Money',
  mtn_momo: 'MTN MoMo',
  card: 'Carte bancaire',
  cash_on_delivery: 'Espèces à la livraison',
  monthly_statement: 'Relevé mensuel du marchand',
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
    if (data.route) {
      drawRoute(doc, data.route);
      doc.fontSize(10).font('Helvetica').fillColor('#1b1f1d').text(printable(routeText(routeKm(data.route.points))));
      doc.moveDown(0.5);
    }
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

/** The route sketch's height, in points (the page's width between margins). */
const SKETCH_HEIGHT = 110;
const SKETCH_PADDING = 14;
const MARK_RADIUS = 7;

/**
 * The route as a small vector sketch at the cursor, north up (no map tiles): the polyline scaled into a box, A at the
 * pickup and B at the delivery (the map's marker colours); the cursor goes below it.
 */
function drawRoute(doc: PDFKit.PDFDocument, route: NonNullable<ReceiptData['route']>): void {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const top = doc.y;
  const all = [...route.points, route.pickup, route.delivery];
  // A flat projection: a degree of longitude is cos(latitude) degree of latitude long.
  const cos = Math.cos(((all.reduce((sum, [lat]) => sum + lat, 0) / all.length) * Math.PI) / 180);
  const xs = all.map(([, lng]) => lng * cos);
  const ys = all.map(([lat]) => lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = Math.min((width - 2 * SKETCH_PADDING) / Math.max(maxX - minX, 1e-9), (SKETCH_HEIGHT - 2 * SKETCH_PADDING) / Math.max(maxY - minY, 1e-9));
  const offsetX = left + (width - (maxX - minX) * scale) / 2;
  const offsetY = top + (SKETCH_HEIGHT - (maxY - minY) * scale) / 2;
  const at = ([lat, lng]: [number, number]): [number, number] => [offsetX + (lng * cos - minX) * scale, offsetY + (maxY - lat) * scale];

  doc.save();
  doc.roundedRect(left, top, width, SKETCH_HEIGHT, 4).lineWidth(0.5).strokeColor('#cfd8d3').stroke();
  const [first, ...rest] = route.points.map(at);
  if (first && rest.length) {
    doc.moveTo(...first);
    for (const point of rest) doc.lineTo(...point);
    doc.lineWidth(2).lineJoin('round').lineCap('round').strokeColor('#0f6b4b').stroke();
  }
  for (const [point, letter, colour] of [[route.pickup, 'A', '#16a34a'], [route.delivery, 'B', '#dc2626']] as const) {
    const [x, y] = at(point);
    doc.circle(x, y, MARK_RADIUS).fillColor(colour).fill();
    doc.fontSize(8).font('Helvetica-Bold').fillColor('#ffffff').text(letter, x - MARK_RADIUS, y - 4, { width: 2 * MARK_RADIUS, align: 'center', lineBreak: false });
  }
  doc.restore();
  doc.x = left;
  doc.y = top + SKETCH_HEIGHT + 6;
}
