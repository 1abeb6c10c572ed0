/** Text for HTML content and attribute values. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A whole page of the atlas: its stylesheet and (on machine pages) Mermaid and the page script. */
export function page(title: string, body: string, options: { scripts?: string[] } = {}): string {
  const scripts = (options.scripts ?? []).map((src) => `<script src="${src}"></script>`).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Workflow atlas</title>
<link rel="stylesheet" href="atlas.css">
</head>
<body>
${body}
${scripts}
</body>
</html>
`
}

/** One CSV field: quoted when it holds a quote, a comma or a line break. */
const csvField = (value: string | number) => {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (fields: Array<string | number>) => `${fields.map(csvField).join(',')}\r\n`
