/**
 * The API reference page (/api/docs/): reads /api/openapi.json and lists its operations by tag,
 * each a <details> with its parameters, request body and answers; the search box narrows the list;
 * a GET operation has «Выполнить», which calls it with this browser's session cookie (same origin).
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** An element with its class and text, or its children. */
function element(tag, className, content = []) {
  const node = document.createElement(tag)
  if (className) node.className = className
  if (typeof content === 'string') node.textContent = content
  else node.append(...content)
  return node
}

const schemaBlock = (title, schema) => [element('h4', '', title), element('pre', 'schema', JSON.stringify(schema, null, 2))]

function parametersTable(parameters) {
  const head = element(
    'tr',
    '',
    ['Имя', 'Где', 'Обязателен', 'Схема'].map((text) => element('th', '', text)),
  )
  const rows = parameters.map((parameter) =>
    element('tr', '', [
      element('td', 'path', parameter.name),
      element('td', '', parameter.in),
      element('td', '', parameter.required ? 'да' : 'нет'),
      element('td', 'path', JSON.stringify(parameter.schema)),
    ]),
  )
  return [element('h4', '', 'Параметры'), element('table', '', [head, ...rows])]
}

/** «Выполнить» for a GET operation: an input per parameter, the answer's status and body below. */
function tryIt(path, parameters) {
  const inputs = parameters.map((parameter) => {
    const input = element('input')
    input.name = parameter.name
    input.dataset.in = parameter.in
    input.setAttribute('aria-label', parameter.name)
    input.placeholder = parameter.name
    return input
  })
  const button = element('button', '', 'Выполнить')
  button.type = 'button'
  const status = element('p', 'try-status')
  const answer = element('pre', 'try-answer')
  button.addEventListener('click', async () => {
    let url = path
    const query = new URLSearchParams()
    for (const input of inputs) {
      if (input.dataset.in === 'path') url = url.replace(`{${input.name}}`, encodeURIComponent(input.value))
      else if (input.value !== '') query.set(input.name, input.value)
    }
    const address = query.size > 0 ? `${url}?${query}` : url
    status.textContent = `GET ${address} …`
    const response = await fetch(address, { credentials: 'same-origin', headers: { accept: 'application/json' } })
    const text = await response.text()
    status.textContent = `GET ${address}: ${response.status}`
    try {
      answer.textContent = JSON.stringify(JSON.parse(text), null, 2)
    } catch {
      answer.textContent = text
    }
  })
  return element('div', 'try', [element('h4', '', 'Попробовать'), ...inputs, button, status, answer])
}

function operationBody(path, method, operation) {
  const parts = []
  const parameters = operation.parameters ?? []
  if (parameters.length > 0) parts.push(...parametersTable(parameters))
  for (const [type, media] of Object.entries(operation.requestBody?.content ?? {})) parts.push(...schemaBlock(`Тело запроса (${type})`, media.schema))
  for (const [status, answer] of Object.entries(operation.responses ?? {})) {
    for (const [type, media] of Object.entries(answer.content ?? {})) parts.push(...schemaBlock(`${status}: ${answer.description} (${type})`, media.schema))
  }
  if (method === 'get') parts.push(tryIt(path, parameters))
  return element('div', 'operation-body', parts)
}

function operationView(path, method, operation) {
  const summary = element('summary', '', [
    element('span', `method method-${method}`, method.toUpperCase()),
    ' ',
    element('span', 'path', path),
    ` — ${operation.summary ?? ''}`,
  ])
  const details = element('details', 'operation', [summary])
  details.dataset.search = `${method} ${path} ${operation.summary ?? ''} ${(operation.tags ?? []).join(' ')}`.toLowerCase()
  // the body is built on the first opening: the whole document's schemas at once would be slow to show
  details.addEventListener('toggle', () => {
    if (details.open && details.childElementCount === 1) details.append(operationBody(path, method, operation))
  })
  return details
}

function render(document_) {
  const byTag = new Map((document_.tags ?? []).map((tag) => [tag.name, []]))
  for (const [path, item] of Object.entries(document_.paths)) {
    for (const method of METHODS.filter((name) => item[name])) {
      const tag = item[method].tags?.[0] ?? 'Прочее'
      if (!byTag.has(tag)) byTag.set(tag, [])
      byTag.get(tag).push(operationView(path, method, item[method]))
    }
  }
  return [...byTag].map(([tag, views]) => element('section', 'tag', [element('h2', '', tag), ...views]))
}

function narrow(main, found, text) {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean)
  let shown = 0
  for (const section of main.querySelectorAll('.tag')) {
    let inSection = 0
    for (const details of section.querySelectorAll('.operation')) {
      const matches = words.every((word) => details.dataset.search.includes(word))
      details.hidden = !matches
      if (matches) inSection += 1
    }
    section.hidden = inSection === 0
    shown += inSection
  }
  found.textContent = `Операций: ${shown}`
}

async function start() {
  const main = document.getElementById('operations')
  const found = document.getElementById('found')
  const search = document.getElementById('search')
  const response = await fetch('/api/openapi.json', { headers: { accept: 'application/json' } })
  if (!response.ok) {
    main.textContent = `Документ не загрузился: ${response.status}`
    return
  }
  main.replaceChildren(...render(await response.json()))
  narrow(main, found, search.value)
  search.addEventListener('input', () => narrow(main, found, search.value))
}

void start()
