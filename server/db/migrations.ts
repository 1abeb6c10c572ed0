import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder } from 'kysely'
import type { Db, DialectName } from './connection'
import { actsMigration } from './migration-acts'
import { callbacksComplaintsMigration } from './migration-callbacks-complaints'
import { complaintsMigration } from './migration-complaints'
import { addressesDeletedMigration } from './migration-addresses-deleted'
import { catalogueChangesMigration, catalogueTruncateMarkerMigration } from './migration-catalogue-changes'
import { contragentsMigration } from './migration-contragents'
import { consigneeFilesMigration } from './migration-consignee-files'
import { draftsMigration } from './migration-drafts'
import { exportJobsMigration } from './migration-export-jobs'
import { managersMigration } from './migration-managers'
import { orderIndexesMigration } from './migration-order-indexes'
import { orderSearchMigration } from './migration-order-search'
import { ordersDeliveryMigration } from './migration-orders-delivery'
import { productSortMigration } from './migration-product-sort'
import { sessionsUserMigration } from './migration-sessions-user'
import { pricePoliciesMigration } from './migration-price-policies'
import { problemReportsMigration } from './migration-problem-reports'
import { chatNotificationsMigration } from './migration-chat-notifications'
import { listedMarksVersionMigration } from './migration-listed-marks-version'
import { createVersionTriggers } from './migration-version-triggers'

type AnyDb = Kysely<any>

/** An auto-incrementing integer primary key in either dialect. */
function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
}

const money = sql`double precision`

function initial(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)

      await table('customers')
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('inn', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await table('contragents')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('inn', 'text', (c) => c.notNull())
        .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
        .execute()
      await table('contracts')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('contragent_id', 'integer', (c) => c.notNull().references('contragents.id'))
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('price_factor', money, (c) => c.notNull().defaultTo(1))
        .execute()
      await table('users')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('type_id', 'text', (c) => c.notNull().defaultTo('2'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'text', (c) => c.notNull().defaultTo('1'))
        .addColumn('approval', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('disabled_menus', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('current_contract_id', 'integer', (c) => c.references('contracts.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('manager_contracts')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addPrimaryKeyConstraint('manager_contracts_pk', ['user_id', 'contract_id'])
        .execute()
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('password_resets')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_started_at', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('captchas')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await table('outbox')
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addColumn('error', 'text')
        .execute()
      await table('addresses')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('full_address', 'text', (c) => c.notNull())
        .addColumn('postindex', 'text', (c) => c.notNull())
        .execute()
      await table('consignees')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('surname', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .execute()
      await table('warehouses')
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .execute()
      await table('brands')
        .addColumn('header', 'text', (c) => c.notNull())
        .execute()
      await table('categories')
        .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('level', 'integer', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
      await table('products')
        .addColumn('articul', 'text', (c) => c.notNull().unique())
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('brand_id', 'integer', (c) => c.notNull().references('brands.id'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id'))
        .addColumn('price', money, (c) => c.notNull())
        .addColumn('price_rrc', money, (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema.createIndex('products_brand').on('products').columns(['brand_id', 'header']).execute()
      await db.schema.createIndex('products_category').on('products').columns(['category_id', 'header']).execute()
      await db.schema.createIndex('products_price').on('products').column('price').execute()
      await db.schema.createIndex('products_header').on('products').column('header').execute()
      await table('params')
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo(''))
        .execute()
      await db.schema
        .createTable('product_params')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('param_id', 'integer', (c) => c.notNull().references('params.id'))
        .addColumn('value', money, (c) => c.notNull())
        .addPrimaryKeyConstraint('product_params_pk', ['product_id', 'param_id'])
        .execute()
      await db.schema.createIndex('product_params_value').on('product_params').columns(['param_id', 'value']).execute()
      await table('tags')
        .addColumn('header', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('product_tags')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id'))
        .addPrimaryKeyConstraint('product_tags_pk', ['product_id', 'tag_id'])
        .execute()
      await db.schema.createIndex('product_tags_tag').on('product_tags').columns(['tag_id', 'product_id']).execute()
      await table('pictures')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('sort', 'integer', (c) => c.notNull())
        .addColumn('hue', 'integer', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('pictures_product').on('pictures').column('product_id').execute()
      await db.schema
        .createTable('stocks')
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('stocks_pk', ['product_id', 'warehouse_id'])
        .execute()
      await db.schema.createIndex('stocks_warehouse').on('stocks').columns(['warehouse_id', 'quantity']).execute()
      await db.schema
        .createTable('wishes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addPrimaryKeyConstraint('wishes_pk', ['user_id', 'product_id'])
        .execute()
      await db.schema
        .createTable('needs')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('need', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('needs_pk', ['user_id', 'product_id'])
        .execute()
      await table('basket_lines')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('qnt', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('basket_lines_unique', ['user_id', 'contract_id', 'product_id', 'warehouse_id'])
        .execute()
      await db.schema
        .createTable('order_states')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('header', 'text', (c) => c.notNull())
        .execute()
      await table('orders')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
        .addColumn('state', 'integer', (c) => c.notNull().references('order_states.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sum', money, (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute()
      await table('order_lines')
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('qnt', 'integer', (c) => c.notNull())
        .addColumn('price', money, (c) => c.notNull())
        .execute()
      await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute()
    },
  }
}

/** Tables whose rows the catalogue filter keeps in memory, by the version counter a change bumps. */
const VERSIONED_TABLES = {
  catalogue: ['products', 'product_params', 'product_tags', 'categories', 'brands', 'params', 'tags', 'warehouses'],
  stocks: ['stocks'],
} as const

/**
 * The catalogue filter answers from an in-memory copy of the catalogue in each API process
 * (server/catalogue/snapshot.ts). Every change to the tables it copies bumps a counter in the same
 * transaction, by trigger, so whatever writes them (the app, a seed, an import, another process)
 * a process sees the new version on its next request and reloads.
 */
function catalogueVersions(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('catalogue_versions')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('version', 'bigint', (c) => c.notNull())
        .execute()
      await db
        .insertInto('catalogue_versions')
        .values(Object.keys(VERSIONED_TABLES).map((name) => ({ name, version: 0 })))
        .execute()
      if (dialect === 'postgres') {
        // statement-level, so a bulk insert bumps once; pinned to this schema's counter table
        await sql`create function bump_catalogue_version() returns trigger language plpgsql set search_path from current as $$
          begin update catalogue_versions set version = version + 1 where name = tg_argv[0]; return null; end $$`.execute(db)
      }
      for (const [name, tables] of Object.entries(VERSIONED_TABLES)) await createVersionTriggers(db, dialect, name, tables)
    },
  }
}

/** Later issues append migrations here; names sort in the order they run. */
function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initial(dialect),
    '0002_catalogue_versions': catalogueVersions(dialect),
    '0003_orders_delivery': ordersDeliveryMigration(),
    '0004_drafts': draftsMigration(dialect, withId),
    '0005_order_indexes': orderIndexesMigration(),
    '0006_acts': actsMigration(dialect, withId),
    '0007_product_sort': productSortMigration(),
    '0008_catalogue_changes': catalogueChangesMigration(dialect),
    '0009_contragents': contragentsMigration(),
    '0010_addresses_deleted': addressesDeletedMigration(),
    '0011_consignee_files': consigneeFilesMigration(dialect),
    '0012_managers': managersMigration(),
    '0013_price_policies': pricePoliciesMigration(),
    '0014_chat_notifications': chatNotificationsMigration(dialect, withId),
    '0015_callbacks_complaints': callbacksComplaintsMigration(dialect, withId),
    '0016_export_jobs': exportJobsMigration(dialect, withId),
    '0017_complaints': complaintsMigration(dialect, withId),
    '0019_order_search': orderSearchMigration(dialect),
    '0020_catalogue_truncate_marker': catalogueTruncateMarkerMigration(dialect),
    '0021_sessions_user': sessionsUserMigration(),
    '0022_problem_reports': problemReportsMigration(dialect, withId),
    '0023_listed_marks_version': listedMarksVersionMigration(dialect),
  }
}

export async function migrate(db: Db): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db.dialect) }
  // Kysely looks for its migration tables in every schema unless told one, so a PostgreSQL
  // database holding other schemas (one per test run) would skip creating them in ours
  const migrationTableSchema =
    db.dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db.kysely)).rows[0]?.name : undefined
  const migrator = new Migrator({ db: db.kysely, provider, migrationTableSchema })
  const { error, results } = await migrator.migrateToLatest()
  const failed = results?.find((r) => r.status === 'Error')
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`)
  }
}
