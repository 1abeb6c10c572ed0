import { consigneeFormMachine } from '../../machines/consignee-form.machine'
import { consigneesMachine } from '../../machines/consignees.machine'
import { createConsigneeFormActors, createConsigneesActors } from '../../services/consignees'
import type { AppWiring } from '../wiring/app-wiring'

/** The consignees screen's machine with its modal (the form and its image upload), for the screen host. */
export const wireConsignees = ({ http }: AppWiring) =>
  consigneesMachine.provide({
    actors: { ...createConsigneesActors({ http }), consigneeForm: consigneeFormMachine.provide({ actors: createConsigneeFormActors({ http }) }) },
  })

/** /cabinet/consignees/ */
export { ConsigneesPage as ConsigneesRoute } from '../../views/consignees/consignees-page'
