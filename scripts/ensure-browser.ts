import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { findBrowser, type Browser } from './browser-path'

/**
 * npm run ensure-browser: makes sure a Chromium for the e2e tests is there. Playwright's own
 * download often cannot be fetched, so on Debian as root it installs the distribution's.
 */
const label = (b: Browser) => {
  const version = spawnSync(b.path, ['--version'], { encoding: 'utf8' }).stdout?.trim()
  return `${b.path} (${b.source}${version ? `, ${version}` : ''})`
}

const run = (command: string, args: string[]) => {
  console.log(`$ ${command} ${args.join(' ')}`)
  return spawnSync(command, args, { stdio: 'inherit' }).status === 0
}

let browser = findBrowser()
if (!browser && !process.env.CHROMIUM_PATH) {
  console.log('No Chromium found for the e2e tests: installing one…')
  const debianRoot = process.getuid?.() === 0 && existsSync('/etc/debian_version')
  if (debianRoot) {
    if (run('apt-get', ['update'])) run('apt-get', ['install', '-y', 'chromium'])
  } else {
    run('npx', ['playwright', 'install', 'chromium'])
  }
  browser = findBrowser()
}

if (browser) {
  console.log(`e2e browser: ${label(browser)}`)
} else {
  console.error(
    process.env.CHROMIUM_PATH
      ? `CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist.`
      : 'No Chromium for the e2e tests. Install one (Debian: apt-get install -y chromium; ' +
          'elsewhere: npx playwright install chromium) or point CHROMIUM_PATH at a Chrome or Chromium binary.',
  )
  process.exit(1)
}
