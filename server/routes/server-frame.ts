import { initDataSchema, type InitData } from '../../src/contract/account'
import { INBOX_ADDRESS, INIT_DATA_ADDRESS } from '../../src/contract/boot-answers'
import { basketSummaryText, contractTitle, initialsOf, SIDEBAR_COOKIE } from '../../src/contract/frame'
import { inboxResponseSchema, type TopNews } from '../../src/contract/inbox'
import { BASKET_KEY, closedMenuKeys, isActiveEntry, MENU, MENU_KEYS, menuTree, type MenuEntry } from '../../src/contract/menu'
import { classesOf, escaped, icon, type RequestCookies } from './server-drawing'

/**
 * The signed-in frame (sidebar, header, top news) as the SPA's first render of it draws it
 * (src/views/layout: cabinet-layout, sidebar, header, top-news-banner and their parts), written by
 * the server into a screen's page so that a phone paints the dealer's frame, and its largest text,
 * the top news, as soon as the page and its inline styles are there, not once the scripts have
 * arrived and run (issue 24: LCP). It is inert: the SPA's own frame replaces it in the same
 * frame as it first renders (framed-page.ts). Controls that need the scripts are drawn as
 * the SPA draws them while its parts load (the search field's stand-in, «Скрыть» disabled); the
 * unread counts and «Заказать звонок» come with the SPA. tests/e2e/server-frame.spec.ts compares
 * the two frames element by element.
 */

/** The frame's words, as its views write them. */
const FRAME_TEXTS = {
  skipLink: 'Перейти к содержимому',
  brand: 'Кабинет дилера',
  menuLabel: 'Меню кабинета',
  collapseMenu: 'Свернуть меню',
  expandMenu: 'Развернуть меню',
  menuButton: 'Меню',
  contract: 'Договор',
  searchPlaceholder: 'Название или артикул',
  searchSubmit: 'Найти',
  logout: 'Выйти',
  hideNews: 'Скрыть',
} as const

/** The paths of the frame's icons (src/views/ui/icons.tsx): the menu button's and the sidebar toggle's. */
const FRAME_ICONS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  chevronsLeft: 'M11 17l-5-5 5-5M18 17l-5-5 5-5',
  chevronsRight: 'M13 17l5-5-5-5M6 17l5-5-5-5',
} as const

const login = classesOf('login/login-page')
const signedOut = classesOf('layout/signed-out')
const field = classesOf('ui/form-field')
const layout = classesOf('layout/cabinet-layout')
const sidebarCss = classesOf('layout/sidebar')
const drawer = classesOf('layout/sidebar-drawer')
const header = classesOf('layout/header')
const contractCss = classesOf('layout/contract-selector')
const search = classesOf('search/search-box')
const basket = classesOf('layout/basket-summary')
const news = classesOf('layout/top-news-banner')
const button = classesOf('ui/button')

type SidebarMode = 'wide' | 'narrow'

function menuLink(entry: MenuEntry, path: string, mode: SidebarMode): string {
  const active = isActiveEntry(entry, path)
  const title = escaped(entry.title)
  const attributes = `class="${sidebarCss('link')}${active ? ' active' : ''}"${active ? ' aria-current="page"' : ''}${mode === 'narrow' ? ` aria-label="${title}"` : ''} href="${escaped(entry.path)}"`
  const label =
    mode === 'narrow'
      ? `<span class="${sidebarCss('initials')}" aria-hidden="true">${escaped(initialsOf(entry.title))}</span><span class="${sidebarCss('tooltip')}" aria-hidden="true">${title}</span>`
      : title
  return `<a ${attributes}>${label}</a>`
}

function sidebarHtml(initData: InitData, path: string, mode: SidebarMode): string {
  const narrow = mode === 'narrow'
  const nodes = menuTree(MENU, { built: MENU_KEYS, disabled: initData.account.disabledMenus })
  const items = nodes.map(({ entry, children }) => {
    const nested = children.length
      ? `<ul class="${sidebarCss('children')}" aria-label="${escaped(entry.title)}">${children.map((child) => `<li>${menuLink(child, path, mode)}</li>`).join('')}</ul>`
      : ''
    return `<li>${menuLink(entry, path, mode)}${nested}</li>`
  })
  return (
    `<aside class="${narrow ? sidebarCss('sidebar', 'narrow') : sidebarCss('sidebar')}"><div class="${sidebarCss('top')}">` +
    (narrow ? '' : `<span class="${sidebarCss('brand')}">${FRAME_TEXTS.brand}</span>`) +
    `<button type="button" class="${sidebarCss('toggle')}" aria-expanded="${!narrow}" aria-label="${narrow ? FRAME_TEXTS.expandMenu : FRAME_TEXTS.collapseMenu}">` +
    `${icon(narrow ? FRAME_ICONS.chevronsRight : FRAME_ICONS.chevronsLeft, 16)}</button></div>` +
    `<nav aria-label="${FRAME_TEXTS.menuLabel}"><ul class="${sidebarCss('list')}">${items.join('')}</ul></nav></aside>`
  )
}

/** The basket line's link is the router's active one on the basket page (its default, inexact match). */
const isBasketPath = (path: string) => /^\/cart(\/|$)/.test(path.split(/[?#]/)[0] ?? '')

function headerHtml(initData: InitData, path: string): string {
  const { account, contracts, selectedContract } = initData
  const options = contracts.map(
    (contract) =>
      `<option value="${escaped(contract.id)}"${contract.id === selectedContract ? ' selected' : ''}>${escaped(contractTitle(contract))}</option>`,
  )
  const basketLine = closedMenuKeys(account.disabledMenus).has(BASKET_KEY)
    ? ''
    : `<p class="${basket('summary')}" role="status"><a class="${basket('link')}${isBasketPath(path) ? ' active" aria-current="page' : ''}" href="/cart/">${escaped(basketSummaryText(initData.basket))}</a></p>`
  return (
    `<header class="${header('header')}">` +
    `<span class="${drawer('menuButton')}"><button aria-expanded="false" type="button" class="${button('button')}">${icon(FRAME_ICONS.menu, 20)}${FRAME_TEXTS.menuButton}</button></span>` +
    `<span class="${header('company')}" title="${escaped(account.company)}">${escaped(account.company)}</span>` +
    `<div class="${contractCss('field')}"><label class="${contractCss('label')}" for="server-frame-contract">${FRAME_TEXTS.contract}</label>` +
    `<select id="server-frame-contract" class="${contractCss('trigger')}">${options.join('')}</select></div>` +
    `<div class="${search('form')}" aria-hidden="true"><div class="${search('combo')}"><input class="${search('input')}" placeholder="${FRAME_TEXTS.searchPlaceholder}" disabled="" tabindex="-1"></div>` +
    `<button tabindex="-1" type="button" class="${button('button')}" disabled="">${FRAME_TEXTS.searchSubmit}</button></div>` +
    `<span class="${header('spacer')}"></span>${basketLine}` +
    `<span class="${header('user')}"><span class="${header('userName')}" title="${escaped(account.name)}">${escaped(account.name)}</span>` +
    `<button type="button" class="${button('button', 'ghost')}">${FRAME_TEXTS.logout}</button></span></header>`
  )
}

const newsHtml = (topNews: TopNews) =>
  `<section class="${news('banner')}" aria-labelledby="server-frame-news"><div class="${news('body')}">` +
  `<p id="server-frame-news" class="${news('header')}">${escaped(topNews.header)}</p><p class="${news('text')}">${escaped(topNews.text)}</p></div>` +
  `<button aria-describedby="server-frame-news" type="button" class="${button('button')} ${news('hide')}" disabled="">${FRAME_TEXTS.hideNews}</button></section>`

/** The sidebar's width the browser keeps in its cookie (src/app/providers.tsx), wide unless it says narrow. */
export function sidebarModeOf(cookies: RequestCookies): SidebarMode {
  return cookies[SIDEBAR_COOKIE] === 'narrow' ? 'narrow' : 'wide'
}

/**
 * The frame for the start's answers (a signed-in session's init data and inbox) at `path`, with
 * what `drawScreen` draws of the screen in its <main> (or nothing), or undefined when the answers
 * hold no init data (nobody signed in, or the call failed).
 */
export function serverFrameHtml(
  answers: Record<string, unknown>,
  path: string,
  mode: SidebarMode,
  drawScreen?: (initData: InitData) => string | undefined,
): string | undefined {
  const initData = initDataSchema.safeParse(answers[INIT_DATA_ADDRESS])
  if (!initData.success) return undefined
  const topNews = inboxResponseSchema.safeParse(answers[INBOX_ADDRESS]).data?.topNews
  return (
    `<div class="${layout('frame')}" data-sidebar="${mode}"><a class="${layout('skipLink')}" href="#content">${FRAME_TEXTS.skipLink}</a>` +
    sidebarHtml(initData.data, path, mode) +
    `<div class="${layout('column')}">${headerHtml(initData.data, path)}${topNews ? newsHtml(topNews) : ''}` +
    `<main id="content" class="${layout('content')}" tabindex="-1">${drawScreen?.(initData.data) ?? ''}</main></div></div>`
  )
}

const loginField = (label: string, name: string, type: string, autocomplete: string) =>
  `<div class="${field('field')}"><label class="${field('label')}" for="server-login-${name}">${label}</label>` +
  `<input name="${name}" type="${type}" autocomplete="${autocomplete}" id="server-login-${name}" class="${field('input')}"></div>`

/**
 * The login page (src/views/login/login-page.tsx) as a signed-out visitor first sees it: the same
 * for everyone, so a phone paints its heading and form as soon as the page is there. Inert like the
 * frame, until the app's first render replaces it.
 */
export const SERVER_LOGIN_PAGE_HTML =
  `<main class="${login('page')}"><div class="${login('card')}"><h1 class="${login('title')}">Вход в кабинет дилера</h1>` +
  `<form class="${signedOut('form')}" novalidate="" aria-label="Вход в кабинет дилера">` +
  loginField('E-mail', 'email', 'email', 'username') +
  loginField('Пароль', 'password', 'password', 'current-password') +
  `<button type="submit" class="${button('button', 'primary')} ${login('submit')}">Войти</button></form>` +
  `<div class="${login('links')}"><button type="button" class="${signedOut('linkButton')}">Забыли пароль?</button>` +
  `<a href="/registration/form/">Регистрация нового клиента</a></div></div></main>`
