// Baseline for scenario 2: a bare Fastify route running, with `pg`, the SELECTs Coursa's
// CoursesRepository.listForUser amounts to — the first page (20 courses, one more to know a next page follows) and
// the count — and answering the same shape (no authentication, the user id comes from BENCH_USER_ID).
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const userId = process.env.BENCH_USER_ID;
const SQL = `SELECT c.*, json_build_object('full_name', u.full_name) AS client, CASE WHEN p.id IS NULL THEN NULL ELSE json_build_object('status', p.status) END AS payment
  FROM courses c JOIN users u ON u.id = c.client_id LEFT JOIN payments p ON p.course_id = c.id
  WHERE c.client_id = $1 OR c.courier_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT 21`;
const COUNT = 'SELECT count(*)::int AS total FROM courses WHERE client_id = $1 OR courier_id = $1';

const app = Fastify();
app.get('/api/courses', async () => {
  const [page, count] = await Promise.all([pool.query(SQL, [userId]), pool.query(COUNT, [userId])]);
  const courses = page.rows.slice(0, 20);
  const next = page.rows.length > 20 ? Buffer.from(JSON.stringify([courses.at(-1).created_at, courses.at(-1).id])).toString('base64url') : null;
  return { courses, next_cursor: next, total: count.rows[0].total };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare api ready');
