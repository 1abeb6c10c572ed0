import type { ExporterActor } from '../../machines/exporter.machine'
import { WithScreen } from '../layout/with-screen'
import { Button } from '../ui/button'
import { ErrorBlock } from '../ui/error-block'
import { Loading } from '../ui/loading'
import { PageHeading } from '../ui/page-heading'
import { ExporterBrands } from './exporter-brands'
import { EXPORTER_LOADING_LABEL, useExporterApi, type ExporterApi } from './exporter-connect'
import styles from './exporter.module.css'

/** /cabinet/exporter/: the brand selection and the price-list export. */
export function ExporterPage() {
  return (
    <WithScreen name="exporter" label={EXPORTER_LOADING_LABEL}>
      {(exporter) => <ExporterScreen exporter={exporter} />}
    </WithScreen>
  )
}

function ExporterScreen({ exporter }: { exporter: ExporterActor }) {
  const api = useExporterApi(exporter)
  return (
    <section className={styles.page} aria-labelledby="exporter-title">
      <PageHeading>
        <span id="exporter-title">Выгрузка прайс-листа</span>
      </PageHeading>
      <JobPanel api={api} />
      {api.area === 'loading' ? <Loading label={EXPORTER_LOADING_LABEL} /> : null}
      {api.area === 'failed' ? <ErrorBlock {...api.getRetryProps()} /> : null}
      {api.area === 'list' ? <ExporterBrands api={api} /> : null}
    </section>
  )
}

function JobPanel({ api }: { api: ExporterApi }) {
  return (
    <div className={styles.job} aria-labelledby="exporter-job-title">
      <h2 id="exporter-job-title" className={styles.jobTitle}>
        Файл XLSX
      </h2>
      <div className={styles.jobRow}>
        <Button variant="primary" {...api.getStartProps()}>
          {api.isStarting ? 'Запуск…' : 'Сформировать'}
        </Button>
        {api.panel === 'ready' || (api.panel === 'jobFailed' && api.reportDate) ? (
          <a className={styles.download} href={api.fileUrl} download>
            Скачать файл от {api.reportDate}
          </a>
        ) : null}
      </div>
      {api.panel === 'running' ? (
        <div className={styles.progressLine}>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Выгрузка формируется"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={api.percent}
          >
            <div className={styles.progressFill} style={{ width: `${api.percent}%` }} />
          </div>
          <span>Формируется… {api.percent} %</span>
        </div>
      ) : null}
      <div role="status" className={styles.jobStatus}>
        {api.jobMessage ? <p className={api.panel === 'jobFailed' || api.panel === 'pollFailed' ? styles.error : styles.muted}>{api.jobMessage}</p> : null}
      </div>
      {api.startMessage ? (
        <div className={styles.refusal} role="alert">
          <p>{api.startMessage}</p>
          <Button variant="ghost" onPress={api.closeStartMessage}>
            Закрыть
          </Button>
        </div>
      ) : null}
    </div>
  )
}
