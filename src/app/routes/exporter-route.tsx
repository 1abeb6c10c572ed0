import { exporterMachine } from '../../machines/exporter.machine'
import { createExporterActors } from '../../services/exporter'
import type { AppWiring } from '../wiring/app-wiring'

/** The exporter screen's machine, for the screen host. */
export const wireExporter = ({ http }: AppWiring) => exporterMachine.provide({ actors: createExporterActors({ http }) })

/** /cabinet/exporter/ (the router takes the module's default export: a shorter first load) */
export { ExporterPage as default } from '../../views/exporter/exporter-page'
