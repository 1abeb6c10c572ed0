/**
 * The lazily loaded route modules, each imported from one place: the router takes a screen's
 * page from its module, and the screen host its machine (the same chunk, loaded once). The error
 * pages (an unknown address, a closed section) load the same way, when the router has to show one.
 */
export const ROUTE_MODULES = {
  login: () => import('./routes/login-route'),
  registration: () => import('./routes/registration-route'),
  catalogue: () => import('./routes/catalogue-route'),
  profile: () => import('./routes/profile-route'),
  brand: () => import('./routes/brand-route'),
  drafts: () => import('./routes/drafts-route'),
  pricelist: () => import('./routes/pricelist-route'),
  favorites: () => import('./routes/favorites-route'),
  purchased: () => import('./routes/purchased-route'),
  orders: () => import('./routes/orders-route'),
  acts: () => import('./routes/acts-route'),
  contragents: () => import('./routes/contragents-route'),
  addresses: () => import('./routes/addresses-route'),
  consignees: () => import('./routes/consignees-route'),
  cart: () => import('./routes/cart-route'),
  managers: () => import('./routes/managers-route'),
  invitation: () => import('./routes/invitation-route'),
  chat: () => import('./routes/chat-route'),
  exporter: () => import('./routes/exporter-route'),
  notifications: () => import('./routes/notifications-route'),
  complaint: () => import('./routes/complaint-route'),
  complaints: () => import('./routes/complaints-route'),
  notFound: () => import('../views/layout/not-found-page'),
  noAccess: () => import('../views/layout/no-access-page'),
}
