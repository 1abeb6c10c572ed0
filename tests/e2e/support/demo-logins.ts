import { DEMO_PASSWORD } from '../../../server/db/seed'
import { COMPANIES } from '../../../server/db/seed-customers-data'

export { DEMO_PASSWORD }

const [stroymarket, teplodom] = COMPANIES
if (!stroymarket || !teplodom) throw new Error('the seed names two demo companies')

/** The seeded people the e2e specs log in as. */
export const DEMO = {
  /** ООО «СтройМаркет»'s main account: three contracts */
  dealer: { ...stroymarket.mainAccount, company: stroymarket.company },
  /** ООО «СтройМаркет»'s manager: some menus hidden by the main account */
  manager: { ...stroymarket.manager, company: stroymarket.company },
  /** ООО «ТеплоДом»'s main account */
  otherDealer: { ...teplodom.mainAccount, company: teplodom.company },
  /** ООО «ТеплоДом»'s manager: only the top news spec hides the news for good with it */
  otherManager: { ...teplodom.manager, company: teplodom.company },
} as const
