import { sql, type Kysely, type Migration } from 'kysely'
import type { DialectName } from './connection'

/**
 * The orders list at 100 000 orders a company (issue 24 §3, npm run bench:orders), kept by
 * triggers in the same transaction as the orders, whoever writes them (the app, a seed, an import):
 * - order_counts: the number of orders per company, contract, state and paid flag, so the count of
 *   a filter over the whole period is a sum of a few rows instead of a pass over every order;
 * - order_search: per order, the text its document search looks in (status and comment) and the
 *   articuls of its lines, on a trigram index that folds case, Cyrillic included: FTS5's trigram
 *   tokenizer on SQLite, pg_trgm's GIN on PostgreSQL (queried with ilike, which folds by the
 *   database's ctype).
 */
export function orderSearchMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('order_counts')
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('contract_id', 'integer', (c) => c.notNull())
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('paid', 'integer', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_counts_pk', ['customer_id', 'contract_id', 'state', 'paid'])
        .execute()
      if (dialect === 'postgres') await postgresUp(db)
      else await sqliteUp(db)
      await sql`insert into order_counts (customer_id, contract_id, state, paid, orders)
        select customer_id, contract_id, state, paid, count(*) from orders group by customer_id, contract_id, state, paid`.execute(db)
    },
  }
}

/** The articuls of an order's lines, one a line (the searched text can hold no line break). */
const articulsOf = (orderId: string, aggregate: (articul: string) => string) =>
  `coalesce((select ${aggregate('p.articul')} from order_lines l join products p on p.id = l.product_id where l.order_id = ${orderId}), '')`
const sqliteArticuls = (orderId: string) => articulsOf(orderId, (articul) => `group_concat(${articul}, char(10))`)
const postgresArticuls = (orderId: string) => articulsOf(orderId, (articul) => `string_agg(${articul}, E'\\n' order by l.id)`)

const ORDER_KEY = ['customer_id', 'contract_id', 'state', 'paid']
/** `left`'s key columns equal `right`'s ('' for the table updated) */
const keyMatches = (left: string, right: string) => ORDER_KEY.map((column) => `${left}${column} = ${right}.${column}`).join(' and ')

async function sqliteUp(db: Kysely<any>) {
  await sql`create virtual table order_search using fts5(order_id unindexed, doc, articles, tokenize = 'trigram')`.execute(db)
  const addCount = (row: string) =>
    `insert into order_counts values (${ORDER_KEY.map((column) => `${row}.${column}`).join(', ')}, 1)
       on conflict (${ORDER_KEY.join(', ')}) do update set orders = orders + 1;`
  const removeCount = (row: string) => `update order_counts set orders = orders - 1 where ${keyMatches('', row)};`
  const statements = [
    `create trigger orders_indexed after insert on orders begin
       ${addCount('new')}
       insert into order_search (rowid, order_id, doc, articles) values (new.id, new.id, new.status || char(10) || new.comment, '');
     end`,
    `create trigger orders_unindexed after delete on orders begin
       ${removeCount('old')}
       delete from order_search where rowid = old.id;
     end`,
    `create trigger orders_recounted after update of ${ORDER_KEY.join(', ')} on orders begin
       ${removeCount('old')}
       ${addCount('new')}
     end`,
    `create trigger orders_reindexed after update of status, comment on orders begin
       update order_search set doc = new.status || char(10) || new.comment where rowid = new.id;
     end`,
    `create trigger order_lines_indexed after insert on order_lines begin
       update order_search set articles = articles || char(10) || (select articul from products where id = new.product_id) where rowid = new.order_id;
     end`,
    `create trigger order_lines_unindexed after delete on order_lines begin
       update order_search set articles = ${sqliteArticuls('old.order_id')} where rowid = old.order_id;
     end`,
    `create trigger order_lines_reindexed after update of order_id, product_id on order_lines begin
       update order_search set articles = ${sqliteArticuls('order_search.rowid')} where rowid in (old.order_id, new.order_id);
     end`,
    `create trigger products_articul_reindexed after update of articul on products when old.articul <> new.articul begin
       update order_search set articles = ${sqliteArticuls('order_search.rowid')}
         where rowid in (select order_id from order_lines where product_id = new.id);
     end`,
  ]
  for (const statement of statements) await sql.raw(statement).execute(db)
  await sql`insert into order_search (rowid, order_id, doc, articles)
    select o.id, o.id, o.status || char(10) || o.comment, ${sql.raw(sqliteArticuls('o.id'))} from orders o`.execute(db)
}

async function postgresUp(db: Kysely<any>) {
  // one extension for the whole database, whichever schema migrates first; the lock keeps two
  // schemas migrating at once (the tests) from creating it together
  await sql`select pg_advisory_xact_lock(hashtext('cabinet pg_trgm'))`.execute(db)
  await sql`create extension if not exists pg_trgm with schema public`.execute(db)
  const home = await sql<{
    name: string
  }>`select n.nspname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
  const trigramOps = sql`${sql.id(home.rows[0]?.name ?? 'public')}.gin_trgm_ops`
  await db.schema
    .createTable('order_search')
    .addColumn('order_id', 'integer', (c) => c.primaryKey())
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('articles', 'text', (c) => c.notNull())
    .execute()
  await sql`create index order_search_doc on order_search using gin (doc ${trigramOps})`.execute(db)
  await sql`create index order_search_articles on order_search using gin (articles ${trigramOps})`.execute(db)

  const grouped = (rows: string) =>
    `select ${ORDER_KEY.join(', ')}, count(*) as n from ${rows} group by ${ORDER_KEY.join(', ')} order by ${ORDER_KEY.join(', ')}`
  const addCounts = (rows: string) =>
    `insert into order_counts (${ORDER_KEY.join(', ')}, orders) select * from (${grouped(rows)}) g
       on conflict (${ORDER_KEY.join(', ')}) do update set orders = order_counts.orders + excluded.orders;`
  const removeCounts = (rows: string) => `update order_counts c set orders = c.orders - g.n from (${grouped(rows)}) g where ${keyMatches('c.', 'g')};`
  const reindexArticles = (orderIds: string) => `update order_search s set articles = ${postgresArticuls('s.order_id')} where s.order_id in (${orderIds});`
  // statement-level with transition tables: a bulk insert of lines updates each order's text once
  const functions: [name: string, body: string][] = [
    [
      'orders_indexed',
      `${addCounts('added')}
       insert into order_search (order_id, doc, articles) select id, status || E'\\n' || comment, '' from added;`,
    ],
    [
      'orders_unindexed',
      `${removeCounts('removed')}
       delete from order_search where order_id in (select id from removed);`,
    ],
    [
      'orders_reindexed',
      `${removeCounts('old_rows')}
       ${addCounts('new_rows')}
       update order_search s set doc = a.status || E'\\n' || a.comment from new_rows a where s.order_id = a.id and s.doc <> a.status || E'\\n' || a.comment;`,
    ],
    [
      'order_lines_indexed',
      `update order_search s set articles = s.articles || E'\\n' || x.articles
         from (select l.order_id, string_agg(p.articul, E'\\n' order by l.id) as articles from added l join products p on p.id = l.product_id group by l.order_id) x
         where s.order_id = x.order_id;`,
    ],
    ['order_lines_unindexed', reindexArticles('select order_id from removed')],
    ['order_lines_reindexed', reindexArticles('select order_id from old_rows union select order_id from new_rows')],
  ]
  for (const [name, body] of functions) {
    await sql`create function ${sql.id(name)}() returns trigger language plpgsql set search_path from current as ${sql.lit(`begin ${body} return null; end`)}`.execute(
      db,
    )
  }
  const triggers: [table: string, event: string, transitions: string, fn: string][] = [
    ['orders', 'insert', 'new table as added', 'orders_indexed'],
    ['orders', 'delete', 'old table as removed', 'orders_unindexed'],
    ['orders', 'update', 'old table as old_rows new table as new_rows', 'orders_reindexed'],
    ['order_lines', 'insert', 'new table as added', 'order_lines_indexed'],
    ['order_lines', 'delete', 'old table as removed', 'order_lines_unindexed'],
    ['order_lines', 'update', 'old table as old_rows new table as new_rows', 'order_lines_reindexed'],
  ]
  for (const [table, event, transitions, fn] of triggers) {
    await sql.raw(`create trigger ${fn} after ${event} on ${table} referencing ${transitions} for each statement execute function ${fn}()`).execute(db)
  }
  // a price import updates products without touching articuls: only a changed articul re-reads its orders
  await sql`create function products_articul_reindexed() returns trigger language plpgsql set search_path from current as ${sql.lit(
    `begin ${reindexArticles('select order_id from order_lines where product_id = new.id')} return null; end`,
  )}`.execute(db)
  await sql`create trigger products_articul_reindexed after update of articul on products for each row
    when (old.articul is distinct from new.articul) execute function products_articul_reindexed()`.execute(db)
  await sql`insert into order_search (order_id, doc, articles) select o.id, o.status || E'\n' || o.comment, ${sql.raw(postgresArticuls('o.id'))} from orders o`.execute(
    db,
  )
}
