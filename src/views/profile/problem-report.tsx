import type { FormEvent } from 'react'
import { PROBLEM_REPORT_TEXTS } from '../../contract/problem-report'
import type { ProblemReportActor } from '../../machines/problem-report.machine'
import fieldStyles from '../ui/form-field.module.css'
import { useProblemReportApi } from './problem-report-connect'
import { FormActions } from './form-actions'
import styles from './profile-page.module.css'

/** «Сообщить о проблеме»: a comment sent to the supplier with the last 30 minutes of the journal (passwords masked). */
export function ProblemReport({ actor }: { actor: ProblemReportActor }) {
  const api = useProblemReportApi(actor)
  const { onChange, ...commentProps } = api.getCommentProps()
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    api.submit()
  }
  return (
    <section className={styles.section} aria-labelledby="profile-problem">
      <h2 id="profile-problem">{PROBLEM_REPORT_TEXTS.title}</h2>
      <p className={styles.hint}>
        Опишите, что пошло не так. Вместе с описанием поставщику уйдут шаги кабинета в этой вкладке за последние 30 минут (без паролей).
      </p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <div className={fieldStyles.field}>
          <label className={fieldStyles.label} htmlFor="problem-comment">
            Описание проблемы
          </label>
          <textarea
            {...commentProps}
            id="problem-comment"
            className={`${fieldStyles.input} ${styles.comment}`}
            aria-required
            aria-describedby={api.error ? 'problem-comment-counter problem-comment-error' : 'problem-comment-counter'}
            onChange={(event) => onChange(event.target.value)}
          />
          <span id="problem-comment-counter" className={styles.counter}>
            {api.counter}
          </span>
          {api.error ? (
            <span id="problem-comment-error" className={fieldStyles.error} role="alert">
              {api.error}
            </span>
          ) : null}
        </div>
        <FormActions submit={api.getSubmitProps()} label={api.submitLabel} done={api.done} alert={api.alert} />
      </form>
    </section>
  )
}
