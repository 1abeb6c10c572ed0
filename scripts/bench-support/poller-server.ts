/**
 * The app for `npm run bench:pollers`, in a process of its own so the bench's clients do not share
 * its event loop: a fresh demo database (PostgreSQL when DATABASE_URL is set), listening on a free
 * loopback port, which it sends to the parent; it closes and drops the database when told `stop`.
 */
import { seedDatabase } from '../../server/db/seed'
import { listenForBench } from '../bench-http'
import { createFreshDb } from './fresh-db'

const db = await createFreshDb()
await seedDatabase(db, { now: new Date() })
const { app, port } = await listenForBench(db)
process.send?.({ port })
process.on('message', (message) => {
  if (message !== 'stop') return
  void app
    .close()
    .then(() => db.dispose())
    .then(() => process.exit(0))
})
