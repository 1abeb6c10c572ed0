import type { CreateTableBuilder, Kysely, Migration } from 'kysely'
import type { DialectName } from './connection'
import type { WithId } from './migration-drafts'

/**
 * Issue 23: each company's one conversation with its supplier manager (both sides write into
 * chat_messages), how far each account has seen it, the notifications of a company with their
 * read state per account, and the top news with the accounts that hid it.
 */
export function chatNotificationsMigration(dialect: DialectName, withId: WithId): Migration {
  return {
    async up(db: Kysely<any>) {
      const table = (name: string) => withId(db.schema.createTable(name) as CreateTableBuilder<string, never>, dialect)
      await table('chat_messages')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('user_id', 'integer', (c) => c.references('users.id'))
        .addColumn('from_whom', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('chat_messages_customer').on('chat_messages').columns(['customer_id', 'id']).execute()
      await db.schema
        .createTable('chat_seen')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('message_id', 'integer', (c) => c.notNull())
        .execute()
      await table('notifications')
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
        .addColumn('order_id', 'integer', (c) => c.references('orders.id'))
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema.createIndex('notifications_customer').on('notifications').columns(['customer_id', 'id']).execute()
      await db.schema
        .createTable('notification_reads')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
        .execute()
      await table('top_news')
        .addColumn('header', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('hidden_top_news')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('news_id', 'integer', (c) => c.notNull().references('top_news.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('hidden_top_news_pk', ['user_id', 'news_id'])
        .execute()
    },
  }
}
