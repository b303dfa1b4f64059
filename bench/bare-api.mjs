// Baseline for scenario 2: a bare Fastify route doing the work of Coursa's GET /api/courses?limit=N with `pg`:
// the access token's JWT checked with the same library, key and algorithm (jsonwebtoken, HS256, SECRET_KEY), then
// the same two statements as CoursesRepository.listForUser — the page (N + 1 rows, to know whether a next page
// follows, with the client's name, the payment and its refund, the rating) and the count — answering the courses,
// with the next page's Link and X-Total-Count in headers. No session lookup: a bare JWT service trusts a token until it expires, and Coursa's
// own session check is served from its in-process cache (README "Performance"), so this is the stricter comparison.
import { createSecretKey } from 'node:crypto';
import Fastify from 'fastify';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = createSecretKey(Buffer.from(process.env.SECRET_KEY));
const PAGE = `SELECT c.id, c.number, c.status, c.created_at, c.updated_at, c.pickup_address, c.pickup_latitude, c.pickup_longitude,
    c.pickup_instructions, c.pickup_contact_phone, c.delivery_address, c.delivery_latitude, c.delivery_longitude,
    c.delivery_instructions, c.delivery_contact_phone, c.recipient_phone, c.description, c.photo_url, c.package_type,
    c.estimated_price, c.discount, c.final_price, c.payment_method, c.pickup_time, c.delivery_time, c.courier_id,
    c.client_id, c.otp_hash IS NOT NULL AS delivery_otp, u.full_name AS client_name, p.status AS payment_status,
    r.status AS refund_status, r.amount AS refund_amount, r.method AS refund_method, rt.rating, rt.comment AS rating_comment
  FROM ((SELECT * FROM courses WHERE client_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)
        UNION ALL
        (SELECT * FROM courses WHERE courier_id = $1 AND client_id <> $1 ORDER BY created_at DESC, id DESC LIMIT $2)) c
  JOIN users u ON u.id = c.client_id
  LEFT JOIN payments p ON p.course_id = c.id
  LEFT JOIN refunds r ON r.payment_id = p.id
  LEFT JOIN ratings rt ON rt.course_id = c.id
  ORDER BY c.created_at DESC, c.id DESC LIMIT $2`;
const COUNT = `SELECT ((SELECT count(*) FROM courses WHERE client_id = $1)
  + (SELECT count(*) FROM courses WHERE courier_id = $1 AND client_id <> $1))::int AS total`;

const app = Fastify();
app.get('/api/courses', async (request, reply) => {
  const [scheme, token] = (request.headers.authorization ?? '').split(' ');
  let userId;
  try {
    if (scheme?.toLowerCase() !== 'bearer' || !token) throw new Error('no token');
    userId = jwt.verify(token, key, { algorithms: ['HS256'] }).sub;
  } catch {
    return reply.code(401).send({ detail: 'Session expirée.', code: 'SESSION_EXPIRED' });
  }
  const limit = Math.min(100, Math.max(1, Number(request.query.limit) || 20));
  const [page, count] = await Promise.all([pool.query(PAGE, [userId, limit + 1]), pool.query(COUNT, [userId])]);
  const courses = page.rows.slice(0, limit);
  const last = courses.at(-1);
  const next = page.rows.length > limit ? Buffer.from(JSON.stringify([last.created_at.toISOString(), last.id])).toString('base64url') : null;
  if (next) reply.header('link', `</api/courses?limit=${limit}&cursor=${next}>; rel="next"`);
  reply.header('x-total-count', String(count.rows[0].total));
  return courses;
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare api ready');
