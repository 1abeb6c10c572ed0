/** A bench's `--name value` or `--name=value` on its command line (after `npm run bench:x --`), or the fallback. */
export function benchOption(name: string, fallback: string): string {
  const args = process.argv.slice(2)
  const at = args.findIndex((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`))
  if (at < 0) return fallback
  const arg = args[at]!
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (args[at + 1] ?? fallback)
}
