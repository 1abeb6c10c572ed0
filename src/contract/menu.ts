/**
 * The sidebar's entries. A key is the last path segment of the entry's address (architecture §2a);
 * the main account hides entries from a manager by listing keys in `disabledMenus`.
 */
export interface MenuEntry {
  key: string
  path: string
  title: string
}

export const MENU: readonly MenuEntry[] = [
  { key: 'cabinet', path: '/cabinet/', title: 'Каталог' },
  { key: 'brand', path: '/cabinet/brand/0/', title: 'Бренды' },
  { key: 'cart', path: '/cart/', title: 'Корзина' },
  { key: 'drafts', path: '/cabinet/drafts/', title: 'Черновики' },
  { key: 'orders', path: '/cabinet/orders/', title: 'Заказы' },
  { key: 'acts', path: '/cabinet/acts/', title: 'Акты сверки' },
  { key: 'favorites', path: '/cabinet/favorites/', title: 'Избранное' },
  { key: 'needs', path: '/cabinet/needs/', title: 'Потребности' },
  { key: 'purchased', path: '/cabinet/purchased/', title: 'Купленные товары' },
  { key: 'pricelist', path: '/cabinet/pricelist/', title: 'Загрузка прайс-листа' },
  { key: 'exporter', path: '/cabinet/exporter/', title: 'Выгрузка прайс-листа' },
  { key: 'addresses', path: '/cabinet/addresses/', title: 'Адреса доставки' },
  { key: 'consignees', path: '/cabinet/consignees/', title: 'Грузополучатели' },
  { key: 'contragents', path: '/cabinet/contragents/', title: 'Контрагенты' },
  { key: 'managers', path: '/cabinet/managers/', title: 'Менеджеры' },
  { key: 'chat', path: '/cabinet/chat/', title: 'Чат с менеджером' },
  { key: 'complaints', path: '/cabinet/complaints/', title: 'Рекламации' },
  { key: 'notifications', path: '/cabinet/notifications/', title: 'Уведомления' },
  { key: 'profile', path: '/cabinet/profile/', title: 'Профиль' },
]

export const MENU_KEYS = MENU.map((entry) => entry.key)
