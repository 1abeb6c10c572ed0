import type { Kysely } from 'kysely'
import { SUPPLIER_FROM_WHOM, customerFromWhom } from '../../src/contract/inbox'
import type { Database } from './schema'
import type { SeededCompany } from './seed-customers'

const MINUTE = 60_000

/** Issue 23's demo: a short conversation per company, minutes before the seed's moment (the main account last wrote; the manager's last reply is unread). */
const CONVERSATION: readonly { fromCustomer: boolean; text: string; minutesAgo: number }[] = [
  { fromCustomer: false, text: 'Здравствуйте! Я ваш менеджер. Пишите сюда по заказам, срокам и ценам.', minutesAgo: 2 * 24 * 60 },
  { fromCustomer: true, text: 'Добрый день! Когда ждать поступления перфораторов на склад?', minutesAgo: 24 * 60 },
  { fromCustomer: false, text: 'Поставка ожидается в пятницу.\nЗарезервировать для вас 10 штук?', minutesAgo: 23 * 60 },
]

export const DEMO_TOP_NEWS = {
  header: 'Новые условия доставки',
  text: 'С 1 декабря доставка до терминала транспортной компании бесплатна при заказе от 30 000 ₽.',
} as const

/** Seeds the demo chat, one notification per company and the top news (ids follow in insertion order). */
export async function insertInboxDemo(trx: Kysely<Database>, companies: readonly SeededCompany[], baseMs: number): Promise<void> {
  const at = (minutesAgo: number) => new Date(baseMs - minutesAgo * MINUTE).toISOString()
  for (const company of companies) {
    const rows = CONVERSATION.map((line) => ({
      customer_id: company.customerId,
      user_id: line.fromCustomer ? company.mainAccountId : null,
      from_whom: line.fromCustomer ? customerFromWhom(company.customerId) : SUPPLIER_FROM_WHOM,
      text: line.text,
      created_at: at(line.minutesAgo),
    }))
    await trx.insertInto('chat_messages').values(rows).execute()
    // the main account has seen all but the last reply
    const seen = await trx
      .selectFrom('chat_messages')
      .select('id')
      .where('customer_id', '=', company.customerId)
      .orderBy('id', 'desc')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow()
    await trx.insertInto('chat_seen').values({ user_id: company.mainAccountId, message_id: seen.id }).execute()
    await trx
      .insertInto('notifications')
      .values({
        customer_id: company.customerId,
        order_id: null,
        text: 'Добро пожаловать в кабинет дилера! Здесь появятся изменения ваших заказов.',
        created_at: at(3 * 24 * 60),
      })
      .execute()
  }
  await trx
    .insertInto('top_news')
    .values({ ...DEMO_TOP_NEWS, created_at: at(60) })
    .execute()
}
