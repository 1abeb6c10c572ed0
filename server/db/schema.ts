import type { Generated } from 'kysely'

/** Kysely table types. Money is a double in roubles, flags are 0/1 integers, times ISO strings. */
export interface Database {
  customers: { id: Generated<number>; company: string; inn: string; created_at: string }
  users: {
    id: Generated<number>
    customer_id: number
    email: string
    password_hash: string
    /** '1' main account, '2' manager (spec: type_id default '2') */
    type_id: string
    name: string
    phone: string
    enabled: string
    approval: 'pending' | 'approved' | 'rejected'
    /** JSON array of menu keys */
    disabled_menus: string
    current_contract_id: number | null
    created_at: string
    /** a deleted manager keeps its row (its orders and history keep its name); it can no longer sign in */
    deleted_at: Generated<string | null>
    /** the prices a manager sees (src/contract/price-policy.ts): 'contract', 'rrc' or 'markup' (migration 0013) */
    price_policy: Generated<string>
    /** the markup in percent under 'markup', else 0 */
    price_markup: Generated<number>
  }
  /** a new manager's one-time link to set its password; only the token's hash is kept */
  manager_invitations: { token_hash: string; user_id: number; created_at: string; expires_at: string; used_at: string | null }
  sessions: {
    id: string
    user_id: number
    created_at: string
    expires_at: string
  }
  /** a temporary password sent by the reminder; becomes the password when first used */
  password_resets: { user_id: number; password_hash: string; expires_at: string }
  rate_limits: { key: string; window_started_at: number; hits: number }
  captchas: { id: string; answer: string; expires_at: number; used: number }
  outbox: {
    id: Generated<number>
    recipient: string
    subject: string
    body: string
    created_at: string
    sent_at: string | null
    error: string | null
  }
  contragents: {
    id: Generated<number>
    customer_id: number
    company: string
    inn: string
    /** '' when none was entered */
    kpp: Generated<string>
    is_new: number
    state: string
    /** ISO time of the soft delete; null while the contragent is listed */
    deleted_at: Generated<string | null>
  }
  contracts: {
    id: Generated<number>
    customer_id: number
    contragent_id: number
    header: string
    /** multiplier applied to the base price list under this contract */
    price_factor: number
  }
  manager_contracts: { user_id: number; contract_id: number }
  /** `deleted` 1: removed by the dealer, kept for the orders placed to it (migration 0009) */
  addresses: { id: Generated<number>; customer_id: number; full_address: string; postindex: string; deleted: Generated<number> }
  consignees: {
    id: Generated<number>
    customer_id: number
    surname: string
    name: string
    file_name: string | null
    /** ISO time of the removal; a removed consignee leaves the lists, its orders keep its name */
    deleted_at: Generated<string | null>
  }
  /** a consignee's attached image (checked by its first bytes) */
  consignee_files: {
    consignee_id: number
    mime: string
    bytes: Buffer
  }
  warehouses: {
    id: Generated<number>
    header: string
    address: string
    /** opening hours as shown to the dealer, e.g. 'Пн–Пт 9:00–18:00, Сб 10:00–15:00' */
    schedule: Generated<string>
  }
  brands: { id: Generated<number>; header: string }
  categories: {
    id: Generated<number>
    parent_id: number | null
    header: string
    level: number
    sort: number
  }
  products: {
    id: Generated<number>
    articul: string
    header: string
    brand_id: number
    category_id: number
    price: number
    price_rrc: number
    description: string
    /** the catalogue's own order: smaller first, then id (migration 0007) */
    sort: Generated<number>
  }
  params: { id: Generated<number>; header: string; unit: string }
  product_params: { product_id: number; param_id: number; value: number }
  tags: { id: Generated<number>; header: string }
  product_tags: { product_id: number; tag_id: number }
  pictures: { id: Generated<number>; product_id: number; sort: number; hue: number }
  stocks: { product_id: number; warehouse_id: number; quantity: number }
  wishes: { user_id: number; product_id: number }
  needs: { user_id: number; product_id: number; need: number }
  basket_lines: {
    id: Generated<number>
    user_id: number
    contract_id: number
    product_id: number
    warehouse_id: number
    qnt: number
    added_at: string
  }
  order_states: { id: number; header: string }
  orders: {
    id: Generated<number>
    customer_id: number
    user_id: number
    contract_id: number
    state: number
    status: string
    paid: number
    sum: number
    comment: string
    created_at: string
    /** the delivery chosen in the basket (ids of server/catalogue/delivery-options.ts); null on orders placed before */
    delivery_method: string | null
    delivery_company: string | null
    delivery_type: string | null
    delivery_region: string | null
    address_id: number | null
    consignee_id: number | null
  }
  order_lines: {
    id: Generated<number>
    order_id: number
    product_id: number
    warehouse_id: number
    qnt: number
    price: number
  }
  /** how many orders a company has per contract, state and paid flag; kept by triggers (migration 0019) */
  order_counts: { customer_id: number; contract_id: number; state: number; paid: number; orders: number }
  /** per order, the text the list's searches look in; kept by triggers (migration 0019): FTS5 on SQLite, pg_trgm on PostgreSQL */
  order_search: {
    order_id: number
    /** status and comment, a line each */
    doc: string
    /** the articuls of its lines, one a line */
    articles: string
  }
  /** a user's basket under one contract, saved under a name */
  drafts: {
    id: Generated<number>
    user_id: number
    customer_id: number
    contract_id: number
    header: string
    created_at: string
  }
  draft_lines: { id: Generated<number>; draft_id: number; product_id: number; warehouse_id: number; qnt: number }
  /** a payment the supplier received under a contract (for orders, usually) */
  payments: { id: Generated<number>; customer_id: number; contract_id: number; order_id: number | null; document: string; sum: number; paid_at: string }
  /** a reconciliation act: requested 'queued', built by a worker into `file` (XLSX bytes) */
  acts: {
    id: Generated<number>
    customer_id: number
    user_id: number
    contract_id: number
    contragent_id: number
    /** yyyy-mm-dd, Moscow days, both included */
    start_day: string
    end_day: string
    state: Generated<string>
    file: Uint8Array | null
    error: string | null
    created_at: string
    claimed_at: string | null
    ready_at: string | null
  }
  /** issue 23: a company's conversation with its supplier manager; user_id: who of the company wrote it (null: the supplier) */
  chat_messages: { id: Generated<number>; customer_id: number; user_id: number | null; from_whom: string; text: string; created_at: string }
  /** the last chat message an account has seen */
  chat_seen: { user_id: number; message_id: number }
  /** a company's notification (an order's state changed ...) */
  notifications: { id: Generated<number>; customer_id: number; order_id: number | null; text: string; created_at: string }
  /** the notifications an account has read */
  notification_reads: { user_id: number; notification_id: number }
  top_news: { id: Generated<number>; header: string; text: string; created_at: string }
  /** the top news an account hid (hidetopnews) */
  hidden_top_news: { user_id: number; news_id: number }
  /** the brands an account chose for the exporter (issue 23) */
  exporter_brands: { user_id: number; brand_id: number }
  /** an export job: 'queued', 'working' (claimed, its lease renewed), 'ready' (file_path) or 'failed' */
  export_jobs: {
    id: Generated<number>
    customer_id: number
    user_id: number
    contract_id: number
    /** JSON array of the brand ids chosen when it started */
    brand_ids: string
    state: Generated<string>
    /** the stored fraction done, 0..1 */
    progress: Generated<number>
    /** how many times a worker claimed it */
    attempts: Generated<number>
    claimed_by: string | null
    /** ISO time until which the claim holds; a worker that stops renewing it loses the job */
    lease_until: string | null
    file_path: string | null
    error: string | null
    created_at: string
    ready_at: string | null
  }
  /** issue 23: a request to be called back, for the supplier (`npm run admin -- callbacks`) */
  callback_requests: { id: Generated<number>; customer_id: number; user_id: number; firstname: string; phone: string; created_at: string }
  /** issue 23: a company's complaint; state is a COMPLAINT_STATES key (`npm run admin -- complaint-state`) */
  complaints: { id: Generated<number>; customer_id: number; user_id: number | null; comment: string; state: string; created_at: string }
  complaint_entries: { id: Generated<number>; complaint_id: number; product_id: number; qnt: number }
  /** issue 25: a dealer's «Сообщить о проблеме»; journal is the export's JSON, secrets masked, journal_size its bytes; no dealer call reads it */
  problem_reports: {
    id: Generated<number>
    customer_id: number
    user_id: number | null
    comment: string
    journal: string
    journal_size: number
    user_agent: string
    created_at: string
  }
}
